import { isFlagMeasure, type FacilityRuleSet, type StoreMeasures } from './measures.ts';
import type { DeemedEffect, FacilityRule, RevisionRules, RuleCondition } from './rule-schemas.ts';

/** Held, not held, or undecided because a measure it needs is unknown. */
export type Verdict = boolean | null;

export interface ConditionOutcome {
  condition: RuleCondition;
  value: number | boolean | null;
  met: Verdict;
  /**
   * For figures: how far the value is from satisfying the condition, in the measure's unit.
   * Positive: the distance still to go; negative: how far past the threshold it is (集中率 86.1
   * against "over 85" gives −1.1). At 0 the value sits on the threshold, which satisfies ≥ and ≤
   * but not > and <. Null for flags and unknown values.
   */
  margin: number | null;
  /** The deemed status (経過措置) that decided `met` instead of the value, if any. */
  deemedBy: string | null;
}

export interface ClauseOutcome {
  clause: number;
  met: Verdict;
  conditions: ConditionOutcome[];
}

export interface RuleOutcome {
  rule: FacilityRule;
  met: Verdict;
  clauses: ClauseOutcome[];
  /** The deemed status that decided the rule as a whole (an exemption), if any. */
  deemedBy: string | null;
}

export interface RuleSetOutcome {
  ruleSet: FacilityRuleSet;
  /** The rule that applies: the first by priority that holds, else the set's default, else none. */
  applies: FacilityRule | null;
  /** True when `applies` is the default because no rule held. */
  byDefault: boolean;
  /** Rules judged before `applies` that could not be decided: any of them might apply instead. */
  undecided: FacilityRule[];
  /** Every rule of the set, by priority. */
  rules: RuleOutcome[];
}

export interface FacilityStandardsJudgement {
  basicFee: RuleSetOutcome;
  genericTier: RuleSetOutcome;
  genericReduction: RuleSetOutcome;
  locationReduction: RuleSetOutcome;
  deemed: DeemedStatuses;
}

/** Margins are rounded to this many decimals, which keeps 85 − 86.1 at −1.1. */
const MARGIN_DECIMALS = 6;
const roundMargin = (value: number) => {
  const scale = 10 ** MARGIN_DECIMALS;
  return Math.round(value * scale) / scale + 0;
};

function allOf(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes(false)) return false;
  return verdicts.includes(null) ? null : true;
}

function anyOf(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes(true)) return true;
  return verdicts.includes(null) ? null : false;
}

export function evaluateCondition(
  condition: RuleCondition,
  measures: StoreMeasures,
): ConditionOutcome {
  const value = measures[condition.measure] ?? null;
  if (value === null) return { condition, value, met: null, margin: null, deemedBy: null };
  if (isFlagMeasure(condition.measure)) {
    const met = condition.comparator === 'is_true' ? value === true : value === false;
    return { condition, value, met, margin: null, deemedBy: null };
  }
  const figure = Number(value);
  const threshold = Number(condition.threshold);
  const judged = (met: boolean, margin: number) => ({
    condition,
    value,
    met,
    margin: roundMargin(margin),
    deemedBy: null,
  });
  switch (condition.comparator) {
    case 'gt':
      return judged(figure > threshold, threshold - figure);
    case 'gte':
      return judged(figure >= threshold, threshold - figure);
    case 'lt':
      return judged(figure < threshold, figure - threshold);
    case 'lte':
      return judged(figure <= threshold, figure - threshold);
    default:
      throw new Error(
        `condition on ${condition.measure} compares a figure with ${condition.comparator}`,
      );
  }
}

/** An effect as judged: an exemption whose deemed status is undecided has no outcome. */
export type JudgingEffect = Omit<DeemedEffect, 'outcome'> & { outcome: boolean | null };

/**
 * A rule holds when every condition of one of its clauses holds. A deemed status in force
 * decides the conditions on its measure, or the rule as a whole.
 */
export function evaluateRule(
  rule: FacilityRule,
  measures: StoreMeasures,
  effects: readonly JudgingEffect[] = [],
): RuleOutcome {
  const own = effects.filter((e) => e.ruleCode === rule.code);
  const clauseNumbers = [...new Set(rule.conditions.map((c) => c.clause))].sort((a, b) => a - b);
  const clauses = clauseNumbers.map((clause) => {
    const conditions = rule.conditions
      .filter((c) => c.clause === clause)
      .map((c) => {
        const outcome = evaluateCondition(c, measures);
        const effect = own.find((e) => e.measure === c.measure);
        // A deemed status is relied on only where it changes the verdict.
        return effect && effect.outcome !== null && effect.outcome !== outcome.met
          ? { ...outcome, met: effect.outcome, deemedBy: effect.statusCode }
          : outcome;
      });
    return { clause, met: allOf(conditions.map((c) => c.met)), conditions };
  });
  const whole = own.find((e) => e.measure === null);
  const met = anyOf(clauses.map((c) => c.met));
  // An exemption is relied on where it changes the verdict; one that cannot be decided leaves a
  // rule that would hold undecided.
  const exempt =
    whole !== undefined && (whole.outcome === null ? met === true : met !== whole.outcome);
  return {
    rule,
    met: exempt ? whole.outcome : met,
    clauses,
    deemedBy: exempt ? whole.statusCode : null,
  };
}

