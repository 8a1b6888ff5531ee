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

/** What the 施設基準 settings screen tells an administrator after a call. */
export const FACILITY_SETTINGS_NOTICES = {
  buildingSaved: '同一建物の医療機関を保存しました。',
  buildingDeleted: '同一建物の医療機関を削除しました。',
  outsideStoresSaved: 'グループの他店舗の数値を保存しました。',
  outsideStoresDeleted: 'グループの他店舗の数値を削除しました。',
  storeFactsSaved: (storeName: string) => `${storeName}の前提条件を保存しました。`,
  alertSettingsSaved: '通知の設定を保存しました。',
  saveFailed: '保存に失敗しました。',
  deleteFailed: '削除に失敗しました。',
} as const;

/** Field names of the 施設基準 settings screen. */
export const FACILITY_SETTINGS_LABELS = {
  institutionCodes: '医療機関コード',
  effectiveMonth: '適用開始月',
  receptionsPerMonth: '受付回数（月平均）',
  storeCount: '店舗数',
  receptionsMargin: '受付回数の余裕',
  rateMargin: '割合の余裕',
} as const;
