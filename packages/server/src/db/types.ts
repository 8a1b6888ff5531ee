import type {
  BuildingKind,
  ConditionComparator,
  FacilityMeasure,
  FacilityRuleSet,
  RuleBasis,
  RuleConfidence,
} from '@pharmalytics/domain';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateString = ColumnType<string, string, string>;

export interface PrefecturesTable {
  id: number;
  name: string;
  area_name: string;
  area_order: number;
}

export interface CorporationsTable {
  id: Generated<number>;
  corporation_code: string;
  name: string;
  plan_id: ColumnType<number, number | undefined, number>;
  status: ColumnType<'active' | 'suspended', 'active' | 'suspended' | undefined>;
  zip_code: string | null;
  address: string | null;
  building_name: string | null;
  head_office_prefecture_id: number | null;
  technical_person_name: string | null;
  technical_person_tel: string | null;
  technical_person_email: string | null;
  billing_person_name: string | null;
  billing_person_tel: string | null;
  billing_person_email: string | null;
  applicant_tel: string | null;
  applicant_role_title: string | null;
  planned_store_count: number | null;
  questionnaire: number | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface IdentityUsersTable {
  local_id: Generated<string>;
  email: string;
  password_hash: string;
  disabled: ColumnType<boolean, boolean | undefined>;
  password_changed_at: Timestamp;
  token_generation: ColumnType<number, number | undefined>;
  tokens_revoked_at: Timestamp;
  created_at: Generated<Date>;
}

export interface SignInFailuresTable {
  email: string;
  failed_attempts: ColumnType<number, number | undefined>;
  locked_until: ColumnType<Date | null, Date | null | undefined>;
}

export interface DeviceSignInFailuresTable {
  user_name: string;
  failed_attempts: ColumnType<number, number | undefined>;
  locked_until: ColumnType<Date | null, Date | null | undefined>;
}

export interface UsedIdTokensTable {
  token_id: string;
  expires_at: Date;
}

export interface MembersTable {
  id: Generated<number>;
  corporation_id: number;
  identity_user_id: string;
  email: string;
  public_name: string;
  search_name: string | null;
  role_id: number;
  send_report_allowed: ColumnType<boolean, boolean | undefined>;
  terms_agreed_on: DateString | null;
  privacy_policy_agreed_on: DateString | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  member_id: number;
  created_at: Generated<Date>;
  expires_at: Date;
  user_agent: string | null;
}

export interface StoresTable {
  corporation_id: number;
  id: Generated<number>;
  store_code: string;
  name: string;
  prefecture_id: number;
  zip_code: string | null;
  city: string | null;
  block: string | null;
  building_name: string | null;
  latitude: number | null;
  longitude: number | null;
  insurance_institution_code: string | null;
  management_pharmacist_name: string | null;
  tel: string | null;
  contract_status: ColumnType<'active' | 'inactive', 'active' | 'inactive' | undefined>;
  geocode_level: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** The view of active stores whose insurance code active stores of other corporations hold. */
export interface SharedInsuranceCodesView {
  insurance_institution_code: string;
  corporation_id: number;
  corporation_code: string;
  corporation_name: string;
  store_id: number;
  store_code: string;
  store_name: string;
  created_at: Date;
}

export interface DeviceUsersTable {
  corporation_id: number;
  store_id: number;
  user_name: string;
  key_hash: string;
  key_sealed: string;
  created_at: Generated<Date>;
}

export interface MemberBrowsableStoresTable {
  corporation_id: number;
  member_id: number;
  store_id: number;
}

export interface ClientDevicesTable {
  corporation_id: number;
  id: Generated<number>;
  store_id: number;
  name: string;
  first_contact_at: Timestamp;
  last_contact_at: Timestamp;
}

export interface EmailTokensTable {
  token_hash: string;
  purpose: 'sign_up' | 'password_reset';
  email: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface InvitationsTable {
  corporation_id: number;
  id: Generated<number>;
  email: string;
  role_id: number;
  token_hash: string;
  invited_by: number | null;
  expires_at: Date;
  accepted_at: Date | null;
  created_at: Generated<Date>;
}

export interface UploadsTable {
  corporation_id: number;
  id: Generated<number>;
  store_id: number;
  file_name: string;
  content_hash: string;
  size_bytes: number;
  format: string | null;
  status: 'received' | 'loaded' | 'duplicate' | 'failed';
  prescriptions_loaded: ColumnType<number, number | undefined>;
  rows_refused: ColumnType<number, number | undefined>;
  message: string | null;
  received_at: Generated<Date>;
  loaded_at: Date | null;
}

export interface UploadLoadsTable {
  corporation_id: number;
  id: Generated<number>;
  store_id: number;
  file_name: string;
  content_hash: string;
  size_bytes: number;
  started_at: Generated<Date>;
}

export interface UploadRejectsTable {
  corporation_id: number;
  upload_id: number;
  line_no: number;
  reason: string;
  raw: string;
}

export interface PatientsTable {
  corporation_id: number;
  id: Generated<number>;
  patient_key: string;
  gender: number | null;
  birth_month: DateString | null;
  zip_code: string | null;
  city: string | null;
  town: string | null;
  latitude: number | null;
  longitude: number | null;
  mesh_code: string | null;
  prefecture: string | null;
}

export interface MedicalInstitutionsTable {
  corporation_id: number;
  id: Generated<number>;
  code: string;
  name: string;
}

export interface DoctorsTable {
  corporation_id: number;
  id: Generated<number>;
  institution_id: number;
  name: string;
}

export interface ClinicalDepartmentsTable {
  corporation_id: number;
  id: Generated<number>;
  name: string;
}

export interface PharmacistsTable {
  corporation_id: number;
  id: Generated<number>;
  pharmacist_key: string;
  name: string | null;
}

export interface PrescriptionsTable {
  corporation_id: number;
  store_id: number;
  id: Generated<number>;
  dispensing_date: DateString;
  reception_time: string | null;
  reception_id: string;
  prescription_no: number;
  patient_id: number;
  institution_id: number;
  doctor_id: number | null;
  department_id: number | null;
  pharmacist_id: number | null;
  insurance_type: string;
  reception_type: '外来' | '在宅';
  visit_type: '新規' | '再来' | null;
  medicine_notebook: boolean | null;
  technical_points: number;
  management_points: number;
  medicine_points: number;
  material_points: number;
  sales_yen: number;
  medicine_yen: number;
  material_yen: number;
  upload_id: number | null;
}

export interface PrescriptionFeesTable {
  corporation_id: number;
  prescription_id: number;
  line_no: number;
  code: string;
  name: string;
  category: string;
  points: number;
  count: number;
}

export interface PrescriptionItemsTable {
  corporation_id: number;
  prescription_id: number;
  line_no: number;
  code: string;
  name: string;
  points: number;
  count: number;
  quantity: number | null;
  unit: string | null;
  amount_yen: number;
}

export interface MedicineMasterTable {
  code: string;
  yj_code: string | null;
  name: string;
  unit: string;
  price: number;
  is_generic: ColumnType<boolean, boolean | undefined>;
  generic_class: number | null;
  valid_from: DateString | null;
  valid_to: DateString | null;
}

export interface MeshPopulationTable {
  mesh_code: string;
  total: number;
  male: number;
  female: number;
  age0to14: number;
  age15to64: number;
  age65plus: number;
  age75plus: number;
  age85plus: number;
  age95plus: number;
  secrecy: number;
  merged_into: string | null;
}

export interface MarketShareModelsTable {
  version: string;
  effective_from: DateString;
  outpatient_rate_per_100k: number;
  annual_prescriptions: number;
  survey_day_outpatients: number;
  heterogeneity: number;
  sources: string;
}

export interface MarketShareAgeStructureTable {
  model_version: string;
  age_from: number;
  age_to: number | null;
  population_thousands: number;
}

export interface MarketShareTreatmentRatesTable {
  model_version: string;
  age_from: number;
  age_to: number | null;
  outpatient_rate_per_100k: number;
}

export interface FacilityMasterTable {
  id: Generated<number>;
  type: 'clinic' | 'care' | 'pharmacy';
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  prescription_patients: number | null;
  outpatients: number | null;
  homecare_patients: number | null;
  capacity: number | null;
  total_users: number | null;
  /** Hospitals (and clinics with beds): 病床数, the total of every kind; null when unknown. */
  beds: number | null;
  /** 'demo', or 'import:' and the open-data layout. */
  source: string;
  /** The facility's id within its source. */
  source_id: string;
  updated_at: Generated<Date>;
}

export interface FeeRevisionsTable {
  code: string;
  name: string;
  effective_from: DateString;
  /** Last day in force (inclusive); null while open-ended. */
  effective_to: DateString | null;
  source: string;
}

export interface FacilityStandardSourcesTable {
  revision_code: string;
  key: string;
  citation: string;
}

/** Computed from basis by the database. */
type Confidence = ColumnType<RuleConfidence, never, never>;

export interface FacilityStandardRulesTable {
  revision_code: string;
  code: string;
  rule_set: FacilityRuleSet;
  name: string;
  points: number | null;
  priority: number;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  basis: RuleBasis;
  confidence: Confidence;
  source_key: string;
  note: string | null;
  valid_until: string | null;
}

export interface FacilityDeemedEffectsTable {
  revision_code: string;
  status_code: string;
  rule_code: string;
  measure: FacilityMeasure | null;
  outcome: boolean;
}

export interface FacilityAchievementFeesTable {
  revision_code: string;
  measure: FacilityMeasure;
  name_pattern: string;
  source_key: string;
}

export interface FacilityStandardConditionsTable {
  revision_code: string;
  rule_code: string;
  clause: number;
  position: number;
  measure: FacilityMeasure;
  comparator: ConditionComparator;
  threshold: number | null;
  basis: RuleBasis;
  confidence: Confidence;
  source_key: string;
  note: string | null;
}

export interface SameBuildingGroupsTable {
  corporation_id: number;
  id: Generated<number>;
  name: string;
  kind: ColumnType<BuildingKind, BuildingKind | undefined, BuildingKind>;
}

export interface SameBuildingInstitutionsTable {
  corporation_id: number;
  group_id: number;
  institution_code: string;
}

export interface GroupOutsideStoresTable {
  corporation_id: number;
  /** First day of the month the figure applies from. */
  effective_month: DateString;
  receptions_per_month: number;
  store_count: number;
}

export interface StoreFacilityFactsTable {
  corporation_id: number;
  store_id: number;
  basic_fee_notified: Generated<boolean>;
  special_relationship: Generated<boolean>;
  real_estate_lease: Generated<boolean>;
  low_resource_area: Generated<boolean>;
  urban_area: boolean | null;
  same_site_as_institution: Generated<boolean>;
  online_clinic_on_site: Generated<boolean>;
  medicine_supply_record: boolean | null;
  price_negotiation: boolean | null;
  regional_support_system: boolean | null;
  designated_on: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export interface FacilityAlertSettingsTable {
  corporation_id: number;
  receptions_margin: number;
  rate_margin: number;
  updated_at: Timestamp;
}

export interface FacilityAlertDismissalsTable {
  corporation_id: number;
  member_id: number;
  store_id: number;
  alert_key: string;
  dismissed_at: Timestamp;
}

export interface PrescriptionMedicinesTable extends PrescriptionItemsTable {
  yj_code: string | null;
  generic_class: number | null;
}

export interface DB {
  prefectures: PrefecturesTable;
  corporations: CorporationsTable;
  identity_users: IdentityUsersTable;
  sign_in_failures: SignInFailuresTable;
  device_sign_in_failures: DeviceSignInFailuresTable;
  used_id_tokens: UsedIdTokensTable;
  members: MembersTable;
  sessions: SessionsTable;
  stores: StoresTable;
  member_browsable_stores: MemberBrowsableStoresTable;
  client_devices: ClientDevicesTable;
  email_tokens: EmailTokensTable;
  invitations: InvitationsTable;
  device_users: DeviceUsersTable;
  shared_insurance_codes: SharedInsuranceCodesView;
  uploads: UploadsTable;
  upload_loads: UploadLoadsTable;
  upload_rejects: UploadRejectsTable;
  patients: PatientsTable;
  medical_institutions: MedicalInstitutionsTable;
  doctors: DoctorsTable;
  clinical_departments: ClinicalDepartmentsTable;
  pharmacists: PharmacistsTable;
  prescriptions: PrescriptionsTable;
  prescription_fees: PrescriptionFeesTable;
  prescription_medicines: PrescriptionMedicinesTable;
  prescription_materials: PrescriptionItemsTable;
  medicine_master: MedicineMasterTable;
  mesh_population: MeshPopulationTable;
  market_share_models: MarketShareModelsTable;
  market_share_age_structure: MarketShareAgeStructureTable;
  market_share_treatment_rates: MarketShareTreatmentRatesTable;
  facility_master: FacilityMasterTable;
  fee_revisions: FeeRevisionsTable;
  facility_standard_sources: FacilityStandardSourcesTable;
  facility_standard_rules: FacilityStandardRulesTable;
  facility_standard_conditions: FacilityStandardConditionsTable;
  facility_deemed_effects: FacilityDeemedEffectsTable;
  facility_achievement_fees: FacilityAchievementFeesTable;
  same_building_groups: SameBuildingGroupsTable;
  same_building_institutions: SameBuildingInstitutionsTable;
  group_outside_stores: GroupOutsideStoresTable;
  store_facility_facts: StoreFacilityFactsTable;
  facility_alert_settings: FacilityAlertSettingsTable;
  facility_alert_dismissals: FacilityAlertDismissalsTable;
}
