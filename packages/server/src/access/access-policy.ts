import { plansFrom, type PlanCode, type RoleName, type RouteName } from '@pharmalytics/domain';

/**
 * Who may call a route, declared in its config (`config: { access: … }`) and enforced by the one
 * access-control hook. A route without a declaration is refused, and the server does not start.
 */
export type Access =
  /** Anyone. Unsafe methods still need the anti-forgery token, as the browser sends cookies. */
  | { kind: 'public' }
  /**
   * Anyone, and no anti-forgery token: for APIs that read no cookie at all (the identity
   * service's JSON API), so a forged cross-site request gains nothing.
   */
  | { kind: 'cookieless' }
  /** A store's uploader, by its user name and key (HTTP Basic); no cookies, no token. */
  | { kind: 'device' }
  /**
   * A signed-in member of an active corporation; optionally only the plans and roles of a route of
   * the route table (of any of several routes, for an API that serves several screens), and
   * further only the listed roles or plans.
   */
  | {
      kind: 'member';
      route?: RouteName | readonly RouteName[];
      roles?: readonly RoleName[];
      plans?: readonly PlanCode[];
      /** The message of the 403 when the route, role or plan does not let the member in. */
      refusal?: string;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** The declarations routes use. */
export const access = {
  public: { kind: 'public' },
  cookieless: { kind: 'cookieless' },
  device: { kind: 'device' },
  member: { kind: 'member' },
  /** Administrators of the corporation (and system administrators). */
  admin: { kind: 'member', roles: ['admin', 'system_admin'] },
  systemAdmin: { kind: 'member', roles: ['system_admin'] },
  /** Members on a paid plan. */
  paidMember: { kind: 'member', plans: plansFrom('basic') },
  systemAdminOnPaidPlan: { kind: 'member', roles: ['system_admin'], plans: plansFrom('basic') },
  /** Administrators of a corporation on a paid plan (and system administrators there). */
  adminOnPaidPlan: { kind: 'member', roles: ['admin', 'system_admin'], plans: plansFrom('basic') },
  /** Whoever the route table lets open the screen `name` (any of the screens, for a list). */
  route: (
    name: RouteName | readonly RouteName[],
    only: { roles?: readonly RoleName[]; plans?: readonly PlanCode[]; refusal?: string } = {},
  ): Access => ({
    kind: 'member',
    route: name,
    ...only,
  }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;
