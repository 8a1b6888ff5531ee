import { z } from 'zod';
import type { InsuranceType } from '../dispensing.ts';

/**
 * What the 施設基準 measures leave out, recognised from the stored facts (dispensing-domain §2,
 * docs/facility-standards.md "Measures"). Fee items are recognised by the name the file gives
 * them (`prescription_fees.name`): fee codes of the files are not a national master we hold.
 * Patterns are SQL LIKE patterns; names are compared as written, so full-width and half-width
 * digits are both listed.
 */

/** 時間外加算・休日加算・深夜加算 (on 調剤基本料 and 調剤管理料) and 夜間・休日等加算. */
export const TIME_BAND_ADDITION_PATTERNS = ['%時間外%', '%休日%', '%深夜%'] as const;

/**
 * Fee items of a 在宅 reception that keep it out of the count: 在宅患者訪問薬剤管理指導料 (other
 * than for one patient in a single building), 在宅患者緊急訪問薬剤管理指導料, 在宅患者緊急時等共同指導料.
 */
export const HOME_CARE_FEE_PATTERNS = [
  '在宅患者訪問薬剤管理指導料%',
  '在宅患者緊急訪問薬剤管理指導料%',
  '在宅患者緊急時等共同指導料%',
] as const;

/** 在宅患者訪問薬剤管理指導料 for one patient in a single building: such a reception is counted. */
export const SINGLE_BUILDING_ONE_PATIENT_PATTERNS = [
  '在宅患者訪問薬剤管理指導料%単一建物%１人%',
  '在宅患者訪問薬剤管理指導料%単一建物%1人%',
] as const;

/**
 * A reception that holds one of these fees and no 調剤基本料 is 分割調剤 2回目以降 only, or 服薬情報等
 * 提供料 only, and is not counted. Recognised only where both names are in the data: a file whose
 * fees carry codes alone keeps such receptions in the count rather than dropping every reception.
 */
export const NOT_A_RECEPTION_FEE_PATTERNS = ['%分割調剤%', '服薬情報等提供料%'] as const;
export const BASIC_FEE_PATTERNS = ['%調剤基本料%'] as const;

/** 労災・自賠責・自費 and 公費単独 claims are outside 医療保険 and outside the count. */
export const OUTSIDE_MEDICAL_INSURANCE: readonly InsuranceType[] = [
  '労災',
  '自賠責',
  '自費',
  '公費',
];

/**
 * 薬効分類 (the first three characters of the YJ code) left out of the generic share and the
 * cut-off: 生薬 (510) and 漢方製剤 (520).
 */
export const GENERIC_SHARE_EXCLUDED_EFFICACY_CLASSES = ['510', '520'] as const;

/** Months the generic share of the 加算 is taken over: the month and the two before it. */
export const GENERIC_SHARE_WINDOW_MONTHS = 3;

const month = z.string().regex(/^\d{4}-\d{2}$/);
/** Percent, unrounded (a threshold test must not see a rounded value); null without a denominator. */
const rate = z.number().nullable();

/** One store's 施設基準 measures of one month. */
export const storeMonthMeasuresSchema = z.object({
  storeId: z.number().int(),
  month,
  /** Every reception of the month (受付回数 as the dashboard counts it). */
  receptions: z.number().int(),
  /** Receptions on the 施設基準 basis (the exclusions above left out). */
  standardReceptions: z.number().int(),
  /** The institution (or same-building group) with the most 施設基準 receptions; null without any. */
  topInstitution: z
    .object({ key: z.string(), name: z.string(), receptions: z.number().int() })
    .nullable(),
  top3Receptions: z.number().int(),
  concentrationRate: rate,
  top3ConcentrationRate: rate,
  /** 規格単位数量 of class 3 (後発), of classes 2 and 3, and of every medicine line counted. */
  genericQuantity: z.number(),
  eligibleQuantity: z.number(),
  totalQuantity: z.number(),
  genericShare: rate,
  cutoffShare: rate,
  /** The same shares over this month and the two before it (sums of quantities, not averages). */
  genericShare3Months: rate,
  cutoffShare3Months: rate,
});
export type StoreMonthMeasures = z.infer<typeof storeMonthMeasuresSchema>;

/** The group (the corporation's stores, and the figure entered for stores outside) in one month. */
export const groupMonthTotalsSchema = z.object({
  month,
  /** 施設基準 receptions of the corporation's stores. */
  storeReceptions: z.number().int(),
  /** Stores of the corporation with receptions in the month. */
  storeCount: z.number().int(),
  /** The figure in force for the group's stores outside the service (0 when none is entered). */
  outsideReceptions: z.number().int(),
  outsideStoreCount: z.number().int(),
  receptions: z.number().int(),
  stores: z.number().int(),
  /**
   * The corporation's stores by their top institution (a building counted as one): how many have
   * it as their top, and their 施設基準 receptions summed (基本料2's group clause), largest first.
   */
  sameTopInstitution: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      stores: z.number().int(),
      receptions: z.number().int(),
    }),
  ),
});
export type GroupMonthTotals = z.infer<typeof groupMonthTotalsSchema>;

/**
 * The month whose 後発医薬品調剤体制加算 decides the deemed 後発 85 % of the R8 地域支援・医薬品供給対応体制加算
 * (特掲診療料の施設基準等 第十七 八: a pharmacy that held the 加算 on 2026-03-31).
 */
export const GENERIC_TIER_REFERENCE_MONTH = '2026-03';

/**
 * 服薬管理指導料3 (for residents of 介護老人福祉施設 and the like): the prescriptions of facility
 * residents are left out of the 集中率, numerator and denominator (疑義解釈資料の送付について
 * （その3）問1); 在宅 receptions other than for one patient in a building are out of the count
 * already.
 */
export const FACILITY_RESIDENT_FEE_PATTERNS = ['服薬管理指導料３%', '服薬管理指導料3%'] as const;
