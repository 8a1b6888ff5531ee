import { formatMetricNumber, RATE_UNIT } from '../format.ts';
import {
  conditionsByClause,
  type JudgedCondition,
  type JudgedRule,
  type JudgedRuleSet,
  type StoreJudgementWire,
} from './judgement-api.ts';
import {
  CONDITION_COMPARATORS,
  FACILITY_MEASURES,
  type FacilityRuleSet,
  type FigureMeasure,
} from './measures.ts';
import {
  FACILITY_MEASURE_SHORT,
  deemedStatusText,
  facilityThresholdText,
  facilityValueText,
} from './page-labels.ts';
import type { AlertSettings } from './settings-api.ts';

export const FACILITY_ALERT_KINDS = ['crossing', 'near'] as const;
export type FacilityAlertKind = (typeof FACILITY_ALERT_KINDS)[number];

/** A notice for one store and rule: a projected change, or a figure close to causing one. */
export interface FacilityAlert {
  /** Store, rule set, kind, target rule and period: a later period's alert is a new one. */
  key: string;
  storeCode: string;
  storeName: string;
  /** basic_fee, generic_tier, generic_reduction or location_reduction (never deemed_status). */
  ruleSet: FacilityRuleSet;
  kind: FacilityAlertKind;
  message: string;
}

const RECEPTIONS_UNIT = '回';
/** A distance between two rates: points, not percent. */
const RATE_DISTANCE_UNIT = 'pt';
const NO_TIER = 'none';

const monthText = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

export const FACILITY_ALERT_MESSAGES = {
  basicFeeChange: (store: string, from: string, current: string, projected: string) =>
    `${store}: ${monthText(from)}からの調剤基本料が ${current} から ${projected} に変わる見込みです`,
  genericTierDrop: (store: string, month: string, current: string, projected: string) =>
    `${store}: ${monthText(month)}からの後発医薬品の体制加算が ${current} から ${projected} に下がる見込みです`,
  genericTierLost: (store: string, month: string, current: string) =>
    `${store}: ${monthText(month)}から ${current} を満たさなくなる見込みです`,
  /**
   * Every 地域支援・医薬品供給対応体制加算 is lost at the 後発 gate: 後発割合が85%を下回る見込みです。
   * `deemedUntil` names the 経過措置 the tier held on until now, when it ends.
   */
  genericGateLost: (
    store: string,
    month: string,
    tier: string,
    threshold: string,
    deemedUntil: string | null = null,
  ) =>
    `${store}: 後発割合が${threshold}を下回る見込みです。${
      deemedUntil === null ? '' : `${deemedUntil}が終わり、`
    }${monthText(month)}から ${tier} を算定できなくなります`,
  genericReductionStarts: (store: string, month: string, rule: string) =>
    `${store}: ${monthText(month)}から ${rule} の対象になる見込みです`,
  locationReductionStarts: (store: string, from: string, rule: string) =>
    `${store}: ${monthText(from)}からの調剤基本料に ${rule} がかかる見込みです`,
  basicFeeNear: (store: string, distance: string, from: string, rule: string) =>
    `${store}: ${distance}と ${monthText(from)}からの調剤基本料が ${rule} になります`,
  genericTierNear: (store: string, distance: string, month: string, rule: string) =>
    `${store}: ${distance}と ${monthText(month)}から ${rule} を満たさなくなります`,
  /** The figure that decides, against its threshold: （集中率 86.1%、基準 85.0%超）. */
  figure: (label: string, value: string, threshold: string) =>
    `（${label} ${value}、基準 ${threshold}）`,
  /** How far a figure is from the threshold: 集中率があと 1.2pt 上がる. */
  distance: (label: string, amount: string | null, rises: boolean, rate: boolean) =>
    `${label}が${amount === null ? 'わずかに' : `あと ${amount} `}${
      rate ? (rises ? '上がる' : '下がる') : rises ? '増える' : '減る'
    }`,
  unconfirmed: '[未確認]',
} as const;

/** The words around the alerts on the dashboard and in the report mail. */
export const FACILITY_ALERT_TEXTS = {
  heading: '施設基準の見込み',
  link: '施設基準を見る',
  close: 'この通知を閉じる',
} as const;

interface Figure {
  measure: FigureMeasure;
  condition: JudgedCondition & { value: number; margin: number; threshold: number };
}

function figureOf(condition: JudgedCondition): Figure | null {
  const measure = condition.measure;
  if (FACILITY_MEASURES[measure].kind !== 'figure') return null;
  const { value, margin, threshold } = condition;
  if (typeof value !== 'number' || margin === null || threshold === null) return null;
  return {
    measure: measure as FigureMeasure,
    condition: { ...condition, value, margin, threshold },
  };
}

