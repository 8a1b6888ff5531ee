// Generated from the migrated schema by `npm run db:types` (src/db/generate-types.ts): do not edit.
// `npm test` fails when this file differs from what the migrations give.
import type { FacilityMeasure, RuleConfidence } from '@pharmalytics/domain';
import type { ColumnType } from 'kysely';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

export type Numeric = ColumnType<number, number | string, number | string>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AnalyticsChanges {
  corporation_id: number;
  data_version: number;
  from_date: string | null;
  id: Generated<number>;
  recorded_at: Generated<Timestamp>;
  store_id: number | null;
  to_date: string | null;
}

export interface AnalyticsDataVersions {
  corporation_id: number;
  version: number;
}

export interface ClientDevices {
  corporation_id: number;
  first_contact_at: Generated<Timestamp>;
  id: Generated<number>;
  last_contact_at: Generated<Timestamp>;
  name: string;
  store_id: number;
}

export interface ClinicalDepartments {
  corporation_id: number;
  id: Generated<number>;
  name: string;
}

export interface Corporations {
  address: string | null;
  applicant_role_title: string | null;
  applicant_tel: string | null;
  billing_person_email: string | null;
  billing_person_name: string | null;
  billing_person_tel: string | null;
  building_name: string | null;
  corporation_code: string;
  created_at: Generated<Timestamp>;
  head_office_prefecture_id: number | null;
  id: Generated<number>;
  name: string;
  plan_id: Generated<number>;
  planned_store_count: number | null;
  questionnaire: number | null;
  status: Generated<'active' | 'suspended'>;
  technical_person_email: string | null;
  technical_person_name: string | null;
  technical_person_tel: string | null;
  updated_at: Generated<Timestamp>;
  zip_code: string | null;
}

export interface DeviceSignInFailures {
  failed_attempts: Generated<number>;
  locked_until: Timestamp | null;
  user_name: string;
}

export interface DeviceUserNames {
  corporation_id: number;
  store_id: number;
  user_name: string;
}

export interface DeviceUsers {
  corporation_id: number;
  created_at: Generated<Timestamp>;
  key_hash: string;
  key_sealed: string;
  store_id: number;
  user_name: string;
}

export interface Doctors {
  corporation_id: number;
  id: Generated<number>;
  institution_id: number;
  name: string;
}

export interface EmailTokens {
  created_at: Generated<Timestamp>;
  email: string;
  expires_at: Timestamp;
  purpose: 'sign_up' | 'password_reset';
  token_hash: string;
  used_at: Timestamp | null;
}

export interface FacilityAchievementFees {
  measure: FacilityMeasure;
  name_pattern: string;
  revision_code: string;
  source_key: string;
}

export interface FacilityAlertDismissals {
  alert_key: string;
  corporation_id: number;
  dismissed_at: Generated<Timestamp>;
  member_id: number;
  store_id: number;
}

export interface FacilityAlertSettings {
  corporation_id: number;
  rate_margin: Numeric;
  receptions_margin: number;
  updated_at: Generated<Timestamp>;
}

export interface FacilityDeemedEffects {
  measure: FacilityMeasure | null;
  outcome: boolean;
  revision_code: string;
  rule_code: string;
  status_code: string;
}

export interface FacilityMaster {
  address: string;
  beds: number | null;
  capacity: number | null;
  first_seen_on: Generated<string>;
  homecare_patients: number | null;
  id: Generated<number>;
  last_seen_on: Generated<string>;
  latitude: number;
  longitude: number;
  name: string;
  outpatients: number | null;
  prescription_patients: number | null;
  source: string;
  source_id: string;
  total_users: number | null;
  type: 'clinic' | 'care' | 'pharmacy';
  updated_at: Generated<Timestamp>;
}

