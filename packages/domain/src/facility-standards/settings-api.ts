import { z } from 'zod';
import { calendarDate, stop } from '../schemas/primitives.ts';
import type { StoreFacts } from './store-judgement.ts';

export const FACILITY_SETTINGS_API_PATHS = {
  storeFacts: '/v3/facility_standards/store_facts',
  storeFact: '/v3/facility_standards/store_facts/:storeCode',
  alertSettings: '/v3/facility_standards/alert_settings',
  alerts: '/v3/facility_standards/alerts',
  alertDismissals: '/v3/facility_standards/alerts/dismissals',
} as const;

/**
 * What an administrator states about a store. The first four are taken as the common case until
 * stated; the others are null until entered, and a rule that needs one says it is missing.
 * `urban_area` null is taken from the store's city (urbanAreaOf); `designated_on` is the day of
 * the store's 保険薬局 designation.
 */
export const storeFactsSchema = z.object({
  basic_fee_notified: z.boolean(),
  special_relationship: z.boolean(),
  real_estate_lease: z.boolean(),
  low_resource_area: z.boolean(),
  urban_area: z.boolean().nullable(),
  same_site_as_institution: z.boolean(),
  online_clinic_on_site: z.boolean(),
  medicine_supply_record: z.boolean().nullable(),
  price_negotiation: z.boolean().nullable(),
  regional_support_system: z.boolean().nullable(),
  designated_on: calendarDate().nullable(),
});
export type StoreFactsInput = z.infer<typeof storeFactsSchema>;

/** What a store is taken to be until an administrator says otherwise. */
export const DEFAULT_STORE_FACTS: StoreFactsInput = {
  basic_fee_notified: true,
  special_relationship: false,
  real_estate_lease: false,
  low_resource_area: false,
  urban_area: null,
  same_site_as_institution: false,
  online_clinic_on_site: false,
  medicine_supply_record: null,
  price_negotiation: null,
  regional_support_system: null,
  designated_on: null,
};

/**
 * 別表第三の一 of the 点数表: the 政令指定都市 and the 23 wards of Tokyo, where 調剤基本料2 ハ and the
 * 門前薬局等立地依存減算 apply.
 */
export const URBAN_AREA_CITIES = [
  '札幌市',
  '仙台市',
  'さいたま市',
  '千葉市',
  '横浜市',
  '川崎市',
  '相模原市',
  '新潟市',
  '静岡市',
  '浜松市',
  '名古屋市',
  '京都市',
  '大阪市',
  '堺市',
  '神戸市',
  '岡山市',
  '広島市',
  '北九州市',
  '福岡市',
  '熊本市',
] as const;

/** Whether a store's city (福岡市中央区, 千代田区 …) lies in a 別表第三の一 area; null when unknown. */
export function urbanAreaOf(prefecture: string | null, city: string | null): boolean | null {
  if (!city) return null;
  if (URBAN_AREA_CITIES.some((name) => city.startsWith(name))) return true;
  return prefecture === '東京都' && /^[^市]+区/.test(city);
}

/** The facts a store is judged on: what was entered, the area taken from the city when not. */
export function judgedStoreFacts(
  entered: StoreFactsInput,
  place: { prefecture: string | null; city: string | null },
): StoreFacts {
  const { designated_on: designatedOn, urban_area: urbanArea, ...flags } = entered;
  return {
    ...flags,
    urban_area: urbanArea ?? urbanAreaOf(place.prefecture, place.city),
    designatedOn,
  };
}

export const storeFactsResponseSchema = z.object({
  stores: z.array(
    z.object({
      storeCode: z.string(),
      storeName: z.string(),
      facts: storeFactsSchema,
      /** False while nothing was entered for the store. */
      entered: z.boolean(),
      /** Whether the store's city lies in a 別表第三の一 area, for the form's default. */
      urbanAreaFromCity: z.boolean().nullable(),
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
  designatedOn: '保険薬局の指定日',
} as const;
