import { CAPABILITIES } from './capabilities.ts';
import { plansFrom, type PlanCode } from './plans.ts';
import { ALL_ROLES, type RoleName } from './roles.ts';

/** Product name used in page titles: '{title}｜{product name}'. */
export const PRODUCT_NAME = 'Pharmalytics';
/** Base path of the web app (history mode). */
export const WEB_BASE_PATH = '/service/';

export type Layout = 'menuless' | 'main' | 'setting' | 'profile';

export interface RouteDef {
  name: string;
  /** Path below the base path, without a leading slash ('' is the root). */
  path: string;
  /** Further paths that show the same screen ('' is the root). */
  aliases?: readonly string[];
  title?: string;
  layout: Layout;
  /** Reachable without signing in. */
  public?: boolean;
  /** When both are absent the route passes the guard for every signed-in member. */
  plans?: readonly PlanCode[];
  roles?: readonly RoleName[];
  /** Drawn by the shared analysis page (its row of ANALYSIS_PAGES in pages.ts). */
  analysisPage?: true;
}

const FREE = plansFrom('free');
const BASIC = plansFrom('basic');
const ADVANCED = plansFrom('advanced');

const analysis = (name: string, path: string, title: string, plans: readonly PlanCode[]) =>
  ({ name, path, title, layout: 'main', plans, roles: ALL_ROLES }) as const satisfies RouteDef;
/** A route of the shared analysis page (spec 02 §2). */
const analysisPage = (name: string, path: string, title: string, plans: readonly PlanCode[]) =>
  ({ ...analysis(name, path, title, plans), analysisPage: true }) as const satisfies RouteDef;
const setting = (
  name: string,
  path: string,
  title: string,
  roles: readonly RoleName[] = ALL_ROLES,
) => ({ name, path, title, layout: 'setting', plans: FREE, roles }) as const satisfies RouteDef;