export interface FacilityStandardConditions {
  basis: '告示' | '二次' | '推定' | '未確認';
  clause: number;
  comparator: 'gt' | 'gte' | 'lt' | 'lte' | 'is_true' | 'is_false';
  confidence: ColumnType<RuleConfidence, never, never>;
  measure: FacilityMeasure;
  note: string | null;
  position: number;
  revision_code: string;
  rule_code: string;
  source_key: string;
  threshold: Numeric | null;
}

export interface FacilityStandardRules {
  basis: '告示' | '二次' | '推定' | '未確認';
  code: string;
  confidence: ColumnType<RuleConfidence, never, never>;
  is_default: Generated<boolean>;
  name: string;
  note: string | null;
  points: number | null;
  priority: number;
  revision_code: string;
  rule_set:
    'basic_fee' | 'generic_tier' | 'generic_reduction' | 'location_reduction' | 'deemed_status';
  source_key: string;
  valid_until: string | null;
}

export interface FacilityStandardSources {
  citation: string;
  key: string;
  revision_code: string;
}

export interface FeeItems {
  category: string;
  code: string;
  corporation_id: number;
  id: Generated<number>;
  name: string;
}

export interface FeeRevisions {
  code: string;
  effective_from: string;
  effective_to: string | null;
  name: string;
  source: string;
}

export interface GroupOutsideStores {
  corporation_id: number;
  effective_month: string;
  receptions_per_month: number;
  store_count: number;
}

export interface IdentityUsers {
  created_at: Generated<Timestamp>;
  disabled: Generated<boolean>;
  email: string;
  local_id: Generated<string>;
  password_changed_at: Generated<Timestamp>;
  password_hash: string;
  token_generation: Generated<number>;
  tokens_revoked_at: Generated<Timestamp>;
}

export interface Invitations {
  accepted_at: Timestamp | null;
  corporation_id: number;
  created_at: Generated<Timestamp>;
  email: string;
  expires_at: Timestamp;
  id: Generated<number>;
  invited_by: number | null;
  role_id: number;
  token_hash: string;
}

export interface InvitationTokens {
  corporation_id: number;
  token_hash: string;
}

export interface MarketShareAgeStructure {
  age_from: number;
  age_to: number | null;
  model_version: string;
  population_thousands: number;
}

export interface MarketShareModels {
  annual_prescriptions: number;
  effective_from: string;
  heterogeneity: Numeric;
  outpatient_rate_per_100k: Numeric;
  sources: string;
  survey_day_outpatients: number;
  version: string;
}

export interface MarketShareTreatmentRates {
  age_from: number;
  age_to: number | null;
  model_version: string;
  outpatient_rate_per_100k: Numeric;
}

export interface MedicalInstitutions {
  code: string;
  corporation_id: number;
  id: Generated<number>;
  name: string;
}

export interface MedicineMaster {
  code: string;
  generic_class: number | null;
  is_generic: Generated<boolean>;
  name: string;
  price: Numeric;
  unit: string;
  valid_from: string | null;
  valid_to: string | null;
  yj_code: string | null;
}

export interface MemberBrowsableStores {
  corporation_id: number;
  member_id: number;
  store_id: number;
}

export interface Members {
  corporation_id: number;
  created_at: Generated<Timestamp>;
  email: string;
  id: Generated<number>;
  identity_user_id: string;
  privacy_policy_agreed_on: string | null;
  public_name: string;
  role_id: number;
  search_name: string | null;
  send_report_allowed: Generated<boolean>;
  terms_agreed_on: string | null;
  updated_at: Generated<Timestamp>;
}

export interface MeshPopulation {
  age0to14: number;
  age15to64: number;
  age65plus: number;
  age75plus: number;
  age85plus: number;
  age95plus: number;
  female: number;
  male: number;
  merged_into: string | null;
  mesh_code: string;
  secrecy: number;
  total: number;
}

export interface Patients {
  birth_month: string | null;
  city: string | null;
  corporation_id: number;
  gender: number | null;
  id: Generated<number>;
  latitude: number | null;
  longitude: number | null;
  mesh_code: string | null;
  patient_key: string;
  prefecture: string | null;
  town: string | null;
  zip_code: string | null;
}

