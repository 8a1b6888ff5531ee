import { describe, expect, it } from 'vitest';
import { can, CAPABILITIES, type Capability } from './capabilities.ts';
import { PLAN_CODES, type PlanCode } from './plans.ts';
import { ROLE_NAMES, type RoleName } from './roles.ts';
import { isRouteAllowed, route } from './routes.ts';

const everyone = PLAN_CODES.flatMap((plan) => ROLE_NAMES.map((role) => ({ plan, role })));
const holders = (capability: Capability) =>
  everyone.filter((who) => can(who, capability)).map((who) => `${who.plan}/${who.role}`);
const of = (plans: readonly PlanCode[], roles: readonly RoleName[]) =>
  plans.flatMap((plan) => roles.map((role) => `${plan}/${role}`));

const ALL_PLANS = PLAN_CODES;
const PAID = ['basic', 'advanced'] as const;
const ADMINS = ['admin', 'system_admin'] as const;

describe('can', () => {
  it('grants each capability to the plans and roles the service has always let in', () => {
    const expected: Record<Capability, string[]> = {
      browseAllStores: of(ALL_PLANS, ADMINS),
      administer: of(ALL_PLANS, ADMINS),
      seeFacilityStandards: of(PAID, ROLE_NAMES),
      administerFacilityStandards: of(PAID, ADMINS),
      followPrescriberChanges: of(['advanced'], ADMINS),
      receiveDashboardReport: of(PAID, ROLE_NAMES),
      sendDashboardReport: of(PAID, ['system_admin']),
      exportTables: of(PAID, ROLE_NAMES),
      exportPdfReport: of(PAID, ROLE_NAMES),
      changePlan: of(ALL_PLANS, ['system_admin']),
      switchCorporation: of(ALL_PLANS, ['system_admin']),
      enterSuspendedCorporation: of(ALL_PLANS, ['system_admin']),
    };
    for (const capability of Object.keys(CAPABILITIES) as Capability[]) {
      expect(holders(capability).sort(), capability).toEqual(expected[capability].sort());
    }
  });

  it('is the rule of the screens the route table gates by it', () => {
    const screens = [
      ['FacilityStandards', 'seeFacilityStandards'],
      ['FacilityStandardsSettings', 'administerFacilityStandards'],
      ['CorporationServicePlanSelectSetting', 'changePlan'],
    ] as const;
    for (const [screen, capability] of screens) {
      for (const who of everyone) {
        expect(
          isRouteAllowed(route(screen), who.plan, who.role),
          `${screen} ${who.plan}/${who.role}`,
        ).toBe(can(who, capability));
      }
    }
  });

  it('lets follow the prescriber changes whoever administers and may open 処方元の変化', () => {
    for (const who of everyone) {
      expect(can(who, 'followPrescriberChanges'), `${who.plan}/${who.role}`).toBe(
        can(who, 'administer') && isRouteAllowed(route('PrescriberChanges'), who.plan, who.role),
      );
    }
  });
});
