import { can, type Capability, type Standing } from '@pharmalytics/domain';
import type { Member } from '../../../api/index.ts';

/** The member's role and its corporation's plan, which the capabilities are granted by. */
export function standingOf(member: Member): Standing {
  return { role: member.systemRole.name, plan: member.corporation.plan.code };
}

/** Whether the member has the capability (what the web shows it follows the server's rule). */
export function memberCan(member: Member, capability: Capability): boolean {
  return can(standingOf(member), capability);
}
