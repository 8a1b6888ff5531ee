import { AGREEMENT_CUTOFFS, route, type PlanCode, type RoleName } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { guardRoute, type GuardMember } from './guard.ts';

function member(plan: PlanCode, role: RoleName = 'admin', agreed = true): GuardMember {
  return {
    serviceAgreedOn: agreed ? AGREEMENT_CUTOFFS.terms : '2020-01-01',
    privacyPolicyAgreedOn: AGREEMENT_CUTOFFS.privacyPolicy,
    systemRole: { id: 1, name: role, publicName: role },
    corporation: {
      id: 1,
      name: 'c',
      corporationCode: '100001',
      plan: { id: 1, code: plan, name: plan },
    },
  };
}

describe('guardRoute', () => {
  it('sends an anonymous visitor of a non-public route to login', () => {
    expect(guardRoute(route('Dashboard'), null)).toEqual({ kind: 'redirect', to: 'Login' });
    expect(guardRoute(route('Notice'), null)).toEqual({ kind: 'redirect', to: 'Login' });
    expect(guardRoute(route('Profile'), null)).toEqual({ kind: 'redirect', to: 'Login' });
  });

  it('lets an anonymous visitor open public routes', () => {
    expect(guardRoute(route('Login'), null)).toEqual({ kind: 'render' });
    expect(guardRoute(route('SignUp'), null)).toEqual({ kind: 'render' });
  });

  it('sends a member who has not agreed to the notice', () => {
    const m = member('advanced', 'admin', false);
    expect(guardRoute(route('Dashboard'), m)).toEqual({ kind: 'redirect', to: 'Notice' });
    expect(guardRoute(route('Login'), m)).toEqual({ kind: 'redirect', to: 'Notice' });
    expect(guardRoute(route('Notice'), m)).toEqual({ kind: 'render' });
  });

  it('sends a signed-in member opening login home by plan', () => {
    expect(guardRoute(route('Login'), member('free'))).toEqual({
      kind: 'redirect',
      to: 'DispensingPharmacy',
    });
    expect(guardRoute(route('Login'), member('basic'))).toEqual({
      kind: 'redirect',
      to: 'Dashboard',
    });
  });

  it('redirects the root to dispensing pharmacy on the free plan only', () => {
    expect(guardRoute(route('Dashboard'), member('free'), { isRoot: true })).toEqual({
      kind: 'redirect',
      to: 'DispensingPharmacy',
    });
    expect(guardRoute(route('Dashboard'), member('advanced'), { isRoot: true })).toEqual({
      kind: 'render',
    });
  });

  it('renders NotFound where plan or role does not allow the route', () => {
    expect(guardRoute(route('Dashboard'), member('free'))).toEqual({ kind: 'notFound' });
    expect(guardRoute(route('Pharmacist'), member('basic'))).toEqual({ kind: 'notFound' });
    expect(guardRoute(route('CorporationServicePlanSelectSetting'), member('advanced'))).toEqual({
      kind: 'notFound',
    });
    expect(
      guardRoute(route('CorporationServicePlanSelectSetting'), member('free', 'system_admin')),
    ).toEqual({ kind: 'render' });
  });

  it('passes routes without plan or role configuration', () => {
    expect(guardRoute(route('Profile'), member('free', 'user'))).toEqual({ kind: 'render' });
    expect(guardRoute(route('Notice'), member('free'))).toEqual({ kind: 'render' });
  });

  it('opens each plan its analysis pages', () => {
    expect(guardRoute(route('DispensingPharmacy'), member('free'))).toEqual({ kind: 'render' });
    expect(guardRoute(route('Gender'), member('basic', 'user'))).toEqual({ kind: 'render' });
    expect(guardRoute(route('MarketShare'), member('advanced'))).toEqual({ kind: 'render' });
  });
});
