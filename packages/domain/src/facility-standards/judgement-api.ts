import { z } from 'zod';
import { FIELD_LABELS, FORM_MESSAGES } from '../messages.ts';
import { storeCodeList } from '../schemas/primitives.ts';
import type {
  ConditionOutcome,
  DeemedStatuses,
  RuleOutcome,
  RuleSetOutcome,
} from './evaluate-rules.ts';
import {
  CONDITION_COMPARATORS,
  FACILITY_MEASURE_KEYS,
  FACILITY_MEASURES,
  RULE_CONFIDENCE_LABELS,
} from './measures.ts';
import {
  SPECIAL_A_ADDITION_SHARE,
  yenPerYear,
  type JudgedBasicFee,
  type JudgedGeneric,
  type StoreJudgement,
} from './store-judgement.ts';

export const FACILITY_JUDGEMENT_API_PATHS = {
  judgements: '/v3/facility_standards/judgements',
} as const;

/** GET judgements: the stores (codes joined with commas). */
export const facilityJudgementsQuerySchema = z.object({
  storeCodes: storeCodeList({
    label: FIELD_LABELS.storeCode,
    requiredMessage: FORM_MESSAGES.storeRequired,
  }),
});

const keysOf = <K extends string>(record: Record<K, unknown>) => Object.keys(record) as [K, ...K[]];
const verdict = z.boolean().nullable();
const month = z.string().regex(/^\d{4}-\d{2}$/);

const judgedConditionSchema = z.object({
  clause: z.number().int(),
  measure: z.enum(FACILITY_MEASURE_KEYS),
  comparator: z.enum(keysOf(CONDITION_COMPARATORS)),
  threshold: z.number().nullable(),
  confidence: z.enum(keysOf(RULE_CONFIDENCE_LABELS)),
  /** Null when unknown, or withheld from members who may not see group figures. */
  value: z.union([z.number(), z.boolean()]).nullable(),
  met: verdict,
  margin: z.number().nullable(),
  /** The deemed status (経過措置) that decided `met`, if any. */
  deemedBy: z.string().nullable(),
  /** The clause's name in the official text (イ, 1 ① …), if the rule names its clauses. */
  note: z.string().nullable(),
});
export type JudgedCondition = z.infer<typeof judgedConditionSchema>;

const judgedRuleSchema = z.object({
  code: z.string(),
  name: z.string(),
  points: z.number().int().nullable(),
  confidence: z.enum(keysOf(RULE_CONFIDENCE_LABELS)),
  met: verdict,
  conditions: z.array(judgedConditionSchema),
  /** The deemed status that decided the rule as a whole (an exemption), if any. */
  deemedBy: z.string().nullable(),
});
export type JudgedRule = z.infer<typeof judgedRuleSchema>;

const judgedRuleSetSchema = z.object({
  /** The code of the rule that applies, null when none can be decided. */
  applies: z.string().nullable(),
  byDefault: z.boolean(),
  /** Rules judged before it that could not be decided for want of a figure. */
  undecided: z.array(z.string()),
  rules: z.array(judgedRuleSchema),
  /**
   * What the outcome is worth in a year against the next better one the store can reach
   * (points × 10 円 × receptions × 12): `against` is that rule (null: without this reduction).
   * Null when nothing better can be reached or the receptions are unknown.
   */
  stake: z.object({ against: z.string().nullable(), yenPerYear: z.number().int() }).nullable(),
});
export type JudgedRuleSet = z.infer<typeof judgedRuleSetSchema>;

/** A deemed status (経過措置) in force when the judged 区分 or tier applies. */
const deemedStatusSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Last day it holds; null: 当面の間. */
  validUntil: z.string().nullable(),
  met: verdict,
  conditions: z.array(judgedConditionSchema),
});
export type DeemedStatusWire = z.infer<typeof deemedStatusSchema>;

const periodSchema = z.object({
  fromMonth: month,
  toMonth: month,
  appliesFrom: z.string(),
});

const basicFeeSchema = z.object({
  period: periodSchema,
  revisionCode: z.string(),
  outcome: judgedRuleSetSchema,
  locationReduction: judgedRuleSetSchema,
  /** The deemed statuses in force on `appliesFrom`, relied on or not. */
  deemed: z.array(deemedStatusSchema),
  observedMonths: z.number().int(),
  trend: z.number().nullable(),
});
export type JudgedBasicFeeWire = z.infer<typeof basicFeeSchema>;

