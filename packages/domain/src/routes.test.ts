import { describe, expect, it } from 'vitest';
import type { PlanCode } from './plans.ts';
import {
  ROUTES,
  homeRouteName,
  isRouteAllowed,
  pageTitle,
  route,
  routePath,
  type RouteDef,
  type RouteName,
} from './routes.ts';

const SPEC_PATHS: Record<string, string> = {
  // spec 01 §2
  SignUp: '/service/sign-up',
  CheckEmail: '/service/sign-up/check-email',
  NewAccount: '/service/sign-up/new-account',
  Login: '/service/login',
  ForgetPassword: '/service/forget-password',
  ResetPassword: '/service/reset-password',
  Notice: '/service/notice',
  AccountRegister: '/service/account/register',
  Profile: '/service/profile',
  PersonalSetting: '/service/personal-setting',
  CorporationServicePlanSelectSetting: '/service/setting/corporation-service-plan',
  PharmacySetting: '/service/setting/pharmacy',
  Corporation: '/service/setting/corporation',
  AccountList: '/service/setting/account-list',
  InitialSetup: '/service/setting/initial-setup',
  // spec 02 §2
  Dashboard: '/service/dashboard',
  DispensingPharmacy: '/service/seller/dispensing-pharmacy',
  Timeslot: '/service/seller/timeslot',
  Pharmacist: '/service/seller/pharmacist',
  DispensingFeeScore: '/service/sales-category/dispensing-fee-score',
  DispensingTechnicalFee: '/service/sales-category/dispensing-technical-fee',
  MedicinePreparedFeeAddition: '/service/sales-category/medicine-prepared-fee-addition',
  PharmacyManagementFee: '/service/sales-category/pharmacy-management-fee',
  PharmacyManagementFeeAddition: '/service/sales-category/pharmacy-management-fee-addition',
  MedicineFee: '/service/sales-category/medicine-fee',
  MedicalMaterialFee: '/service/sales-category/medical-material-fee',
  Clinic: '/service/inflow/clinic',
  Doctor: '/service/inflow/doctor',
  ClinicalDepartment: '/service/inflow/clinical-department',
  Gender: '/service/patient/gender',
  Age: '/service/patient/age',
  ReceptionType: '/service/patient/reception-type',
  ReceptionCount: '/service/patient/reception-count',
  InsuranceType: '/service/patient/insurance-type',
  Address: '/service/area-analysis/address',
  PatientDistribution: '/service/area-analysis/patient-distribution',
  MarketShare: '/service/area-analysis/market-share',
};

const names = ROUTES.map((r) => r.name) as string[];

