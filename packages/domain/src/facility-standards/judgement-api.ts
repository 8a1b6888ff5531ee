import { z } from 'zod';
import { FIELD_LABELS, FORM_MESSAGES } from '../messages.ts';
import { storeCodeList } from '../schemas/primitives.ts';
import type { RuleSetOutcome } from './evaluate-rules.ts';
import {
  CONDITION_COMPARATORS,
  FACILITY_MEASURE_KEYS,
  RULE_CONFIDENCE_LABELS,
} from './measures.ts';
import type { JudgedBasicFee, JudgedGeneric, StoreJudgement } from './store-judgement.ts';

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
});
export type JudgedCondition = z.infer<typeof judgedConditionSchema>;

const judgedRuleSchema = z.object({
  code: z.string(),
  name: z.string(),
  points: z.number().int().nullable(),
  confidence: z.enum(keysOf(RULE_CONFIDENCE_LABELS)),
  met: verdict,
  conditions: z.array(judgedConditionSchema),
});
export type JudgedRule = z.infer<typeof judgedRuleSchema>;

const judgedRuleSetSchema = z.object({
  /** The code of the rule that applies, null when none can be decided. */
  applies: z.string().nullable(),
  byDefault: z.boolean(),
  /** Rules judged before it that could not be decided for want of a figure. */
  undecided: z.array(z.string()),
  rules: z.array(judgedRuleSchema),
});
export type JudgedRuleSet = z.infer<typeof judgedRuleSetSchema>;

const periodSchema = z.object({
  fromMonth: month,
  toMonth: month,
  appliesFrom: z.string(),
});

const basicFeeSchema = z.object({
  period: periodSchema,
  revisionCode: z.string(),
  outcome: judgedRuleSetSchema,
  observedMonths: z.number().int(),
  trend: z.number().nullable(),
});
export type JudgedBasicFeeWire = z.infer<typeof basicFeeSchema>;

const genericSchema = z.object({
  window: z.array(month),
  appliesMonth: month,
  revisionCode: z.string(),
  tier: judgedRuleSetSchema,
  reduction: judgedRuleSetSchema,
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

/** A judged rule's conditions by clause (alternatives), in the order the rule lists them. */
export function conditionsByClause(rule: JudgedRule): Map<number, JudgedCondition[]> {
  const clauses = new Map<number, JudgedCondition[]>();
  for (const condition of rule.conditions) {
    clauses.set(condition.clause, [...(clauses.get(condition.clause) ?? []), condition]);
  }
  return clauses;
}

/** The wire form of an outcome; group figures withheld unless `showGroup`. */
export function judgedRuleSetWire(outcome: RuleSetOutcome, showGroup: boolean): JudgedRuleSet {
  return {
    applies: outcome.applies?.code ?? null,
    byDefault: outcome.byDefault,
    undecided: outcome.undecided.map((r) => r.code),
    rules: outcome.rules.map(({ rule, met, clauses }) => ({
      code: rule.code,
      name: rule.name,
      points: rule.points,
      confidence: rule.confidence,
      met,
      conditions: clauses.flatMap((clause) =>
        clause.conditions.map(({ condition, value, met: held, margin }) => {
          const hidden = !showGroup && condition.measure.startsWith(GROUP_MEASURE_PREFIX);
          return {
            clause: condition.clause,
            measure: condition.measure,
            comparator: condition.comparator,
            threshold: condition.threshold,
            confidence: condition.confidence,
            value: hidden ? null : value,
            met: held,
            margin: hidden ? null : margin,
          };
        }),
      ),
    })),
  };
}

function basicFeeWire(judged: JudgedBasicFee | null, showGroup: boolean) {
  if (judged === null) return null;
  const { fromMonth, toMonth, appliesFrom } = judged.period;
  return {
    period: { fromMonth, toMonth, appliesFrom },
    revisionCode: judged.revisionCode,
    outcome: judgedRuleSetWire(judged.outcome, showGroup),
    observedMonths: judged.observedMonths,
    trend: judged.trend,
  };
}

function genericWire(judged: JudgedGeneric | null) {
  if (judged === null) return null;
  return {
    window: judged.window,
    appliesMonth: judged.appliesMonth,
    revisionCode: judged.revisionCode,
    tier: judgedRuleSetWire(judged.tier, true),
    reduction: judgedRuleSetWire(judged.reduction, true),
    projectedMonths: judged.projectedMonths,
  };
}

/** A store's judgement as the API answers it. */
export function storeJudgementWire(
  judgement: StoreJudgement,
  showGroup: boolean,
): Pick<StoreJudgementWire, 'basicFee' | 'receptionsToKeepCurrent' | 'generic' | 'months'> {
  return {
    basicFee: {
      current: basicFeeWire(judgement.basicFee.current, showGroup),
      projected: basicFeeWire(judgement.basicFee.projected, showGroup),
    },
    receptionsToKeepCurrent: judgement.receptionsToKeepCurrent,
    generic: {
      current: genericWire(judgement.generic.current),
      projected: genericWire(judgement.generic.projected),
    },
    months: judgement.months,
  };
}
