import { z } from 'zod';
import { DASHBOARD_METRIC_SLUGS } from '../metrics.ts';
import { boundedText, calendarDate, linkToken } from '../schemas/primitives.ts';
import { dashboardMailRecipientsResponseSchema } from '../schemas/reports.ts';
import { endpoint, errorBodySchema } from './endpoint.ts';

/** The body of POST /v2/mails/dashboard: the periods, and what the sender's dashboard showed. */
export const dashboardMailBodySchema = z.object({
  base_from: calendarDate(),
  base_to: calendarDate(),
  comparison_target_from: calendarDate(),
  comparison_target_to: calendarDate(),
  // What the sender's dashboard showed; every recipient's figures are computed for its stores.
  metrics: z
    .array(
      z.object({
        slug: z.enum(DASHBOARD_METRIC_SLUGS),
        sourceValue: z.number().nullable(),
        destinationValue: z.number().nullable(),
        comparisonRatio: z.number().nullable(),
        rationStyle: boundedText(),
      }),
    )
    .max(DASHBOARD_METRIC_SLUGS.length)
    .optional(),
});
export type DashboardMailBody = z.input<typeof dashboardMailBodySchema>;

/** A page of the unsubscribe link, in HTML. */
const htmlPageSchema = z.string().describe('HTML');

/** The dashboard report mail: sending it now, its recipients, and the unsubscribe link. */
export const reportsContracts = {
  sendDashboardMail: endpoint({
    method: 'POST',
    path: '/v2/mails/dashboard',
    tag: 'mails',
    summary: 'A system administrator sends the dashboard report of its current corporation now',
    body: dashboardMailBodySchema,
    responses: { 200: z.object({ sent: z.number().int(), message: z.string() }) },
  }),
  dashboardMailRecipients: endpoint({
    method: 'GET',
    path: '/v2/mails/dashboard/recipients',
    tag: 'mails',
    summary: 'Who the dashboard report of the current corporation goes to',
    responses: { 200: dashboardMailRecipientsResponseSchema },
  }),
  unsubscribe: endpoint({
    method: 'GET',
    path: '/v2/mails/unsubscribe',
    tag: 'mails',
    summary: 'The link at the foot of every report mail: turns the member’s report setting off',
    query: z.object({ token: linkToken() }),
    // An invalid link is answered with a page too; an ill-formed query with the error body.
    responses: { 200: htmlPageSchema, 400: z.union([htmlPageSchema, errorBodySchema]) },
  }),
};
