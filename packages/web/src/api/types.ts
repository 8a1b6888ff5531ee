import type { GeocodeLevel } from '@pharmalytics/domain';

/** Wire types of the settings APIs (spec 01 §3, §7). */

import type { Member as MemberAnswer } from '@pharmalytics/domain';
export type { BrowsableStore, SystemRole } from '@pharmalytics/domain';

/** The signed-in member as the app keeps it (in its cookie): the answer without the store tree. */
export type Member = Omit<MemberAnswer, 'cipUserId' | 'status' | 'branches'>;

export interface Store {
  id: number;
  storeCode: string;
  name: string;
  prefecture: { id: number; name: string; areaName: string };
  zipCode: string | null;
  city: string | null;
  block: string | null;
  buildingName: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  insuranceInstitutionCode: string | null;
  managementPharmacistName: string | null;
  tel: string | null;
  contractStatus: 'active' | 'inactive';
  connected: boolean;
  /** How the coordinates were found: the form's pin, or geocoded from the address. */
  geocodeLevel: GeocodeLevel;
  /** The uploader's credentials; null for role user. */
  clientDeviceUser: ClientDeviceUser | null;
}

export interface ClientDeviceUser {
  deviceId: number;
  name: string;
  plainTextPassword: string;
}

export interface ClientDevice {
  deviceId: string;
  name: string;
  storeCode: string;
  lastContactAt: string | null;
}

/** Error body of /v2 and /v3. */
export interface ApiErrorBody {
  statusCode?: number;
  message?: string;
  type?: string;
}
