import { MESSAGES } from './messages.ts';

/** Where the corporation stands with the initial setup, as the initial setup page says it. */
export type InitialSetupStatus =
  | { kind: 'noStore' }
  | { kind: 'noViewableStore' }
  | { kind: 'incomplete'; count: number }
  | { kind: 'complete' };

/**
 * `storeCount` and `incompleteCount` are of the stores the member may see. A member who manages
 * stores sees them all, so none means the corporation has none; a role-user member sees only
 * its viewable stores, so none means none has been granted to it yet.
 */
export function initialSetupStatus(
  storeCount: number,
  incompleteCount: number,
  managesStores: boolean,
): InitialSetupStatus {
  if (storeCount === 0) return { kind: managesStores ? 'noStore' : 'noViewableStore' };
  if (incompleteCount > 0) return { kind: 'incomplete', count: incompleteCount };
  return { kind: 'complete' };
}

export function initialSetupMessage(status: InitialSetupStatus): string {
  switch (status.kind) {
    case 'noStore':
      return MESSAGES.setupNoStore;
    case 'noViewableStore':
      return MESSAGES.setupNoViewableStore;
    case 'incomplete':
      return MESSAGES.incompleteSetupStores(status.count);
    case 'complete':
      return MESSAGES.setupComplete;
  }
}
