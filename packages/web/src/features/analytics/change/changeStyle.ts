/** Direction of a change, as the dashboard mail call names it (rationStyle). */
export type ChangeStyle = 'up' | 'down' | 'flat' | 'none';

/**
 * The direction of a change, which colours it. Only the direction: for some metrics (集中率,
 * 薬剤料比率) down is the better way, so the colour says neither good nor bad.
 */
export function changeStyle(change: number | null): ChangeStyle {
  if (change === null) return 'none';
  if (change > 0) return 'up';
  if (change < 0) return 'down';
  return 'flat';
}
