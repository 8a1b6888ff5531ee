import { isFlagMeasure, type FacilityRuleSet, type StoreMeasures } from './measures.ts';
import type { FacilityRule, RuleCondition } from './rule-schemas.ts';

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
  if (value === null) return { condition, value, met: null, margin: null };
  if (isFlagMeasure(condition.measure)) {
    const met = condition.comparator === 'is_true' ? value === true : value === false;
    return { condition, value, met, margin: null };
  }
  const figure = Number(value);
  const threshold = Number(condition.threshold);
  switch (condition.comparator) {
    case 'gt':
      return { condition, value, met: figure > threshold, margin: roundMargin(threshold - figure) };
    case 'gte':
      return {
        condition,
        value,
        met: figure >= threshold,
        margin: roundMargin(threshold - figure),
      };
    case 'lt':
      return { condition, value, met: figure < threshold, margin: roundMargin(figure - threshold) };
    case 'lte':
      return {
        condition,
        value,
        met: figure <= threshold,
        margin: roundMargin(figure - threshold),
      };
    default:
      throw new Error(
        `condition on ${condition.measure} compares a figure with ${condition.comparator}`,
      );
  }
}

/** A rule holds when every condition of one of its clauses holds. */
export function evaluateRule(rule: FacilityRule, measures: StoreMeasures): RuleOutcome {
  const clauseNumbers = [...new Set(rule.conditions.map((c) => c.clause))].sort((a, b) => a - b);
  const clauses = clauseNumbers.map((clause) => {
    const conditions = rule.conditions
      .filter((c) => c.clause === clause)
      .map((c) => evaluateCondition(c, measures));
    return { clause, met: allOf(conditions.map((c) => c.met)), conditions };
  });
  return { rule, met: anyOf(clauses.map((c) => c.met)), clauses };
}

/** The rule of a set that applies to the store, with every rule's outcome. */
export function evaluateRuleSet(
  rules: readonly FacilityRule[],
  ruleSet: FacilityRuleSet,
  measures: StoreMeasures,
): RuleSetOutcome {
  const outcomes = rules
    .filter((r) => r.ruleSet === ruleSet)
    .sort((a, b) => a.priority - b.priority)
    .map((r) => evaluateRule(r, measures));
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

/** The basic fee 区分, the generic tier and the generic reduction of one revision's rules. */
export function evaluateFacilityStandards(
  rules: readonly FacilityRule[],
  measures: StoreMeasures,
): FacilityStandardsJudgement {
  return {
    basicFee: evaluateRuleSet(rules, 'basic_fee', measures),
    genericTier: evaluateRuleSet(rules, 'generic_tier', measures),
    genericReduction: evaluateRuleSet(rules, 'generic_reduction', measures),
  };
}