const unitOf = (measure: FigureMeasure) => FACILITY_MEASURES[measure].unit;

/** The setting a figure's margin is measured against; null for figures no setting covers. */
export function allowedMargin(measure: FigureMeasure, settings: AlertSettings): number | null {
  const unit = unitOf(measure);
  if (unit === RATE_UNIT) return settings.rateMargin;
  if (unit === RECEPTIONS_UNIT) return settings.receptionsMargin;
  return null;
}

/** Whether a figure condition is within the corporation's alert distance of its threshold. */
export function withinAlertDistance(condition: JudgedCondition, settings: AlertSettings): boolean {
  const figure = figureOf(condition);
  if (figure === null) return false;
  const allowed = allowedMargin(figure.measure, settings);
  return allowed !== null && Math.abs(figure.condition.margin) <= allowed;
}

/** Distance over the threshold, relative, so a rate and a count can be compared. */
const relativeMargin = ({ condition }: Figure) =>
  Math.abs(condition.margin) / Math.max(Math.abs(condition.threshold), 1);

const closest = (figures: readonly Figure[]) =>
  [...figures].sort((a, b) => relativeMargin(a) - relativeMargin(b))[0] ?? null;

const clausesOf = (rule: JudgedRule) => [...conditionsByClause(rule).values()];

/**
 * The figure that makes a rule hold (the closest to its threshold among the clauses that hold) or
 * fail (the closest to holding among the conditions that fail).
 */
function decidingFigure(rule: JudgedRule, holds: boolean): Figure | null {
  const conditions = holds
    ? clausesOf(rule)
        .filter((clause) => clause.every((c) => c.met === true))
        .flat()
    : rule.conditions.filter((c) => c.met === false);
  return closest(conditions.map(figureOf).filter((f): f is Figure => f !== null));
}

function figureText(figure: Figure | null): string {
  if (figure === null) return '';
  const { measure, condition } = figure;
  return FACILITY_ALERT_MESSAGES.figure(
    FACILITY_MEASURE_SHORT[measure].label,
    facilityValueText(measure, condition.value),
    `${facilityThresholdText(measure, condition.threshold)}${CONDITION_COMPARATORS[condition.comparator].label}`,
  );
}

function distanceText(figure: Figure, rises: boolean): string {
  const { measure, condition } = figure;
  const unit = unitOf(measure);
  const rate = unit === RATE_UNIT;
  const margin = Math.abs(condition.margin);
  const amount =
    margin === 0
      ? null
      : rate
        ? `${formatMetricNumber(margin, unit)}${RATE_DISTANCE_UNIT}`
        : `${formatMetricNumber(margin, unit)}${FACILITY_MEASURE_SHORT[measure].thresholdUnit ?? ''}`;
  return FACILITY_ALERT_MESSAGES.distance(
    FACILITY_MEASURE_SHORT[measure].label,
    amount,
    rises,
    rate,
  );
}

const unconfirmed = (rule: JudgedRule | null | undefined, figure: Figure | null) =>
  rule?.confidence === 'unconfirmed' || figure?.condition.confidence === 'unconfirmed';

const ruleOf = (set: JudgedRuleSet, code: string | null) =>
  code === null ? undefined : set.rules.find((r) => r.code === code);

/** Rules judged before the one that applies: all of them when it applies by default. */
function judgedBefore(set: JudgedRuleSet): JudgedRule[] {
  if (set.byDefault) return set.rules.filter((r) => r.code !== set.applies);
  const index = set.rules.findIndex((r) => r.code === set.applies);
  return index < 0 ? [] : set.rules.slice(0, index);
}

const GENERIC_SHARE = 'generic_share';

/**
 * The condition on the 後発 share that every tier of a set asks alike (R8's 85 % gate of the
 * 地域支援・医薬品供給対応体制加算 1–5), or null when the tiers have thresholds of their own (R6).
 */
function genericGate(set: JudgedRuleSet): Pick<JudgedCondition, 'comparator' | 'threshold'> | null {
  const gates = set.rules.map((rule) =>
    clausesOf(rule).map((clause) => clause.find((c) => c.measure === GENERIC_SHARE)),
  );
  const first = gates[0]?.[0];
  if (!first) return null;
  const alike = gates.every(
    (clauses) =>
      clauses.length > 0 &&
      clauses.every((c) => c?.comparator === first.comparator && c.threshold === first.threshold),
  );
  return alike ? { comparator: first.comparator, threshold: first.threshold } : null;
}

const isGate = (
  condition: JudgedCondition,
  gate: Pick<JudgedCondition, 'comparator' | 'threshold'>,
) =>
  condition.measure === GENERIC_SHARE &&
  condition.comparator === gate.comparator &&
  condition.threshold === gate.threshold;

