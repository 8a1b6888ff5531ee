import type { AuthContext } from '../access/auth-context.ts';

/** An administrator of a corporation on the advanced plan, for tests that scope engine calls. */
export function adminOf(corporationId: number): AuthContext {
  return {
    memberId: 0,
    corporationId,
    corporationSuspended: false,
    plan: 'advanced',
    role: 'admin',
  };
}