/** Every route of both spec documents, with the plan-access lists of spec 01 §6. */
export const ROUTES = [
  { name: 'Login', path: 'login', title: 'ログイン', layout: 'menuless', public: true },
  { name: 'SignUp', path: 'sign-up', title: '利用申込', layout: 'menuless', public: true },
  {
    name: 'CheckEmail',
    path: 'sign-up/check-email',
    title: 'メール送信完了',
    layout: 'menuless',
    public: true,
  },
  {
    name: 'NewAccount',
    path: 'sign-up/new-account',
    title: '新規アカウント登録',
    layout: 'menuless',
    public: true,
  },
  {
    name: 'ForgetPassword',
    path: 'forget-password',
    title: 'パスワードをお忘れの方',
    layout: 'menuless',
    public: true,
  },
  {
    name: 'ResetPassword',
    path: 'reset-password',
    title: 'パスワード再設定',
    layout: 'menuless',
    public: true,
  },
  {
    name: 'Notice',
    path: 'notice',
    title: '利用規約・プライバシーポリシー改定のお知らせ',
    layout: 'menuless',
  },
  {
    name: 'AccountRegister',
    path: 'account/register',
    title: 'アカウント登録',
    layout: 'menuless',
    public: true,
  },

  { name: 'Profile', path: 'profile', title: 'プロフィール', layout: 'profile' },
  { name: 'PersonalSetting', path: 'personal-setting', title: '個人設定', layout: 'profile' },

  setting('Corporation', 'setting/corporation', '法人情報'),
  setting('AccountList', 'setting/account-list', 'アカウント一覧'),
  setting('AccountDetail', 'setting/account-list/:id', 'アカウント詳細'),
  setting('PharmacySetting', 'setting/pharmacy', '店舗一覧'),
  setting('PharmacyDetailSetting', 'setting/pharmacy/:id', '店舗詳細'),
  setting('InitialSetup', 'setting/initial-setup', '初期設定'),
  setting(
    'CorporationServicePlanSelectSetting',
    'setting/corporation-service-plan',
    'プラン変更',
    CAPABILITIES.changePlan.roles,
  ),

  { ...analysis('Dashboard', 'dashboard', 'ダッシュボード', BASIC), aliases: [''] },
  analysisPage('DispensingPharmacy', 'seller/dispensing-pharmacy', '調剤薬局', FREE),
  analysis('StoreScorecard', 'seller/store-scorecard', '店舗別実績一覧', BASIC),
  analysisPage('Timeslot', 'seller/timeslot', '時間帯別処方箋', FREE),
  analysisPage('Pharmacist', 'seller/pharmacist', '薬剤師', ADVANCED),
  analysisPage('DispensingFeeScore', 'sales-category/dispensing-fee-score', '4大構成区分', FREE),
  analysisPage(
    'DispensingTechnicalFee',
    'sales-category/dispensing-technical-fee',
    '調剤技術料',
    ADVANCED,
  ),
  analysisPage(
    'MedicinePreparedFeeAddition',
    'sales-category/medicine-prepared-fee-addition',
    '薬剤調製料関連加算',
    ADVANCED,
  ),
  analysisPage(
    'PharmacyManagementFee',
    'sales-category/pharmacy-management-fee',
    '薬学管理料',
    ADVANCED,
  ),
  analysisPage(
    'PharmacyManagementFeeAddition',
    'sales-category/pharmacy-management-fee-addition',
    '薬学管理料関連加算',
    ADVANCED,
  ),
  analysisPage('MedicineFee', 'sales-category/medicine-fee', '薬剤料', ADVANCED),
  analysisPage(
    'MedicalMaterialFee',
    'sales-category/medical-material-fee',
    '特定保険医療材料料',
    ADVANCED,
  ),
  analysisPage('Clinic', 'inflow/clinic', '医療機関', FREE),
  analysisPage('Doctor', 'inflow/doctor', '医師', ADVANCED),
  analysisPage('ClinicalDepartment', 'inflow/clinical-department', '診療科', ADVANCED),
  analysisPage('Gender', 'patient/gender', '性別', BASIC),
  analysisPage('Age', 'patient/age', '年齢', BASIC),
  analysisPage('ReceptionType', 'patient/reception-type', '受付区分', BASIC),
  analysisPage('ReceptionCount', 'patient/reception-count', '受付回数', BASIC),
  analysisPage('InsuranceType', 'patient/insurance-type', '保険種別', FREE),
  analysis('PatientRetention', 'patient/retention', '患者の継続', ADVANCED),
  analysis('PrescriberChanges', 'inflow/prescriber-changes', '処方元の変化', ADVANCED),
  analysisPage('Address', 'area-analysis/address', '住所', ADVANCED),
  analysis('PatientDistribution', 'area-analysis/patient-distribution', '患者分布状況', ADVANCED),
  analysis('MarketShare', 'area-analysis/market-share', '患者獲得率分布マップ', ADVANCED),
  analysis(
    'FacilityStandards',
    'facility-standards',
    '施設基準',
    CAPABILITIES.seeFacilityStandards.plans,
  ),
  {
    name: 'FacilityStandardsSettings',
    path: 'facility-standards/settings',
    title: '施設基準の設定',
    layout: 'main',
    ...CAPABILITIES.administerFacilityStandards,
  },

  { name: 'NotFound', path: '*', title: 'ページが見つかりません', layout: 'menuless' },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

const byName = new Map<string, RouteDef>(ROUTES.map((r) => [r.name, r]));

export function route(name: RouteName): RouteDef {
  return byName.get(name)!;
}

/** Absolute browser path of a route, e.g. routePath('Dashboard') === '/service/dashboard'. */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  const path = route(name).path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String(params[key] ?? '')),
  );
  return WEB_BASE_PATH + path;
}

export function pageTitle(title: string | undefined): string {
  return title ? `${title}｜${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** The guard rule of spec 01 §4: no configuration passes; otherwise plan and role must both be allowed. */
export function isRouteAllowed(def: RouteDef, plan: PlanCode, role: RoleName): boolean {
  if (!def.plans && !def.roles) return true;
  return (def.plans ?? []).includes(plan) && (def.roles ?? []).includes(role);
}

/** Where a signed-in member lands: dispensing pharmacy on the free plan, otherwise the dashboard. */
export function homeRouteName(plan: PlanCode): RouteName {
  return plan === 'free' ? 'DispensingPharmacy' : 'Dashboard';
}