/**
 * The figure that makes a rule hold ahead, preferring those that do not hold now (the change
 * that brings it), else the closest to its threshold.
 */
function changedFigure(ahead: JudgedRule, now: JudgedRule | undefined): Figure | null {
  const heldNow = (c: JudgedCondition) =>
    now?.conditions.some(
      (n) =>
        n.clause === c.clause &&
        n.measure === c.measure &&
        n.comparator === c.comparator &&
        n.met === true,
    ) ?? false;
  const held = clausesOf(ahead)
    .filter((clause) => clause.every((c) => c.met === true))
    .flat();
  const changed = held.filter((c) => !heldNow(c));
  return (
    closest(changed.map(figureOf).filter((f): f is Figure => f !== null)) ??
    decidingFigure(ahead, true)
  );
}

/** Whether a figure condition, not yet holding, rises (> / ≥) or falls (< / ≤) to hold. */
const risesToHold = (condition: JudgedCondition) =>
  condition.comparator === 'gt' || condition.comparator === 'gte';

/**
 * The alerts of one store's judgement (docs/facility-standards.md "Alerts"): a projected change of
 * its basic fee 区分, generic tier, 後発医薬品減算 or 門前薬局等立地依存減算 (crossing), or a figure
 * within the corporation's alert distance of changing them (near). A tier lost at the 後発 gate
 * (R8: every 加算 1–5 asks 後発 ≥ 85 %) comes first.
 */
