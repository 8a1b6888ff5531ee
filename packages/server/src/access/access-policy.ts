import type { Capability, PlanCode, RoleName, RouteName } from '@pharmalytics/domain';

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
   * A signed-in member of an active corporation; optionally only with a capability (the domain's
   * `can`), only the plans and roles of a route of the route table (of any of several routes, for
   * an API that serves several screens), and further only the listed roles or plans of that route.
   */
  | {
      kind: 'member';
      capability?: Capability;
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

/** Members with the capability (see CAPABILITIES in the domain for who has it). */
const capable = (capability: Capability) => ({ kind: 'member', capability }) as const;

/**
 * The declarations routes use. The named ones each stand for one capability of the domain,
 * which the web's menus and buttons and the report mail ask about too.
 */
export const access = {
  public: { kind: 'public' },
  cookieless: { kind: 'cookieless' },
  device: { kind: 'device' },
  member: { kind: 'member' },
  /** Whoever has the capability. */
  can: capable,
  /** Administer the corporation: details, members, invitations, stores (`administer`). */
  admin: capable('administer'),
  /** Move to another corporation (`switchCorporation`). */
  systemAdmin: capable('switchCorporation'),
  /** The 施設基準 of the paid plans, read (`seeFacilityStandards`). */
  paidMember: capable('seeFacilityStandards'),
  /** The report mail's own setting (`receiveDashboardReport`). */
  reportReceiver: capable('receiveDashboardReport'),
  /** Send the dashboard report now and see its recipients (`sendDashboardReport`). */
  systemAdminOnPaidPlan: capable('sendDashboardReport'),
  /** Set the 施設基準 up, its group totals and alerts (`administerFacilityStandards`). */
  adminOnPaidPlan: capable('administerFacilityStandards'),
  /**
   * A file export of the screen `name`: whoever may open the screen and has the capability
   * (`exportTables` for CSV and Excel, `exportPdfReport` for the PDF report).
   */
  export: (
    name: RouteName,
    capability: 'exportTables' | 'exportPdfReport',
    refusal: string,
  ): Access => ({ kind: 'member', route: name, capability, refusal }),
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
