import {
  FACILITY_STANDARDS_LABELS as L,
  type RuleVerdictKind,
  yenPerYearText,
} from '@pharmalytics/domain';

/**
 * Words the page model writes that the domain's labels do not hold. The judgement's own words
 * (verdicts, margins, deemed statuses, sums at stake) come from `page-labels.ts` of the domain.
 */
export const PAGE_TEXTS = {
  /** A condition or rule a deemed status (経過措置) decided instead of the store's figure. */
  deemed: '経過措置によりみなし',
  /** What an unconfirmed value lacks when its rule or condition says nothing more. */
  unconfirmedDefault: '公式の告示・通知で確認できていない値です。',
  /** The default 区分, which applies because no other holds. */
  appliedByDefault: `${L.applies}${L.byDefault}`,
  applied: L.applies,
  /** The verdict of one condition (the rule's verdict is the one 該当 / 非該当). */
  conditionVerdicts: { met: '満たす', notMet: '満たさない', unknown: '不明' },
  deemedStatuses: '経過措置',
  specialAShare: '特別調剤基本料Aの薬局は点数の100分の10',
} as const;

export type ConditionVerdict = keyof typeof PAGE_TEXTS.conditionVerdicts;

/** 現在の区分より 年 204万円 少ない / 多い. */
export function changeYenText(yen: number): string {
  return `${L.currentFee}より ${yenPerYearText(yen)} ${yen < 0 ? '少ない' : '多い'}`;
}

/** 未確定: 地域支援・医薬品供給対応体制加算1 に該当する可能性があります (the reason follows). */
export function mightApplyText(names: readonly string[]): string {
  return `${L.undecidedPrefix}${names.join('・')} に該当する可能性があります`;
}

/** A verdict kind the page shows as a warning (the rule could not be decided). */
export const isUndecidedVerdict = (kind: RuleVerdictKind) =>
  kind === 'missingInput' || kind === 'noData';