export interface Pharmacists {
  corporation_id: number;
  id: Generated<number>;
  name: string | null;
  pharmacist_key: string;
}

export interface Prefectures {
  area_name: string;
  area_order: number;
  id: number;
  name: string;
}

export interface PrescriberNoticeDismissals {
  corporation_id: number;
  dismissed_at: Generated<Timestamp>;
  member_id: number;
  notice_key: string;
  store_id: number;
}

export interface PrescriptionFeeLines {
  corporation_id: number;
  count: number;
  fee_item_id: number;
  line_no: number;
  points: Numeric;
  prescription_id: number;
}

export interface PrescriptionFees {
  category: string | null;
  code: string | null;
  corporation_id: number | null;
  count: number | null;
  line_no: number | null;
  name: string | null;
  points: Numeric | null;
  prescription_id: number | null;
}

export interface PrescriptionMaterials {
  amount_yen: number;
  code: string;
  corporation_id: number;
  count: number;
  line_no: number;
  name: string;
  points: Numeric;
  prescription_id: number;
  quantity: Numeric | null;
  unit: string | null;
}

export interface PrescriptionMedicines {
  amount_yen: number;
  code: string;
  corporation_id: number;
  count: number;
  days: number | null;
  generic_class: number | null;
  line_no: number;
  name: string;
  points: Numeric;
  prescription_id: number;
  quantity: Numeric | null;
  unit: string | null;
  yj_code: string | null;
}

export interface Prescriptions {
  corporation_id: number;
  department_id: number | null;
  dispensing_date: string;
  doctor_id: number | null;
  id: Generated<number>;
  institution_id: number;
  insurance_type: string;
  management_points: Numeric;
  material_points: Numeric;
  material_yen: number;
  medicine_notebook: boolean | null;
  medicine_points: Numeric;
  medicine_yen: number;
  patient_id: number;
  pharmacist_id: number | null;
  prescription_no: number;
  reception_id: string;
  reception_time: string | null;
  reception_type: '外来' | '在宅';
  sales_yen: number;
  store_id: number;
  technical_points: Numeric;
  upload_id: number | null;
  visit_type: '新規' | '再来' | null;
}

export interface ReportRuns {
  finished_at: Timestamp | null;
  month: string;
  sent: number | null;
  started_at: Generated<Timestamp>;
}

export interface SameBuildingGroups {
  corporation_id: number;
  id: Generated<number>;
  kind: Generated<'building' | 'mall'>;
  name: string;
}

export interface SameBuildingInstitutions {
  corporation_id: number;
  group_id: number;
  institution_code: string;
}

export interface Sessions {
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  id_hash: string;
  member_id: number;
  user_agent: string | null;
}

export interface SharedInsuranceCodes {
  corporation_code: string | null;
  corporation_id: number | null;
  corporation_name: string | null;
  created_at: Timestamp | null;
  insurance_institution_code: string | null;
  store_code: string | null;
  store_id: number | null;
  store_name: string | null;
}

export interface SignInFailures {
  email: string;
  failed_attempts: Generated<number>;
  locked_until: Timestamp | null;
}

export interface StoreCodes {
  corporation_id: number;
  store_code: string;
}

export interface StoreFacilityFacts {
  basic_fee_notified: Generated<boolean>;
  corporation_id: number;
  designated_on: string | null;
  low_resource_area: Generated<boolean>;
  medicine_supply_record: boolean | null;
  online_clinic_on_site: Generated<boolean>;
  price_negotiation: boolean | null;
  real_estate_lease: Generated<boolean>;
  regional_support_system: boolean | null;
  same_site_as_institution: Generated<boolean>;
  special_relationship: Generated<boolean>;
  store_id: number;
  updated_at: Generated<Timestamp>;
  urban_area: boolean | null;
}

