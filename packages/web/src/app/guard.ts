import { homeRouteName, isRouteAllowed, type RouteDef, type RouteName } from '@pharmalytics/domain';
import type { Member } from '../api/index.ts';
import { needsAgreement } from '../features/session/index.ts';

export type GuardDecision =
  { kind: 'render' } | { kind: 'redirect'; to: RouteName } | { kind: 'notFound' };

export type GuardMember = Pick<
  Member,
  'serviceAgreedOn' | 'privacyPolicyAgreedOn' | 'systemRole' | 'corporation'
>;

export interface GuardContext {
  /** The root path '/', which is the dashboard on paid plans. */
  isRoot?: boolean;
}

/** The route guard of spec 01 §4. */
export function guardRoute(
  def: RouteDef,
  member: GuardMember | null,
  context: GuardContext = {},
): GuardDecision {
  if (!member) return def.public ? { kind: 'render' } : { kind: 'redirect', to: 'Login' };
  if (def.name !== 'Notice' && needsAgreement(member)) return { kind: 'redirect', to: 'Notice' };

  const plan = member.corporation.plan.code;
  const home = homeRouteName(plan);
  if (def.name === 'Login') return { kind: 'redirect', to: home };
  if (context.isRoot && home !== def.name) return { kind: 'redirect', to: home };
  if (!isRouteAllowed(def, plan, member.systemRole.name)) return { kind: 'notFound' };
  return { kind: 'render' };
}