const genericSchema = z.object({
  window: z.array(month),
  appliesMonth: month,
  revisionCode: z.string(),
  /** The basic fee 区分 in force in `appliesMonth` the tier was judged with. */
  basicFeeCode: z.string().nullable(),
  tier: judgedRuleSetSchema,
  reduction: judgedRuleSetSchema,
  deemed: z.array(deemedStatusSchema),
  projectedMonths: z.number().int(),
});
export type JudgedGenericWire = z.infer<typeof genericSchema>;

/** One month of the store's monthly table and projection chart. */
export const judgementMonthSchema = z.object({
  month,
  /** Extrapolated, not yet observed. */
  projected: z.boolean(),
  standardReceptions: z.number().nullable(),
  topReceptions: z.number().nullable(),
  top3Receptions: z.number().nullable(),
  concentrationRate: z.number().nullable(),
  top3ConcentrationRate: z.number().nullable(),
  genericShare: z.number().nullable(),
  cutoffShare: z.number().nullable(),
});
export type JudgementMonth = z.infer<typeof judgementMonthSchema>;

export const storeJudgementSchema = z.object({
  storeCode: z.string(),
  storeName: z.string(),
  /** The last month with data the projection starts after. */
  lastCompleteMonth: month.nullable(),
  topInstitution: z.object({ key: z.string(), name: z.string() }).nullable(),
  /** Every reception per month over the latest twelve complete months (what fees are billed on). */
  receptionsPerMonth: z.number().nullable(),
  basicFee: z.object({ current: basicFeeSchema.nullable(), projected: basicFeeSchema.nullable() }),
  receptionsToKeepCurrent: z.number().int().nullable(),
  generic: z.object({ current: genericSchema.nullable(), projected: genericSchema.nullable() }),
  /** The last complete 判定期間 and the current one, month by month, projected months marked. */
  months: z.array(judgementMonthSchema),
});
export type StoreJudgementWire = z.infer<typeof storeJudgementSchema>;

export const facilityJudgementsResponseSchema = z.object({
  today: z.string(),
  previousPeriod: periodSchema,
  currentPeriod: periodSchema,
  stores: z.array(storeJudgementSchema),
});
export type FacilityJudgementsResponse = z.infer<typeof facilityJudgementsResponseSchema>;

const GROUP_MEASURE_PREFIX = 'group_';
const SPECIAL_A_CODE = 'special_a';

/**
 * Whether a rule cannot hold for the store whatever its figures: every clause fails on a flag that
 * another judgement decides (a tier for 調剤基本料1 pharmacies when the store is not one).
 */
function ruledOut(outcome: RuleOutcome): boolean {
  return outcome.clauses.every((clause) =>
    clause.conditions.some(
      (c) => c.met === false && FACILITY_MEASURES[c.condition.measure].from === 'judgement',
    ),
  );
}

/**
 * The yen a year between what applies and the next better outcome the store can reach: for a
 * reduction, the reduction itself; for a 区分, the default 区分 (調剤基本料1); for a tier, the
 * tier of the fewest points above it that is not ruled out.
 */
function stakeOf(
  outcome: RuleSetOutcome,
  receptionsPerMonth: number | null,
  pointsShare: number,
): JudgedRuleSet['stake'] {
  const applied = outcome.applies;
  // Nothing to weigh while the outcome itself cannot be decided.
  if (receptionsPerMonth === null || (applied === null && outcome.undecided.length > 0)) {
    return null;
  }
  const points = (rule: { points: number | null } | null) =>
    Math.round((rule?.points ?? 0) * pointsShare);
  if (outcome.ruleSet === 'generic_reduction' || outcome.ruleSet === 'location_reduction') {
    if (applied === null) return null;
    return { against: null, yenPerYear: yenPerYear(-points(applied), receptionsPerMonth) };
  }
  const better =
    outcome.ruleSet === 'basic_fee'
      ? outcome.rules.find((o) => o.rule.isDefault && o.rule !== applied)?.rule
      : outcome.rules
          .filter((o) => (o.rule.points ?? 0) > (applied?.points ?? 0) && !ruledOut(o))
          .map((o) => o.rule)
          .sort((a, b) => (a.points ?? 0) - (b.points ?? 0))[0];
  if (!better || (applied && (better.points ?? 0) <= (applied.points ?? 0))) return null;
  return {
    against: better.code,
    yenPerYear: yenPerYear(points(better) - points(applied), receptionsPerMonth),
  };
}

