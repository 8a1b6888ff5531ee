import {
  COMPARISON_TYPES,
  comparisonRange,
  routePath,
  seesFacilityAlerts,
  todayInJapan,
  type DateRange,
} from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import { toAuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';
import { allBrowsableScope } from '../access/analysis-scope.ts';
import type { MetricCache } from '../analytics/metric-cache.ts';
import { memberFacilityAlerts } from '../facility-standards/index.ts';
import { dashboardReport } from './dashboard-report.ts';
import { dashboardReportMail } from './report-mail.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

export interface ReportContext {
  db: Database;
  mailer: Mailer;
  /** The analytics answers the figures and the 施設基準 alerts of administrators are taken from. */
  metrics: MetricCache;
  publicUrl: string;
  /** Key of the unsubscribe links. */
  secret: string;
}

/** Plans whose members receive dashboard reports. */
const REPORT_PLAN_IDS = [2, 3];

function comparisonLabel(base: DateRange, comparison: DateRange): string {
  const type = COMPARISON_TYPES.find((c) => {
    const range = comparisonRange(base, c.value);
    return range.from === comparison.from && range.to === comparison.to;
  });
  return type?.text ?? '指定期間';
}

/**
 * Who receives the dashboard report: every member who allowed reports (of one corporation, or of
 * every active basic or advanced corporation) and may browse at least one store, with those
 * stores.
 */
export async function reportRecipients(db: Database, corporationId?: number) {
  let query = db
    .selectFrom('members as m')
    .innerJoin('corporations as c', 'c.id', 'm.corporation_id')
    .select([
      'm.id',
      'm.corporation_id',
      'm.role_id',
      'm.email',
      'm.public_name',
      'c.plan_id',
      'c.status',
      'c.name as corporation_name',
    ])
    .where('m.send_report_allowed', '=', true)
    .where('c.status', '=', 'active')
    .where('c.plan_id', 'in', REPORT_PLAN_IDS)
    .orderBy('m.id');
  if (corporationId !== undefined) query = query.where('m.corporation_id', '=', corporationId);
  const recipients = [];
  for (const member of await query.execute()) {
    const auth: AuthContext = toAuthContext(member);
    const stores = await db
      .selectFrom('stores')
      .select(['id', 'name'])
      .where('corporation_id', '=', member.corporation_id)
      .where('id', 'in', browsableStoreIds(db, auth))
      .orderBy('store_code')
      .execute();
    if (stores.length > 0) recipients.push({ member, auth, stores });
  }
  return recipients;
}

/**
 * Sends the dashboard report to every recipient (reportRecipients), each computed within that
 * member's own stores: a role-user member never receives figures of a store it cannot browse.
 * Answers the number sent.
 */
export async function sendDashboardReports(
  ctx: ReportContext,
  base: DateRange,
  comparison: DateRange,
  corporationId?: number,
): Promise<number> {
  const { db } = ctx;
  let sent = 0;
  const today = todayInJapan();
  for (const { member, auth, stores } of await reportRecipients(db, corporationId)) {
    const scope = await allBrowsableScope(db, auth);
    const lines = await dashboardReport(ctx.metrics, scope, base, comparison);
    const alerts = seesFacilityAlerts(auth.plan, auth.role)
      ? await memberFacilityAlerts({ db, metrics: ctx.metrics }, auth, today)
      : [];
    await ctx.mailer.send(
      dashboardReportMail({
        to: member.email,
        corporationName: member.corporation_name,
        memberName: member.public_name,
        base,
        comparison,
        comparisonLabel: comparisonLabel(base, comparison),
        storeNames: stores.map((s) => s.name),
        lines,
        dashboardUrl: `${ctx.publicUrl}${routePath('Dashboard')}`,
        alerts,
        facilityStandardsUrl: `${ctx.publicUrl}${routePath('FacilityStandards')}`,
        unsubscribeUrl: `${ctx.publicUrl}/v2/mails/unsubscribe?token=${unsubscribeToken(ctx.secret, member.id)}`,
      }),
    );
    sent += 1;
  }
  return sent;
}