export interface Stores {
  block: string | null;
  building_name: string | null;
  city: string | null;
  contract_status: Generated<'active' | 'inactive'>;
  corporation_id: number;
  created_at: Generated<Timestamp>;
  geocode_level: string | null;
  id: Generated<number>;
  insurance_institution_code: string | null;
  latitude: number | null;
  longitude: number | null;
  management_pharmacist_name: string | null;
  name: string;
  prefecture_id: number;
  store_code: string;
  tel: string | null;
  updated_at: Generated<Timestamp>;
  zip_code: string | null;
}

export interface UploadLoads {
  content_hash: string;
  corporation_id: number;
  file_name: string;
  id: Generated<number>;
  size_bytes: number;
  started_at: Generated<Timestamp>;
  store_id: number;
}

export interface UploadRejects {
  corporation_id: number;
  line_no: number;
  raw: string;
  reason: string;
  upload_id: number;
}

export interface Uploads {
  content_hash: string;
  corporation_id: number;
  file_name: string;
  format: string | null;
  id: Generated<number>;
  loaded_at: Timestamp | null;
  message: string | null;
  prescriptions_loaded: Generated<number>;
  received_at: Generated<Timestamp>;
  rows_refused: Generated<number>;
  size_bytes: number;
  status: 'received' | 'loaded' | 'duplicate' | 'failed';
  store_id: number;
}

export interface UsedIdTokens {
  expires_at: Timestamp;
  token_id: string;
}

export interface DB {
  analytics_changes: AnalyticsChanges;
  analytics_data_versions: AnalyticsDataVersions;
  client_devices: ClientDevices;
  clinical_departments: ClinicalDepartments;
  corporations: Corporations;
  device_sign_in_failures: DeviceSignInFailures;
  device_user_names: DeviceUserNames;
  device_users: DeviceUsers;
  doctors: Doctors;
  email_tokens: EmailTokens;
  facility_achievement_fees: FacilityAchievementFees;
  facility_alert_dismissals: FacilityAlertDismissals;
  facility_alert_settings: FacilityAlertSettings;
  facility_deemed_effects: FacilityDeemedEffects;
  facility_master: FacilityMaster;
  facility_standard_conditions: FacilityStandardConditions;
  facility_standard_rules: FacilityStandardRules;
  facility_standard_sources: FacilityStandardSources;
  fee_items: FeeItems;
  fee_revisions: FeeRevisions;
  group_outside_stores: GroupOutsideStores;
  identity_users: IdentityUsers;
  invitation_tokens: InvitationTokens;
  invitations: Invitations;
  market_share_age_structure: MarketShareAgeStructure;
  market_share_models: MarketShareModels;
  market_share_treatment_rates: MarketShareTreatmentRates;
  medical_institutions: MedicalInstitutions;
  medicine_master: MedicineMaster;
  member_browsable_stores: MemberBrowsableStores;
  members: Members;
  mesh_population: MeshPopulation;
  patients: Patients;
  pharmacists: Pharmacists;
  prefectures: Prefectures;
  prescriber_notice_dismissals: PrescriberNoticeDismissals;
  prescription_fee_lines: PrescriptionFeeLines;
  prescription_fees: PrescriptionFees;
  prescription_materials: PrescriptionMaterials;
  prescription_medicines: PrescriptionMedicines;
  prescriptions: Prescriptions;
  report_runs: ReportRuns;
  same_building_groups: SameBuildingGroups;
  same_building_institutions: SameBuildingInstitutions;
  sessions: Sessions;
  shared_insurance_codes: SharedInsuranceCodes;
  sign_in_failures: SignInFailures;
  store_codes: StoreCodes;
  store_facility_facts: StoreFacilityFacts;
  stores: Stores;
  upload_loads: UploadLoads;
  upload_rejects: UploadRejects;
  uploads: Uploads;
  used_id_tokens: UsedIdTokens;
}
