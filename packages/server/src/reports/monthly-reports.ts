import { comparisonRange, presetRange, todayInJapan, TIME_ZONE } from '@pharmalytics/domain';
import { Cron } from 'croner';
import { sql } from 'kysely';
import { sendDashboardReports, type ReportContext } from './send-reports.ts';

/** On the 1st of every month at 07:00 Japan time. */
export const MONTHLY_REPORT_SCHEDULE = '0 7 1 * *';

/**
 * The monthly report: last month against the same month a year before, to every member who
 * allowed it. Several servers may run the schedule; the first to claim the month in
 * report_runs sends it, the others do nothing. Answers the number sent (null: already claimed).
 */
export async function sendMonthlyReports(
  ctx: ReportContext,
  today = todayInJapan(),
): Promise<number | null> {
  const base = presetRange('lastMonth', today);
  const month = base.from.slice(0, 7);
  const { rows } = await sql<{ month: string }>`
    insert into report_runs (month) values (${month})
    on conflict (month) do nothing returning month`.execute(ctx.db);
  if (rows.length === 0) return null;
  const sent = await sendDashboardReports(ctx, base, comparisonRange(base, 2));
  await sql`update report_runs set sent = ${sent}, finished_at = now() where month = ${month}`.execute(
    ctx.db,
  );
  return sent;
}

export function scheduleMonthlyReports(
  ctx: ReportContext,
  onError: (error: unknown) => void,
): Cron {
  return new Cron(MONTHLY_REPORT_SCHEDULE, { timezone: TIME_ZONE, protect: true }, async () => {
    try {
      await sendMonthlyReports(ctx);
    } catch (error) {
      onError(error);
    }
  });
}
