import {
  CONDITION_COMPARATORS,
  conditionsByClause,
  FACILITY_MEASURE_SHORT,
  FACILITY_MEASURES,
  FACILITY_STANDARDS_LABELS as L,
  facilityMarginText,
  facilityThresholdText,
  facilityValueText,
  formatNumber,
  isFlagMeasure,
  judgementPeriodText,
  receptionsToKeepText,
  type JudgedBasicFeeWire,
  type JudgedCondition,
  type JudgedGenericWire,
  type JudgedRule,
  type JudgedRuleSet,
  type JudgementMonth,
  withinAlertDistance,
  type AlertSettings,
  type FigureMeasure,
  type StoreJudgementWire,
} from '@pharmalytics/domain';

/** Group figures are withheld from members who are not administrators. */
const GROUP_MEASURE_PREFIX = 'group_';

export interface Viewer {
  /** Whether the member may see the group's figures (administrators). */
  seesGroup: boolean;
  /** The corporation's alert distances: a figure within them is shown as close. */
  alertSettings: AlertSettings;
}

const isRate = (condition: Pick<JudgedCondition, 'measure'>) =>
  FACILITY_MEASURE_SHORT[condition.measure].valueUnit === '%';

function isWithheld(condition: JudgedCondition, viewer: Viewer): boolean {
  return (
    !viewer.seesGroup &&
    condition.value === null &&
    condition.measure.startsWith(GROUP_MEASURE_PREFIX)
  );
}

/**
 * A condition written as the page shows it: 集中率 86.1%（基準 85%まで −1.1pt）,
 * 受付 1,920回/月（基準 1,800回）, 医療機関との不動産賃貸借 なし（条件: あり）.
 */
export function conditionPhrase(condition: JudgedCondition, viewer: Viewer): string {
  const short = FACILITY_MEASURE_SHORT[condition.measure];
  if (isWithheld(condition, viewer)) return `${short.label} ${L.withheld}`;
  if (isFlagMeasure(condition.measure)) {
    const required = condition.comparator === 'is_true' ? L.flagYes : L.flagNo;
    const value =
      condition.value === null ? L.unknown : condition.value === true ? L.flagYes : L.flagNo;
    return `${short.label} ${value}（条件: ${required}）`;
  }
  const measure = condition.measure as FigureMeasure;
  const threshold = facilityThresholdText(measure, condition.threshold ?? 0);
  const comparator = CONDITION_COMPARATORS[condition.comparator].label;
  if (typeof condition.value !== 'number') {
    return `${short.label} ${L.unknown}（基準 ${threshold}${comparator}）`;
  }
  const value = facilityValueText(measure, condition.value);
  if (isRate(condition)) {
    const margin =
      condition.margin === null ? '' : ` ${facilityMarginText(measure, condition.margin)}`;
    return `${short.label} ${value}（基準 ${threshold}まで${margin}）`;
  }
  return `${short.label} ${value}（基準 ${threshold}${comparator}）`;
}

export interface RuleRef {
  code: string;
  name: string;
  points: number | null;
  unconfirmed: boolean;
}

const ruleRef = (rule: JudgedRule): RuleRef => ({
  code: rule.code,
  name: rule.name,
  points: rule.points,
  unconfirmed: rule.confidence === 'unconfirmed',
});

function ruleOf(set: JudgedRuleSet, code: string | null): JudgedRule | undefined {
  return code === null ? undefined : set.rules.find((r) => r.code === code);
}

export interface ConditionLine {
  measure: JudgedCondition['measure'];
  threshold: number | null;
  text: string;
  met: boolean | null;
  unconfirmed: boolean;
  near: boolean;
}

/** A clause of a rule that decided the 区分 or came close to deciding it. */
export interface DecidingClause {
  rule: RuleRef;
  clause: number;
  /** The clause holds (it is why the rule applies). */
  held: boolean;
  conditions: ConditionLine[];
}

const lineOf = (condition: JudgedCondition, viewer: Viewer): ConditionLine => ({
  measure: condition.measure,
  threshold: condition.threshold,
  text: conditionPhrase(condition, viewer),
  met: condition.met,
  unconfirmed: condition.confidence === 'unconfirmed',
  near: condition.met === false && withinAlertDistance(condition, viewer.alertSettings),
});

