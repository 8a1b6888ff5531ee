import { z } from 'zod';
import { stop } from '../schemas/primitives.ts';
import type { StoreFacts } from './store-judgement.ts';

export const FACILITY_SETTINGS_API_PATHS = {
  storeFacts: '/v3/facility_standards/store_facts',
  storeFact: '/v3/facility_standards/store_facts/:storeCode',
  alertSettings: '/v3/facility_standards/alert_settings',
  alerts: '/v3/facility_standards/alerts',
  alertDismissals: '/v3/facility_standards/alerts/dismissals',
} as const;

/** The browser path of the 施設基準 screen, where an alert's link leads. */
export const FACILITY_STANDARDS_PATH = '/service/facility-standards';

/** What a store is taken to be until an administrator says otherwise: the common case. */
export const DEFAULT_STORE_FACTS: StoreFacts = {
  basic_fee_notified: true,
  special_relationship: false,
  real_estate_lease: false,
  low_resource_area: false,
  urban_new_opening: false,
};

export const storeFactsSchema = z.object({
  basic_fee_notified: z.boolean(),
  special_relationship: z.boolean(),
  real_estate_lease: z.boolean(),
  low_resource_area: z.boolean(),
  urban_new_opening: z.boolean(),
}) satisfies z.ZodType<StoreFacts>;

export const storeFactsResponseSchema = z.object({
  stores: z.array(
    z.object({
      storeCode: z.string(),
      storeName: z.string(),
      facts: storeFactsSchema,
      /** False while the store is taken as the common case (no row entered). */
      entered: z.boolean(),
    }),
  ),
});

/** A margin closer than these to its threshold raises an alert. */
export const DEFAULT_ALERT_SETTINGS = { receptionsMargin: 100, rateMargin: 2 } as const;
export const ALERT_RECEPTIONS_MARGIN_MAX = 100_000;
export const ALERT_RATE_MARGIN_MAX = 100;

export const FACILITY_SETTINGS_MESSAGES = {
  receptionsMargin: `受付回数の余裕は0から${ALERT_RECEPTIONS_MARGIN_MAX.toLocaleString('ja-JP')}までの整数で入力してください`,
  rateMargin: `割合の余裕は0から${ALERT_RATE_MARGIN_MAX}までの数値（小数点以下1桁まで）で入力してください`,
  alertKey: '通知を特定できません',
} as const;

const oneDecimal = (value: number) => Math.abs(Math.round(value * 10) - value * 10) < 1e-9;

export const alertSettingsSchema = z.object({
  receptionsMargin: z
    .number({ error: FACILITY_SETTINGS_MESSAGES.receptionsMargin })
    .int(stop(FACILITY_SETTINGS_MESSAGES.receptionsMargin))
    .min(0, stop(FACILITY_SETTINGS_MESSAGES.receptionsMargin))
    .max(ALERT_RECEPTIONS_MARGIN_MAX, stop(FACILITY_SETTINGS_MESSAGES.receptionsMargin)),
  rateMargin: z
    .number({ error: FACILITY_SETTINGS_MESSAGES.rateMargin })
    .min(0, stop(FACILITY_SETTINGS_MESSAGES.rateMargin))
    .max(ALERT_RATE_MARGIN_MAX, stop(FACILITY_SETTINGS_MESSAGES.rateMargin))
    .refine(oneDecimal, stop(FACILITY_SETTINGS_MESSAGES.rateMargin)),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;
