import { memberScope, type AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { requestPeriod } from '../analytics/period.ts';
import type { Database } from '../db/connection.ts';
import { browsableStoreCodes } from '../maps/patient-distribution-queries.ts';

/**
 * The scope of a retention or prescriber call, as an analysis call's: the period checked first,
 * then the stores named, or every store the member may browse when none are; null when the
 * member has none.
 */
export async function periodScope(
  db: Database,
  auth: AuthContext,
  q: { from: string; to: string; storeCodes: string },
): Promise<AnalysisScope | null> {
  requestPeriod(q.from, q.to);
  let codes = q.storeCodes.split(',').filter((code) => code !== '');
  if (codes.length === 0) {
    codes = await browsableStoreCodes(db, auth);
    if (codes.length === 0) return null;
  }
  return memberScope(db, auth, { storeCodes: codes, from: q.from });
}