describe('route table', () => {
  it.each(Object.entries(SPEC_PATHS))('%s is at %s', (name, path) => {
    expect(names).toContain(name);
    expect(routePath(name as RouteName)).toBe(path);
  });

  it('has the detail routes with their id parameter', () => {
    expect(routePath('AccountDetail', { id: 12 })).toBe('/service/setting/account-list/12');
    expect(routePath('PharmacyDetailSetting', { id: 'S-001' })).toBe(
      '/service/setting/pharmacy/S-001',
    );
  });

  it('serves the dashboard at the root too', () => {
    expect(route('Dashboard').aliases).toContain('');
  });

  it('has a catch-all NotFound route', () => {
    expect(route('NotFound').path).toBe('*');
  });

  it('has unique names and paths', () => {
    expect(new Set(names).size).toBe(names.length);
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('makes exactly the sign-in-free screens public', () => {
    const publicNames = ROUTES.filter((r: RouteDef) => r.public).map((r) => r.name);
    expect(publicNames.sort()).toEqual(
      [
        'SignUp',
        'CheckEmail',
        'NewAccount',
        'Login',
        'ForgetPassword',
        'ResetPassword',
        'AccountRegister',
      ].sort(),
    );
  });

  it('titles pages as {title}｜{product name}', () => {
    expect(pageTitle('ログイン')).toBe('ログイン｜Pharmalytics');
    expect(pageTitle(undefined)).toBe('Pharmalytics');
    expect(route('DispensingFeeScore').title).toBe('4大構成区分');
  });
});

// spec 01 §6 plan access, cumulative per plan.
const FREE_ROUTES = [
  'DispensingPharmacy',
  'Timeslot',
  'DispensingFeeScore',
  'Clinic',
  'InsuranceType',
  'Corporation',
  'AccountList',
  'AccountDetail',
  'PharmacySetting',
  'PharmacyDetailSetting',
  'InitialSetup',
];
const BASIC_ROUTES = [
  ...FREE_ROUTES,
  'Dashboard',
  'Gender',
  'Age',
  'ReceptionType',
  'ReceptionCount',
  'FacilityStandards',
  'StoreScorecard',
];
const ADVANCED_ROUTES = [
  ...BASIC_ROUTES,
  'Pharmacist',
  'DispensingTechnicalFee',
  'MedicinePreparedFeeAddition',
  'PharmacyManagementFee',
  'PharmacyManagementFeeAddition',
  'MedicineFee',
  'MedicalMaterialFee',
  'Doctor',
  'ClinicalDepartment',
  'Address',
  'PatientDistribution',
  'MarketShare',
  'PatientRetention',
  'PrescriberChanges',
];
const OPEN_BY_PLAN: Record<PlanCode, string[]> = {
  free: FREE_ROUTES,
  basic: BASIC_ROUTES,
  advanced: ADVANCED_ROUTES,
};

/** Routes of administrators only, on the paid plans. */
const ADMIN_PAID_ROUTES = ['FacilityStandardsSettings'];

const gated = ROUTES.filter((r: RouteDef) => r.plans || r.roles);

describe('isRouteAllowed', () => {
  it.each(['free', 'basic', 'advanced'] as const)(
    'opens exactly the spec list on the %s plan for admin and user',
    (plan) => {
      for (const role of ['admin', 'user'] as const) {
        const open = gated.filter((r) => isRouteAllowed(r, plan, role)).map((r) => r.name);
        const adminOnly = role === 'admin' && plan !== 'free' ? ADMIN_PAID_ROUTES : [];
        expect(open.sort()).toEqual([...OPEN_BY_PLAN[plan], ...adminOnly].sort());
      }
    },
  );

  it('opens the 施設基準 settings to administrators on the paid plans only', () => {
    const settings = route('FacilityStandardsSettings');
    expect(routePath('FacilityStandardsSettings')).toBe('/service/facility-standards/settings');
    expect(isRouteAllowed(settings, 'basic', 'admin')).toBe(true);
    expect(isRouteAllowed(settings, 'advanced', 'system_admin')).toBe(true);
    expect(isRouteAllowed(settings, 'advanced', 'user')).toBe(false);
    expect(isRouteAllowed(settings, 'free', 'admin')).toBe(false);
  });

  it('lets free open DispensingPharmacy but not Dashboard', () => {
    expect(isRouteAllowed(route('DispensingPharmacy'), 'free', 'admin')).toBe(true);
    expect(isRouteAllowed(route('Dashboard'), 'free', 'admin')).toBe(false);
    expect(isRouteAllowed(route('Dashboard'), 'basic', 'admin')).toBe(true);
  });

  it('opens plan change to system_admin only, on every plan', () => {
    const planChange = route('CorporationServicePlanSelectSetting');
    for (const plan of ['free', 'basic', 'advanced'] as const) {
      expect(isRouteAllowed(planChange, plan, 'system_admin')).toBe(true);
      expect(isRouteAllowed(planChange, plan, 'admin')).toBe(false);
      expect(isRouteAllowed(planChange, plan, 'user')).toBe(false);
    }
  });

  it('opens every other gated route to system_admin as to admin', () => {
    for (const plan of ['free', 'basic', 'advanced'] as const) {
      const forAdmin = gated.filter((r) => isRouteAllowed(r, plan, 'admin')).map((r) => r.name);
      const forSystemAdmin = gated
        .filter((r) => isRouteAllowed(r, plan, 'system_admin'))
        .map((r) => r.name);
      expect(forSystemAdmin.sort()).toEqual(
        [...forAdmin, 'CorporationServicePlanSelectSetting'].sort(),
      );
    }
  });

  it('passes routes without plan or role configuration', () => {
    const bare: RouteDef = { name: 'Anything', path: 'anything', layout: 'main' };
    expect(isRouteAllowed(bare, 'free', 'user')).toBe(true);
    for (const name of ['Profile', 'PersonalSetting', 'Login', 'NotFound'] as const) {
      expect(isRouteAllowed(route(name), 'free', 'user')).toBe(true);
    }
  });

  it('requires both the plan and the role of a configured route', () => {
    const def: RouteDef = {
      name: 'X',
      path: 'x',
      layout: 'main',
      plans: ['advanced'],
      roles: ['user'],
    };
    expect(isRouteAllowed(def, 'advanced', 'user')).toBe(true);
    expect(isRouteAllowed(def, 'basic', 'user')).toBe(false);
    expect(isRouteAllowed(def, 'advanced', 'admin')).toBe(false);
  });
});

describe('homeRouteName', () => {
  it('lands on dispensing pharmacy on free and on the dashboard otherwise', () => {
    expect(homeRouteName('free')).toBe('DispensingPharmacy');
    expect(homeRouteName('basic')).toBe('Dashboard');
    expect(homeRouteName('advanced')).toBe('Dashboard');
  });
});
