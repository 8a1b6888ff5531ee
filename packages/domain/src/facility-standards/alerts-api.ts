import { z } from 'zod';
import { INPUT_LIMITS } from '../constants.ts';
import { FIELD_LABELS } from '../messages.ts';
import { decimalCode, stop, text } from '../schemas/primitives.ts';
import { FACILITY_ALERT_KINDS, type FacilityAlert } from './facility-alerts.ts';
import { FACILITY_RULE_SETS } from './measures.ts';
import { FACILITY_SETTINGS_MESSAGES } from './settings-api.ts';

/** The longest alert key stored for a dismissal. */
export const FACILITY_ALERT_KEY_MAX_LENGTH = 200;
/** What facilityAlerts writes in a key: codes, months and dates joined by slashes. */
const ALERT_KEY_PATTERN = /^[0-9A-Za-z_/-]+$/;

export const facilityAlertSchema = z.object({
  key: z.string(),
  storeCode: z.string(),
  storeName: z.string(),
  ruleSet: z.enum(Object.keys(FACILITY_RULE_SETS) as [keyof typeof FACILITY_RULE_SETS]),
  kind: z.enum(FACILITY_ALERT_KINDS),
  message: z.string(),
}) satisfies z.ZodType<FacilityAlert>;

/** GET alerts: the member's alerts it has not dismissed. */
export const facilityAlertsResponseSchema = z.object({ alerts: z.array(facilityAlertSchema) });
export type FacilityAlertsResponse = z.infer<typeof facilityAlertsResponseSchema>;

/** POST alert dismissals: the alert no longer shown to the member. */
export const alertDismissalSchema = z.object({
  storeCode: decimalCode(FIELD_LABELS.storeCode, INPUT_LIMITS.storeCodeDigits),
  key: text({ typeError: FACILITY_SETTINGS_MESSAGES.alertKey })
    .min(1, stop(FACILITY_SETTINGS_MESSAGES.alertKey))
    .max(FACILITY_ALERT_KEY_MAX_LENGTH, stop(FACILITY_SETTINGS_MESSAGES.alertKey))
    .regex(ALERT_KEY_PATTERN, stop(FACILITY_SETTINGS_MESSAGES.alertKey)),
});
export type AlertDismissal = z.infer<typeof alertDismissalSchema>;