/** The rule of a set that applies to the store, with every rule's outcome. */
export function evaluateRuleSet(
  rules: readonly FacilityRule[],
  ruleSet: FacilityRuleSet,
  measures: StoreMeasures,
  effects: readonly JudgingEffect[] = [],
): RuleSetOutcome {
  const outcomes = rules
    .filter((r) => r.ruleSet === ruleSet)
    .sort((a, b) => a.priority - b.priority)
    .map((r) => evaluateRule(r, measures, effects));
  const held = outcomes.find((o) => o.met === true);
  const fallback = held ? undefined : outcomes.find((o) => o.rule.isDefault);
  const applies = held?.rule ?? fallback?.rule ?? null;
  const judgedBefore = held ? outcomes.slice(0, outcomes.indexOf(held)) : outcomes;
  return {
    ruleSet,
    applies,
    byDefault: fallback !== undefined,
    undecided: judgedBefore.filter((o) => o.met === null && o.rule !== applies).map((o) => o.rule),
    rules: outcomes,
  };
}

/** The deemed statuses (経過措置) of a revision on a day, and what those that hold decide. */
export interface DeemedStatuses {
  /** Every deemed status in force on the day, judged on the store's measures. */
  statuses: RuleOutcome[];
  /** The effects of those that hold. */
  effects: DeemedEffect[];
  /** The effects of those that cannot be decided: a rule they would exempt is undecided. */
  undecidedEffects: DeemedEffect[];
}

/**
 * The deemed statuses of a revision in force on a day (`yyyy-MM-dd`, the day the judged 区分 or
 * tier applies): a status past its `validUntil` is left out; one whose conditions hold lends its
 * effects to the rules it names.
 */
export function deemedStatusesOn(
  revision: Pick<RevisionRules, 'rules' | 'deemedEffects'>,
  measures: StoreMeasures,
  day: string,
): DeemedStatuses {
  const statuses = revision.rules
    .filter((r) => r.ruleSet === 'deemed_status' && (r.validUntil === null || day <= r.validUntil))
    .sort((a, b) => a.priority - b.priority)
    .map((r) => evaluateRule(r, measures));
  const codes = (met: boolean | null) =>
    new Set(statuses.filter((s) => s.met === met).map((s) => s.rule.code));
  const holding = codes(true);
  const undecided = codes(null);
  return {
    statuses,
    effects: revision.deemedEffects.filter((e) => holding.has(e.statusCode)),
    undecidedEffects: revision.deemedEffects.filter((e) => undecided.has(e.statusCode)),
  };
}

/**
 * The effects to judge with: those of the deemed statuses that hold, and, for an exemption whose
 * status cannot be decided (a designation day not entered), the rule taken as undecided.
 */
export function withUndecided(deemed: DeemedStatuses): JudgingEffect[] {
  const exemptions = deemed.undecidedEffects
    .filter((e) => e.measure === null)
    .map((e) => ({ ...e, outcome: null }));
  return [...deemed.effects, ...exemptions];
}

/**
 * Flags of the basic fee 区分 that other rules are judged on (加算 tiers, 立地依存減算): unknown
 * where a rule judged before the one that applies could not be decided and might apply instead.
 */
export function basicFeeFlags(
  outcome: Pick<RuleSetOutcome, 'applies' | 'undecided'> | null,
): StoreMeasures {
  const applies = outcome?.applies ?? null;
  if (outcome === null || applies === null) return {};
  const might = (code: string) => outcome.undecided.some((r) => r.code === code);
  return {
    basic_fee_1: outcome.undecided.length > 0 ? null : applies.code === 'basic_1',
    special_fee_a: applies.code === 'special_a' ? true : might('special_a') ? null : false,
  };
}

/**
 * Every rule set of one revision on one set of measures, as the day `day` sees it: the deemed
 * statuses first, then the basic fee, then the rules that depend on its 区分.
 */
export function evaluateFacilityStandards(
  revision: Pick<RevisionRules, 'rules' | 'deemedEffects'>,
  measures: StoreMeasures,
  day: string,
): FacilityStandardsJudgement {
  const deemed = deemedStatusesOn(revision, measures, day);
  const { rules } = revision;
  const effects = withUndecided(deemed);
  const basicFee = evaluateRuleSet(rules, 'basic_fee', measures, effects);
  const withFee = { ...measures, ...basicFeeFlags(basicFee) };
  return {
    basicFee,
    genericTier: evaluateRuleSet(rules, 'generic_tier', withFee, effects),
    genericReduction: evaluateRuleSet(rules, 'generic_reduction', withFee, effects),
    locationReduction: evaluateRuleSet(rules, 'location_reduction', withFee, effects),
    deemed,
  };
}
