import { MESSAGES, PRODUCT_NAME, reportsContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestPeriod } from '../analytics/period.ts';
import { contractRoute } from '../http/contract-route.ts';
import { reportRecipients, sendDashboardReports, type ReportContext } from './send-reports.ts';
import { turnReportMailOff } from './queries.ts';
import { memberOfUnsubscribeToken } from './unsubscribe-token.ts';
import { access } from '../access/access-policy.ts';

const page = (title: string, text: string) => `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>${title}｜${PRODUCT_NAME}</title></head>
<body style="font-family:'Hiragino Sans','Noto Sans JP',sans-serif;color:#263238;padding:48px;text-align:center">
<h1 style="font-size:20px;color:#00796b">${PRODUCT_NAME}</h1><p>${text}</p></body></html>`;

export function reportRoutes(ctx: ReportContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    /** A system administrator sends the dashboard report of its current corporation now. */
    contractRoute(
      app,
      reportsContracts.sendDashboardMail,
      { access: access.systemAdminOnPaidPlan },
      async (request) => {
        const { auth } = request;
        const b = request.body;
        const base = requestPeriod(b.base_from, b.base_to);
        const comparison = requestPeriod(b.comparison_target_from, b.comparison_target_to);
        const sent = await sendDashboardReports(ctx, base, comparison, auth.corporationId);
        return { sent, message: MESSAGES.dashboardMailSent };
      },
    );

    /** Who the dashboard report of the current corporation goes to, for the sender to confirm. */
    contractRoute(
      app,
      reportsContracts.dashboardMailRecipients,
      { access: access.systemAdminOnPaidPlan },
      async (request) => {
        const recipients = await reportRecipients(db, request.auth.corporationId);
        return {
          recipients: recipients.map(({ member }) => ({
            publicName: member.public_name,
            email: member.email,
          })),
        };
      },
    );

    /** The link at the foot of every report mail: turns the member's report setting off. */
    contractRoute(
      app,
      reportsContracts.unsubscribe,
      { access: access.public },
      async (request, reply) => {
        const memberId = memberOfUnsubscribeToken(ctx.secret, request.query.token);
        const turnedOff = memberId !== null && (await turnReportMailOff(db, memberId));
        reply.type('text/html; charset=utf-8');
        if (!turnedOff) {
          reply.code(400);
          return page(
            '配信停止',
            'このリンクは無効です。個人設定からレポートメールの受信を変更できます。',
          );
        }
        return page('配信停止', 'ダッシュボードレポートのメール配信を停止しました。');
      },
    );
  };
}
