import { z } from 'zod';
import {
  CONDITION_COMPARATORS,
  FACILITY_MEASURE_KEYS,
  FACILITY_RULE_SETS,
  RULE_BASES,
  RULE_CONFIDENCE_LABELS,
  type ConditionComparator,
  type FacilityRuleSet,
  type RuleConfidence,
} from './measures.ts';

const keysOf = <K extends string>(record: Record<K, unknown>) => Object.keys(record) as [K, ...K[]];

/** One requirement of a clause: a measure compared with a threshold, or a flag that must (not) hold. */
export const ruleConditionSchema = z.object({
  /** Clauses are alternatives; the conditions of one clause are all required. */
  clause: z.number().int().positive(),
  measure: z.enum(FACILITY_MEASURE_KEYS),
  comparator: z.enum(keysOf<ConditionComparator>(CONDITION_COMPARATORS)),
  /** Null for flags. */
  threshold: z.number().nullable(),
  basis: z.enum(RULE_BASES),
  confidence: z.enum(keysOf<RuleConfidence>(RULE_CONFIDENCE_LABELS)),
  source: z.string(),
  note: z.string().nullable(),
});
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

/** A 区分 of the basic fee, a generic tier, or the generic reduction, with its conditions. */
export const facilityRuleSchema = z.object({
  code: z.string(),
  ruleSet: z.enum(keysOf<FacilityRuleSet>(FACILITY_RULE_SETS)),
  name: z.string(),
  /** Points of the 区分 or tier (negative for a reduction); null where the reference has none. */
  points: z.number().int().nullable(),
  /** Within the rule set, lower numbers are judged first. */
  priority: z.number().int().positive(),
  /** Applies when no rule of its set holds. */
  isDefault: z.boolean(),
  basis: z.enum(RULE_BASES),
  confidence: z.enum(keysOf<RuleConfidence>(RULE_CONFIDENCE_LABELS)),
  source: z.string(),
  note: z.string().nullable(),
  conditions: z.array(ruleConditionSchema),
  /** A deemed status (経過措置) holds until this day, inclusive; null: 当面の間 or not a deemed status. */
  validUntil: z.string().nullable(),
});
export type FacilityRule = z.infer<typeof facilityRuleSchema>;

/** A fee revision (調剤報酬改定): it applies from effectiveFrom to effectiveTo, both included. */
export const feeRevisionSchema = z.object({
  code: z.string(),
  name: z.string(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  source: z.string(),
});
export type FeeRevision = z.infer<typeof feeRevisionSchema>;

/**
 * What a deemed status (経過措置) decides while it holds: the conditions of a rule on a measure are
 * taken as `outcome` (the 後発 85 % gate met); without a measure, the rule itself is (exempt).
 */
export const deemedEffectSchema = z.object({
  statusCode: z.string(),
  ruleCode: z.string(),
  measure: z.enum(FACILITY_MEASURE_KEYS).nullable(),
  outcome: z.boolean(),
});
export type DeemedEffect = z.infer<typeof deemedEffectSchema>;

export const revisionRulesSchema = feeRevisionSchema.extend({
  rules: z.array(facilityRuleSchema),
  deemedEffects: z.array(deemedEffectSchema),
});
export type RevisionRules = z.infer<typeof revisionRulesSchema>;

/** GET /v3/facility_standards/rules: every revision, oldest first, with its rules. */
export const facilityStandardRulesResponseSchema = z.object({
  revisions: z.array(revisionRulesSchema),
});
export type FacilityStandardRulesResponse = z.infer<typeof facilityStandardRulesResponseSchema>;

export const FACILITY_STANDARDS_API_PATHS = {
  rules: '/v3/facility_standards/rules',
} as const;
