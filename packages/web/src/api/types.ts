import type { GeocodeLevel, PlanCode, RoleName } from '@pharmalytics/domain';

/** Wire types of the settings APIs (spec 01 §3, §7). */

export interface SystemRole {
  id: number;
  name: RoleName;
  publicName: string;
}

export interface MemberCorporation {
  id: number;
  name: string;
  corporationCode: string;
  plan: { id: number; code: PlanCode; name: string };
}

export interface BrowsableStore {
  storeCode: string;
  name: string;
}

export interface Member {
  id: number;
  publicName: string;
  searchName: string | null;
  email: string;
  systemRole: SystemRole;
  sendReportAllowed: boolean;
  /** yyyy-MM-dd */
  serviceAgreedOn: string | null;
  /** yyyy-MM-dd */
  privacyPolicyAgreedOn: string | null;
  corporation: MemberCorporation;
  browsableStores: BrowsableStore[];
}

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

/** Error body of the identity service. */
export interface IdentityErrorBody {
  error?: { code?: number; message?: string };
}
