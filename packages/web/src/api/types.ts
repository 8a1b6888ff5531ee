/** Types of the settings APIs (spec 01 §3, §7): the wire shapes are the domain contracts'. */

import type { Member as MemberAnswer } from '@pharmalytics/domain';
export type {
  BrowsableStore,
  ClientDevice,
  ClientDeviceUser,
  Store,
  SystemRole,
} from '@pharmalytics/domain';

/** The signed-in member as the app keeps it (in its cookie): the answer without the store tree. */
export type Member = Omit<MemberAnswer, 'cipUserId' | 'status' | 'branches'>;
