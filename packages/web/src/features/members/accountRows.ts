import {
  ACCOUNT_STATUSES,
  VIEWABLE_STORES_TEXT,
  viewableStoresText,
  type AccountStatus,
} from '@pharmalytics/domain';
import type { AccountList } from './adminApi.ts';

export interface AccountListRow {
  key: string;
  id: number;
  status: AccountStatus;
  name: string | null;
  email: string;
  stores: string | null;
  role: string;
  expired: boolean;
}

/** 有効 / 招待中 (spec 01 §3). */
export const STATUS_LABEL = Object.fromEntries(
  ACCOUNT_STATUSES.map((s) => [s.value, s.label]),
) as Record<AccountStatus, string>;

/** Enabled accounts first, then invitations, as table rows. */
export function accountRows(list: AccountList): AccountListRow[] {
  return [
    ...list.members.map((m): AccountListRow => ({
      key: `member-${m.id}`,
      id: m.id,
      status: 'enabled',
      name: m.name,
      email: m.mail,
      // Every role but 一般 browses all stores, as the account detail says too.
      stores:
        m.systemRole.name === 'user'
          ? viewableStoresText(
              m.browsableStores.map((s) => s.name),
              list.totalStoreCount,
              'list',
            )
          : VIEWABLE_STORES_TEXT.all,
      role: m.systemRole.publicName,
      expired: false,
    })),
    ...list.invitingMembers.map((i): AccountListRow => ({
      key: `invitation-${i.id}`,
      id: i.id,
      status: 'invitation',
      name: null,
      email: i.email,
      stores: null,
      role: i.systemRole.publicName,
      expired: i.expired,
    })),
  ];
}
