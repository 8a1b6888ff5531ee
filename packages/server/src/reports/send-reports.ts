import {
  can,
  DASHBOARD_REPORT_TITLE,
  EXPORT_MIME_TYPES,
  exportFileName,
  routePath,
  timeAxis,
  todayInJapan,
  type DateRange,
} from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { comparisonLabel, dashboardExport } from '../exports/dashboard-export.ts';
import { dashboardPdf, dashboardReportExtras } from '../exports/dashboard-pdf.ts';
import type { MailAttachment, Mailer } from '../mail/mailer.ts';
import { allBrowsableScope } from '../access/analysis-scope.ts';
import type { MetricCache } from '../analytics/metric-cache.ts';
import { memberFacilityAlerts } from '../facility-standards/index.ts';
import { memberPrescriberNotices } from '../prescriber-changes/notices.ts';
import { dashboardReport } from './dashboard-report.ts';
import { dashboardReportMail } from './report-mail.ts';
import { reportRecipients } from './report-queries.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

export { reportRecipients };

export interface ReportContext {
  db: Database;
  mailer: Mailer;
  /** The analytics answers the figures and the 施設基準 alerts of administrators are taken from. */
  metrics: MetricCache;
  publicUrl: string;
  /** Key of the unsubscribe links. */
  secret: string;
}

/**
 * The dashboard's PDF report of the member's stores over the mail's periods, monthly, for the
 * plans that have it (`exportPdfReport`); none otherwise.
 */
async function reportAttachments(
  ctx: ReportContext,
  auth: AuthContext,
  storeCodes: readonly string[],
  base: DateRange,
  comparison: DateRange,
): Promise<MailAttachment[]> {
  if (!can(auth, 'exportPdfReport')) return [];
  const query = {
    baseFrom: base.from,
    baseTo: base.to,
    comparisonTargetFrom: comparison.from,
    comparisonTargetTo: comparison.to,
    periodCode: timeAxis('monthly').value,
    storeCodes: storeCodes.join(','),
  };
  const deps = { db: ctx.db, metrics: ctx.metrics };
  const d = await dashboardExport(deps, auth, query);
  const content = await dashboardPdf(d, await dashboardReportExtras(deps, auth, d));
  return [
    {
      filename: exportFileName([DASHBOARD_REPORT_TITLE], base, 'pdf'),
      content,
      contentType: EXPORT_MIME_TYPES.pdf,
    },
  ];
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
    const alerts = can(auth, 'administerFacilityStandards')
      ? await memberFacilityAlerts({ db, metrics: ctx.metrics }, auth, today)
      : [];
    const prescriberNotices = await memberPrescriberNotices(
      { db, metrics: ctx.metrics },
      auth,
      base,
    );
    const attachments = await reportAttachments(
      ctx,
      auth,
      stores.map((s) => s.store_code),
      base,
      comparison,
    );
    await ctx.mailer.send({
      ...dashboardReportMail({
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
        prescriberNotices,
        prescriberChangesUrl: `${ctx.publicUrl}${routePath('PrescriberChanges')}`,
        unsubscribeUrl: `${ctx.publicUrl}/v2/mails/unsubscribe?token=${unsubscribeToken(ctx.secret, member.id)}`,
      }),
      attachments,
    });
    sent += 1;
  }
  return sent;
}
