import { z } from 'zod';

/** GET /v2/mails/dashboard/recipients: who the dashboard report mail would go to now. */
export const dashboardMailRecipientsResponseSchema = z.object({
  recipients: z.array(z.object({ publicName: z.string(), email: z.string() })),
});
export type DashboardMailRecipient = z.infer<
  typeof dashboardMailRecipientsResponseSchema
>['recipients'][number];
