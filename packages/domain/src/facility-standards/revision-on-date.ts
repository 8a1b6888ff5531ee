import type { FeeRevision } from './rule-schemas.ts';

type RevisionSpan = Pick<FeeRevision, 'code' | 'effectiveFrom' | 'effectiveTo'>;

/**
 * The fee revision in force on a day ('yyyy-MM-dd'; both ends of a revision are included), or
 * null before the first. Two revisions in force on one day is a mistake in the rule data.
 */
export function revisionOn<R extends RevisionSpan>(
  revisions: readonly R[],
  date: string,
): R | null {
  const inForce = revisions.filter(
    (r) => r.effectiveFrom <= date && (r.effectiveTo === null || date <= r.effectiveTo),
  );
  if (inForce.length > 1) {
    throw new Error(
      `fee revisions ${inForce.map((r) => r.code).join(', ')} are all in force on ${date}`,
    );
  }
  return inForce[0] ?? null;
}