/** A judged rule's conditions by clause (alternatives), in the order the rule lists them. */
export function conditionsByClause(rule: JudgedRule): Map<number, JudgedCondition[]> {
  const clauses = new Map<number, JudgedCondition[]>();
  for (const condition of rule.conditions) {
    clauses.set(condition.clause, [...(clauses.get(condition.clause) ?? []), condition]);
  }
  return clauses;
}

function conditionWire(
  { condition, value, met, margin, deemedBy }: ConditionOutcome,
  showGroup: boolean,
): JudgedCondition {
  const hidden = !showGroup && condition.measure.startsWith(GROUP_MEASURE_PREFIX);
  return {
    clause: condition.clause,
    measure: condition.measure,
    comparator: condition.comparator,
    threshold: condition.threshold,
    confidence: condition.confidence,
    value: hidden ? null : value,
    met,
    margin: hidden ? null : margin,
    deemedBy,
    note: condition.note,
  };
}

function ruleWire({ rule, met, clauses, deemedBy }: RuleOutcome, showGroup: boolean): JudgedRule {
  return {
    code: rule.code,
    name: rule.name,
    points: rule.points,
    confidence: rule.confidence,
    met,
    conditions: clauses.flatMap((clause) =>
      clause.conditions.map((c) => conditionWire(c, showGroup)),
    ),
    deemedBy,
  };
}

/** The wire form of an outcome; group figures withheld unless `showGroup`. */
export function judgedRuleSetWire(
  outcome: RuleSetOutcome,
  showGroup: boolean,
  receptionsPerMonth: number | null = null,
  pointsShare = 1,
): JudgedRuleSet {
  return {
    applies: outcome.applies?.code ?? null,
    byDefault: outcome.byDefault,
    undecided: outcome.undecided.map((r) => r.code),
    rules: outcome.rules.map((r) => ruleWire(r, showGroup)),
    stake: stakeOf(outcome, receptionsPerMonth, pointsShare),
  };
}

const deemedWire = (deemed: DeemedStatuses, showGroup: boolean): DeemedStatusWire[] =>
  deemed.statuses.map((status) => {
    const { code, name, met, conditions } = ruleWire(status, showGroup);
    return { code, name, validUntil: status.rule.validUntil, met, conditions };
  });

function basicFeeWire(
  judged: JudgedBasicFee | null,
  showGroup: boolean,
  receptions: number | null,
): JudgedBasicFeeWire | null {
  if (judged === null) return null;
  const { fromMonth, toMonth, appliesFrom } = judged.period;
  return {
    period: { fromMonth, toMonth, appliesFrom },
    revisionCode: judged.revisionCode,
    outcome: judgedRuleSetWire(judged.outcome, showGroup, receptions),
    locationReduction: judgedRuleSetWire(judged.locationReduction, showGroup, receptions),
    deemed: deemedWire(judged.deemed, showGroup),
    observedMonths: judged.observedMonths,
    trend: judged.trend,
  };
}

function genericWire(
  judged: JudgedGeneric | null,
  receptions: number | null,
): JudgedGenericWire | null {
  if (judged === null) return null;
  const share = judged.basicFeeCode === SPECIAL_A_CODE ? SPECIAL_A_ADDITION_SHARE : 1;
  return {
    window: judged.window,
    appliesMonth: judged.appliesMonth,
    revisionCode: judged.revisionCode,
    basicFeeCode: judged.basicFeeCode,
    tier: judgedRuleSetWire(judged.tier, true, receptions, share),
    reduction: judgedRuleSetWire(judged.reduction, true, receptions),
    deemed: deemedWire(judged.deemed, true),
    projectedMonths: judged.projectedMonths,
  };
}

/** A store's judgement as the API answers it. */
export function storeJudgementWire(
  judgement: StoreJudgement,
  showGroup: boolean,
): Pick<
  StoreJudgementWire,
  'receptionsPerMonth' | 'basicFee' | 'receptionsToKeepCurrent' | 'generic' | 'months'
> {
  const receptions = judgement.receptionsPerMonth;
  return {
    receptionsPerMonth: receptions,
    basicFee: {
      current: basicFeeWire(judgement.basicFee.current, showGroup, receptions),
      projected: basicFeeWire(judgement.basicFee.projected, showGroup, receptions),
    },
    receptionsToKeepCurrent: judgement.receptionsToKeepCurrent,
    generic: {
      current: genericWire(judgement.generic.current, receptions),
      projected: genericWire(judgement.generic.projected, receptions),
    },
    months: judgement.months,
  };
}