/** How far a clause is from holding: the largest relative distance of its failed figures. */
function clauseDistance(conditions: readonly JudgedCondition[]): number {
  if (conditions.some((c) => c.met === false && isFlagMeasure(c.measure))) return Infinity;
  const failed = conditions.filter((c) => c.met === false);
  if (failed.some((c) => c.margin === null || !c.threshold)) return Infinity;
  return Math.max(0, ...failed.map((c) => Math.abs(c.margin! / c.threshold!)));
}

export const MAX_DECIDING_CLAUSES = 3;

/**
 * The clauses worth showing on a card: the clause by which the applied rule holds, then the
 * clauses of the rules judged before it with a condition within the alert distance (no flag
 * against them); when there is none, the one clause closest to holding.
 */
export function decidingClauses(set: JudgedRuleSet, viewer: Viewer): DecidingClause[] {
  const applied = ruleOf(set, set.applies);
  const result: DecidingClause[] = [];
  const clause = (rule: JudgedRule, number: number, conditions: JudgedCondition[], held: boolean) =>
    ({
      rule: ruleRef(rule),
      clause: number,
      held,
      conditions: conditions.map((c) => lineOf(c, viewer)),
    }) satisfies DecidingClause;
  if (applied && !set.byDefault) {
    const held = [...conditionsByClause(applied)].find(([, conditions]) =>
      conditions.every((c) => c.met === true),
    );
    if (held) result.push(clause(applied, held[0], held[1], true));
  }
  const appliedIndex = applied ? set.rules.indexOf(applied) : -1;
  const before =
    applied && !set.byDefault
      ? set.rules.slice(0, appliedIndex)
      : set.rules.filter((r) => r !== applied);
  const candidates = before
    .filter((rule) => rule.met !== true)
    .flatMap((rule) =>
      [...conditionsByClause(rule)].map(([number, conditions]) => ({
        rule,
        number,
        conditions,
        distance: clauseDistance(conditions),
      })),
    )
    .filter((c) => c.distance < Infinity);
  const near = candidates.filter((c) =>
    c.conditions.some(
      (condition) =>
        condition.met === false && withinAlertDistance(condition, viewer.alertSettings),
    ),
  );
  const chosen =
    near.length > 0 ? near : candidates.sort((a, b) => a.distance - b.distance).slice(0, 1);
  for (const c of chosen.sort((a, b) => a.distance - b.distance)) {
    result.push(clause(c.rule, c.number, c.conditions, false));
  }
  return result.slice(0, MAX_DECIDING_CLAUSES);
}

export type FeeChange = 'same' | 'worse' | 'better' | 'unknown';

export interface FeeView {
  rule: RuleRef | null;
  byDefault: boolean;
  /** Rules that might apply instead, for want of a figure. */
  undecided: RuleRef[];
  periodText: string;
  revisionCode: string;
}

function feeView(fee: JudgedBasicFeeWire | null): FeeView | null {
  if (fee === null) return null;
  const { outcome } = fee;
  const applied = ruleOf(outcome, outcome.applies);
  return {
    rule: applied ? ruleRef(applied) : null,
    byDefault: outcome.byDefault,
    undecided: outcome.undecided
      .map((code) => ruleOf(outcome, code))
      .filter((r): r is JudgedRule => r !== undefined)
      .map(ruleRef),
    periodText: judgementPeriodText(fee.period),
    revisionCode: fee.revisionCode,
  };
}

/** A 区分 that changes code; fewer points is worse. */
export function feeChange(current: FeeView | null, projected: FeeView | null): FeeChange {
  if (!current?.rule || !projected?.rule) return 'unknown';
  if (current.rule.code === projected.rule.code) return 'same';
  const before = current.rule.points ?? 0;
  const after = projected.rule.points ?? 0;
  return after < before ? 'worse' : 'better';
}

export interface GenericView {
  tier: RuleRef | null;
  reduction: RuleRef | null;
  appliesMonth: string;
  shareText: string | null;
  projectedMonths: number;
}

function genericView(generic: JudgedGenericWire | null): GenericView | null {
  if (generic === null) return null;
  const tier = ruleOf(generic.tier, generic.tier.applies);
  const reduction = ruleOf(generic.reduction, generic.reduction.applies);
  const share = generic.tier.rules
    .flatMap((r) => r.conditions)
    .find((c) => c.measure === 'generic_share' && typeof c.value === 'number');
  return {
    tier: tier ? ruleRef(tier) : null,
    reduction: reduction ? ruleRef(reduction) : null,
    appliesMonth: generic.appliesMonth,
    shareText:
      share && typeof share.value === 'number'
        ? `${FACILITY_MEASURE_SHORT.generic_share.label} ${facilityValueText('generic_share', share.value)}`
        : null,
    projectedMonths: generic.projectedMonths,
  };
}