export function facilityAlerts(
  store: StoreJudgementWire,
  settings: AlertSettings,
): FacilityAlert[] {
  const alerts: FacilityAlert[] = [];
  const add = (
    ruleSet: FacilityRuleSet,
    kind: FacilityAlertKind,
    target: string,
    period: string,
    text: string,
    isUnconfirmed: boolean,
    headline = false,
  ) => {
    const alert: FacilityAlert = {
      key: [store.storeCode, ruleSet, kind, target, period].join('/'),
      storeCode: store.storeCode,
      storeName: store.storeName,
      ruleSet,
      kind,
      message: isUnconfirmed ? `${text}${FACILITY_ALERT_MESSAGES.unconfirmed}` : text,
    };
    if (headline) alerts.unshift(alert);
    else alerts.push(alert);
  };
  const name = store.storeName;

  const { current: basicNow, projected: basicAhead } = store.basicFee;
  if (basicAhead !== null) {
    const outcome = basicAhead.outcome;
    const from = basicAhead.period.appliesFrom;
    const target = ruleOf(outcome, outcome.applies);
    const nowCode = basicNow?.outcome.applies ?? null;
    if (target && nowCode !== null && nowCode !== target.code) {
      const nowRule = ruleOf(basicNow!.outcome, nowCode);
      // A 区分 reached by default is decided by the one that stopped holding.
      const figure = outcome.byDefault
        ? (() => {
            const left = ruleOf(outcome, nowCode);
            return left ? decidingFigure(left, false) : null;
          })()
        : decidingFigure(target, true);
      add(
        'basic_fee',
        'crossing',
        target.code,
        from,
        FACILITY_ALERT_MESSAGES.basicFeeChange(name, from, nowRule?.name ?? nowCode, target.name) +
          figureText(figure),
        unconfirmed(target, figure),
      );
    }
    const near: { rule: JudgedRule; figure: Figure }[] = [];
    for (const rule of judgedBefore(outcome)) {
      if (rule.met !== false) continue;
      const candidates = clausesOf(rule).flatMap((clause) => {
        const failing = clause.filter((c) => c.met !== true);
        if (failing.length !== 1 || failing[0]!.met !== false) return [];
        const figure = figureOf(failing[0]!);
        if (figure === null) return [];
        const allowed = allowedMargin(figure.measure, settings);
        const margin = figure.condition.margin;
        return allowed !== null && margin >= 0 && margin <= allowed ? [figure] : [];
      });
      const figure = closest(candidates);
      // A rule judged earlier that the same move of the same figure reaches first would apply
      // instead (a big group's store past 85 % is 3ロ, not 基本料2).
      const preempted = near.some(
        (earlier) =>
          earlier.figure.measure === figure?.measure &&
          risesToHold(earlier.figure.condition) === risesToHold(figure.condition) &&
          earlier.figure.condition.margin <= figure.condition.margin,
      );
      if (figure !== null && !preempted) near.push({ rule, figure });
    }
    for (const { rule, figure } of near) {
      add(
        'basic_fee',
        'near',
        rule.code,
        from,
        FACILITY_ALERT_MESSAGES.basicFeeNear(
          name,
          distanceText(figure, risesToHold(figure.condition)),
          from,
          rule.name,
        ) + figureText(figure),
        unconfirmed(rule, figure),
      );
    }

    // 門前薬局等立地依存減算, judged with the basic fee: it starts to apply ahead.
    const locationAhead = ruleOf(
      basicAhead.locationReduction,
      basicAhead.locationReduction.applies,
    );
    if (locationAhead && basicNow !== null && basicNow.locationReduction.applies === null) {
      const figure = changedFigure(
        locationAhead,
        ruleOf(basicNow.locationReduction, locationAhead.code),
      );
      add(
        'location_reduction',
        'crossing',
        locationAhead.code,
        from,
        FACILITY_ALERT_MESSAGES.locationReductionStarts(name, from, locationAhead.name) +
          figureText(figure),
        unconfirmed(locationAhead, figure),
      );
    }
  }

  const { current: genericNow, projected: genericAhead } = store.generic;
  if (genericAhead !== null) {
    const month = genericAhead.appliesMonth;
    const tier = genericAhead.tier;
    const nowTier = genericNow && ruleOf(genericNow.tier, genericNow.tier.applies);
    const aheadTier = ruleOf(tier, tier.applies);
    const lower =
      nowTier &&
      (aheadTier === undefined ||
        (nowTier.points !== null &&
          aheadTier.points !== null &&
          aheadTier.points < nowTier.points));
    if (nowTier && lower) {
      // The tier left, under the projected revision: the same rule, else the one just above
      // the tier reached, else the lowest tier.
      const aheadIndex = aheadTier ? tier.rules.indexOf(aheadTier) : tier.rules.length;
      const left = ruleOf(tier, nowTier.code) ?? tier.rules[aheadIndex - 1];
      const gate = genericGate(tier);
      const gateFailing = gate && left?.conditions.find((c) => c.met === false && isGate(c, gate));
      if (gate && gateFailing) {
        // The headline: below the 後発 gate, every tier of the family is lost.
        const figure = figureOf(gateFailing);
        const nowGate = nowTier.conditions.find((c) => c.met === true && isGate(c, gate));
        const deemed = nowGate?.deemedBy
          ? genericNow.deemed.find((s) => s.code === nowGate.deemedBy)
          : undefined;
        add(
          'generic_tier',
          'crossing',
          aheadTier?.code ?? NO_TIER,
          month,
          FACILITY_ALERT_MESSAGES.genericGateLost(
            name,
            month,
            left!.name,
            facilityThresholdText(GENERIC_SHARE, gate.threshold!),
            deemed ? deemedStatusText(deemed) : null,
          ) + figureText(figure),
          unconfirmed(left, figure),
          true,
        );
      } else {
        const figure = left ? decidingFigure(left, false) : null;
        add(
          'generic_tier',
          'crossing',
          aheadTier?.code ?? NO_TIER,
          month,
          (aheadTier
            ? FACILITY_ALERT_MESSAGES.genericTierDrop(name, month, nowTier.name, aheadTier.name)
            : FACILITY_ALERT_MESSAGES.genericTierLost(name, month, nowTier.name)) +
            figureText(figure),
          unconfirmed(aheadTier ?? left, figure),
        );
      }
    }
    if (aheadTier) {
      const heldClauses = clausesOf(aheadTier).filter((clause) => clause.every((c) => c.met));
      const candidates = heldClauses.flat().flatMap((condition) => {
        const figure = figureOf(condition);
        if (figure === null) return [];
        const allowed = allowedMargin(figure.measure, settings);
        const margin = figure.condition.margin;
        return allowed !== null && margin <= 0 && -margin <= allowed ? [figure] : [];
      });
      // Holding on every clause that holds: one clause left is enough to keep the tier.
      const figure = heldClauses.length === 1 ? closest(candidates) : null;
      if (figure) {
        add(
          'generic_tier',
          'near',
          aheadTier.code,
          month,
          FACILITY_ALERT_MESSAGES.genericTierNear(
            name,
            distanceText(figure, !risesToHold(figure.condition)),
            month,
            aheadTier.name,
          ) + figureText(figure),
          unconfirmed(aheadTier, figure),
        );
      }
    }

    const reduction = ruleOf(genericAhead.reduction, genericAhead.reduction.applies);
    const reducedNow = genericNow?.reduction.applies ?? null;
    if (reduction && genericNow && reducedNow === null) {
      const figure = decidingFigure(reduction, true);
      add(
        'generic_reduction',
        'crossing',
        reduction.code,
        month,
        FACILITY_ALERT_MESSAGES.genericReductionStarts(name, month, reduction.name) +
          figureText(figure),
        unconfirmed(reduction, figure),
      );
    }
  }
  return alerts;
}

/** The alerts of every store of a judgement, store by store. */
export function facilityAlertsOf(
  stores: readonly StoreJudgementWire[],
  settings: AlertSettings,
): FacilityAlert[] {
  return stores.flatMap((store) => facilityAlerts(store, settings));
}
