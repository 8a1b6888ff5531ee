import type { Capability } from './capabilities.ts';
import type { RouteName } from './routes.ts';

export interface MenuGroup {
  id: string;
  label: string;
  items: readonly { route: RouteName; label: string; indent?: boolean }[];
}

/**
 * Main side menu: Dashboard, then the five accordion groups of spec 01 §2 and the 施設基準 group,
 * all open by default.
 */
export const MAIN_MENU_TOP = { route: 'Dashboard', label: 'ダッシュボード' } as const;

export const MAIN_MENU_GROUPS = [
  {
    id: 'seller',
    label: '店舗分析',
    items: [
      { route: 'StoreScorecard', label: '店舗別実績一覧' },
      { route: 'DispensingPharmacy', label: '調剤薬局' },
      { route: 'Timeslot', label: '時間帯別処方箋', indent: true },
      { route: 'Pharmacist', label: '薬剤師' },
    ],
  },
  {
    id: 'sales-category',
    label: '売上区分分析',
    items: [
      { route: 'DispensingFeeScore', label: '4大構成区分' },
      { route: 'DispensingTechnicalFee', label: '調剤技術料' },
      { route: 'MedicinePreparedFeeAddition', label: '薬剤調製料関連加算' },
      { route: 'PharmacyManagementFee', label: '薬学管理料' },
      { route: 'PharmacyManagementFeeAddition', label: '薬学管理料関連加算' },
      { route: 'MedicineFee', label: '薬剤料' },
      { route: 'MedicalMaterialFee', label: '特定保険医療材料料' },
    ],
  },
  {
    id: 'inflow',
    label: '処方元分析',
    items: [
      { route: 'Clinic', label: '医療機関' },
      { route: 'Doctor', label: '医師' },
      { route: 'ClinicalDepartment', label: '診療科' },
      { route: 'PrescriberChanges', label: '処方元の変化' },
    ],
  },
  {
    id: 'patient',
    label: '患者分析',
    items: [
      { route: 'Gender', label: '性別' },
      { route: 'Age', label: '年齢' },
      { route: 'ReceptionType', label: '受付区分' },
      { route: 'ReceptionCount', label: '受付回数' },
      { route: 'InsuranceType', label: '保険種別' },
      { route: 'PatientRetention', label: '患者の継続' },
    ],
  },
  {
    id: 'area',
    label: 'エリア分析',
    items: [
      { route: 'Address', label: '住所' },
      { route: 'PatientDistribution', label: '患者分布' },
      { route: 'MarketShare', label: '患者獲得率' },
    ],
  },
  {
    id: 'facility-standards',
    label: '施設基準',
    items: [{ route: 'FacilityStandards', label: '区分・加算の判定' }],
  },
] as const satisfies readonly MenuGroup[];

export interface SettingMenuItem {
  route: RouteName;
  label: string;
  /** Detail routes under which this item is shown as active too. */
  activeOn?: readonly RouteName[];
  /** Shown only to members with this capability. */
  capability?: Capability;
}

/** Settings side menu (spec 01 §2). The dashboard entry goes to dispensing pharmacy on free. */
export const SETTING_MENU = [
  { route: 'Corporation', label: '法人情報' },
  { route: 'AccountList', label: 'アカウント一覧', activeOn: ['AccountDetail'] },
  { route: 'PharmacySetting', label: '店舗一覧', activeOn: ['PharmacyDetailSetting'] },
  { route: 'InitialSetup', label: '初期設定' },
  { route: 'CorporationServicePlanSelectSetting', label: 'プラン変更', capability: 'changePlan' },
] as const satisfies readonly SettingMenuItem[];

export const SETTING_MENU_DASHBOARD_LABEL = 'ダッシュボードへ戻る';
