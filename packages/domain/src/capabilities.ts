import { plansFrom, type PlanCode } from './plans.ts';
import type { RoleName } from './roles.ts';

/**
 * What a member may do beyond opening a screen of the route table, each defined once by the
 * roles and the plans that grant it (absent: every role, or every plan). The server's access
 * declarations, the handlers, the report mail and the web's menus and buttons all ask `can`,
 * so one rule has one name.
 */
export interface CapabilityRule {
  readonly roles?: readonly RoleName[];
  readonly plans?: readonly PlanCode[];
}

const ADMINS = ['admin', 'system_admin'] as const satisfies readonly RoleName[];
const SYSTEM_ADMIN = ['system_admin'] as const satisfies readonly RoleName[];
const PAID = plansFrom('basic');

export const CAPABILITIES = {
  /**
   * Every store of the corporation, in analyses, lists and mails; without it a member sees only
   * the stores assigned to it (a role user).
   */
  browseAllStores: { roles: ADMINS },
  /**
   * Administer the corporation: its details, its members and invitations (roles, viewable
   * stores, removal), its stores and their uploaders' credentials.
   */
  administer: { roles: ADMINS },
  /** Use the 施設基準 screens: measures, judgements, buildings and settings read-only. */
  seeFacilityStandards: { plans: PAID },
  /**
   * Set the 施設基準 up (buildings, the outside-stores figure, store facts, alert settings) and
   * follow it for the whole corporation: the group totals and the alerts, on the dashboard and in
   * the report mail.
   */
  administerFacilityStandards: { roles: ADMINS, plans: PAID },
  /**
   * Follow the strongest prescriber changes (処方元の変化) of every browsable store: the notices
   * on the dashboard, which the member closes, and in the report mail.
   */
  followPrescriberChanges: { roles: ADMINS, plans: plansFrom('advanced') },
  /** Receive the monthly dashboard report by mail (and choose so in the personal settings). */
  receiveDashboardReport: { plans: PAID },
  /** Send the dashboard report of the current corporation now, and see who receives it. */
  sendDashboardReport: { roles: SYSTEM_ADMIN, plans: PAID },
  /**
   * Export tables as CSV and Excel workbooks: the dashboard, the scorecard, 施設基準 and every
   * analysis page the member may open (on the basic plan, the pages the basic plan opens).
   */
  exportTables: { plans: PAID },
  /** The dashboard as a PDF report, downloaded and attached to the report mail. */
  exportPdfReport: { plans: PAID },
  /** Change the corporation's plan. */
  changePlan: { roles: SYSTEM_ADMIN },
  /** Move to another corporation (the header's row of tools). */
  switchCorporation: { roles: SYSTEM_ADMIN },
  /** Enter and work in a suspended corporation, whose other members are shut out. */
  enterSuspendedCorporation: { roles: SYSTEM_ADMIN },
} as const satisfies Record<string, CapabilityRule>;

export type Capability = keyof typeof CAPABILITIES;

/** Who asks: the member's role and its corporation's plan. */
export interface Standing {
  role: RoleName;
  plan: PlanCode;
}

/** Whether a member of this role, in a corporation of this plan, has the capability. */
export function can(who: Standing, capability: Capability): boolean {
  const rule: CapabilityRule = CAPABILITIES[capability];
  return (
    (!rule.roles || rule.roles.includes(who.role)) && (!rule.plans || rule.plans.includes(who.plan))
  );
}

/** A member as the API answers it: its role and its corporation's plan. */
interface MemberStanding {
  systemRole: { name: RoleName };
  corporation: { plan: { code: PlanCode } };
}

/** The member's role and its corporation's plan, which the capabilities are granted by. */
export function standingOf(member: MemberStanding): Standing {
  return { role: member.systemRole.name, plan: member.corporation.plan.code };
}

/** Whether the member has the capability (what the web shows follows the server's rule). */
export function memberCan(member: MemberStanding, capability: Capability): boolean {
  return can(standingOf(member), capability);
}