export interface TrendPoint {
  month: string;
  value: number | null;
  projected: boolean;
}

export interface StoreCardModel {
  storeCode: string;
  storeName: string;
  /** Neither period has figures to judge. */
  empty: boolean;
  current: FeeView | null;
  projected: FeeView | null;
  change: FeeChange;
  generic: { current: GenericView | null; projected: GenericView | null };
  deciding: DecidingClause[];
  keepText: string | null;
  trend: TrendPoint[];
}

/** What one store's card shows, from its judgement. */
export function storeCardModel(store: StoreJudgementWire, viewer: Viewer): StoreCardModel {
  const current = feeView(store.basicFee.current);
  const projected = feeView(store.basicFee.projected);
  const ahead = store.basicFee.projected ?? store.basicFee.current;
  const keep =
    store.receptionsToKeepCurrent !== null && store.receptionsToKeepCurrent > 0 && current?.rule
      ? receptionsToKeepText(store.receptionsToKeepCurrent, current.rule.name)
      : null;
  return {
    storeCode: store.storeCode,
    storeName: store.storeName,
    empty: store.basicFee.current === null && store.basicFee.projected === null,
    current,
    projected,
    change: feeChange(current, projected),
    generic: {
      current: genericView(store.generic.current),
      projected: genericView(store.generic.projected),
    },
    deciding: ahead ? decidingClauses(ahead.outcome, viewer) : [],
    keepText: keep,
    trend: store.months.map((m) => ({
      month: m.month,
      value: m.standardReceptions,
      projected: m.projected,
    })),
  };
}

/** A rule's name with its points: 調剤基本料1（47点）. */
export function ruleTitle(rule: RuleRef): string {
  return rule.points === null
    ? rule.name
    : `${rule.name}（${formatNumber(rule.points, 0)}${L.points}）`;
}

/** The undecided notice of a 区分, or null when it is decided. */
export function undecidedText(fee: FeeView): string | null {
  if (fee.rule === null) return L.undecidable;
  if (fee.undecided.length === 0) return null;
  return `${L.undecidedPrefix}${fee.undecided.map((r) => r.name).join('・')}${L.undecidedSuffix}`;
}

export type RuleVerdict = 'held' | 'notHeld' | 'undecided';

export const verdictOf = (met: boolean | null): RuleVerdict =>
  met === true ? 'held' : met === false ? 'notHeld' : 'undecided';

export const VERDICT_LABELS: Record<RuleVerdict, string> = {
  held: L.ruleHeld,
  notHeld: L.ruleNotHeld,
  undecided: L.ruleUndecided,
};

/** One condition as the rule list's table row shows it. */
export interface ConditionRow {
  clause: number;
  label: string;
  value: string;
  threshold: string;
  margin: string;
  verdict: RuleVerdict;
  unconfirmed: boolean;
}

export function conditionRow(condition: JudgedCondition, viewer: Viewer): ConditionRow {
  const comparator = CONDITION_COMPARATORS[condition.comparator];
  const flag = isFlagMeasure(condition.measure);
  const measure = condition.measure as FigureMeasure;
  const value = isWithheld(condition, viewer)
    ? L.withheld
    : condition.value === null
      ? L.unknown
      : typeof condition.value === 'boolean'
        ? condition.value
          ? L.flagYes
          : L.flagNo
        : facilityValueText(measure, condition.value);
  const threshold = flag
    ? condition.comparator === 'is_true'
      ? L.flagYes
      : L.flagNo
    : `${facilityThresholdText(measure, condition.threshold ?? 0)}${comparator.label}`;
  const margin = condition.margin === null ? '—' : facilityMarginText(measure, condition.margin);
  return {
    clause: condition.clause,
    label: FACILITY_MEASURES[condition.measure].label,
    value,
    threshold,
    margin,
    verdict: verdictOf(condition.met),
    unconfirmed: condition.confidence === 'unconfirmed',
  };
}

/** The months of a store split by period, the previous first. */
export function monthsByPeriod(
  months: readonly JudgementMonth[],
  periods: {
    previous: { fromMonth: string; toMonth: string };
    current: { fromMonth: string; toMonth: string };
  },
) {
  const within = (p: { fromMonth: string; toMonth: string }) =>
    months.filter((m) => m.month >= p.fromMonth && m.month <= p.toMonth);
  return { previous: within(periods.previous), current: within(periods.current) };
}
