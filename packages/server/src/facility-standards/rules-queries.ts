import {
  FACILITY_MEASURES,
  revisionOn,
  type FacilityRule,
  type RevisionRules,
} from '@pharmalytics/domain';
import type { AchievementFees } from '../analytics/facility-measures.ts';
import type { Database } from '../db/connection.ts';

/** Every fee revision, oldest first, with its rules by rule set and priority and their conditions. */
export async function loadFacilityStandardRules(db: Database): Promise<RevisionRules[]> {
  const [revisions, rules, conditions, effects] = await Promise.all([
    db.selectFrom('fee_revisions').selectAll().orderBy('effective_from').execute(),
    db
      .selectFrom('facility_standard_rules as r')
      .innerJoin('facility_standard_sources as s', (join) =>
        join.onRef('s.revision_code', '=', 'r.revision_code').onRef('s.key', '=', 'r.source_key'),
      )
      .select([
        'r.revision_code',
        'r.code',
        'r.rule_set',
        'r.name',
        'r.points',
        'r.priority',
        'r.is_default',
        'r.basis',
        'r.confidence',
        's.citation',
        'r.note',
        'r.valid_until',
      ])
      .orderBy('r.revision_code')
      .orderBy('r.rule_set')
      .orderBy('r.priority')
      .execute(),
    db
      .selectFrom('facility_standard_conditions as c')
      .innerJoin('facility_standard_sources as s', (join) =>
        join.onRef('s.revision_code', '=', 'c.revision_code').onRef('s.key', '=', 'c.source_key'),
      )
      .select([
        'c.revision_code',
        'c.rule_code',
        'c.clause',
        'c.measure',
        'c.comparator',
        'c.threshold',
        'c.basis',
        'c.confidence',
        's.citation',
        'c.note',
      ])
      .orderBy('c.revision_code')
      .orderBy('c.rule_code')
      .orderBy('c.clause')
      .orderBy('c.position')
      .execute(),
    db
      .selectFrom('facility_deemed_effects')
      .selectAll()
      .orderBy('revision_code')
      .orderBy('status_code')
      .orderBy('rule_code')
      .orderBy('measure')
      .execute(),
  ]);
  const ruleKey = (revision: string, code: string) => `${revision}\u0000${code}`;
  const conditionsByRule = new Map<string, FacilityRule['conditions']>();
  for (const c of conditions) {
    const key = ruleKey(c.revision_code, c.rule_code);
    if (!conditionsByRule.has(key)) conditionsByRule.set(key, []);
    if (!(c.measure in FACILITY_MEASURES)) {
      throw new Error(
        `rule ${c.revision_code} ${c.rule_code} is judged on an unknown measure: ${c.measure}`,
      );
    }
    conditionsByRule.get(key)!.push({
      clause: c.clause,
      measure: c.measure,
      comparator: c.comparator,
      threshold: c.threshold === null ? null : Number(c.threshold),
      basis: c.basis,
      confidence: c.confidence,
      source: c.citation,
      note: c.note,
    });
  }
  const rulesByRevision = new Map<string, FacilityRule[]>();
  for (const r of rules) {
    if (!rulesByRevision.has(r.revision_code)) rulesByRevision.set(r.revision_code, []);
    rulesByRevision.get(r.revision_code)!.push({
      code: r.code,
      ruleSet: r.rule_set,
      name: r.name,
      points: r.points,
      priority: r.priority,
      isDefault: r.is_default,
      basis: r.basis,
      confidence: r.confidence,
      source: r.citation,
      note: r.note,
      conditions: conditionsByRule.get(ruleKey(r.revision_code, r.code)) ?? [],
      validUntil: r.valid_until,
    });
  }
  return revisions.map((r) => ({
    code: r.code,
    name: r.name,
    effectiveFrom: r.effective_from,
    effectiveTo: r.effective_to,
    source: r.source,
    rules: rulesByRevision.get(r.code) ?? [],
    deemedEffects: effects
      .filter((e) => e.revision_code === r.code)
      .map((e) => ({
        statusCode: e.status_code,
        ruleCode: e.rule_code,
        measure: e.measure,
        outcome: e.outcome,
      })),
  }));
}

/** The revision in force on a day ('yyyy-MM-dd') with its rules, or null before the first. */
export async function facilityStandardRulesOn(
  db: Database,
  date: string,
): Promise<RevisionRules | null> {
  return revisionOn(await loadFacilityStandardRules(db), date);
}

/** The fee names each 実績 item counts, per revision with its dates (facility_achievement_fees). */
export async function loadAchievementFees(db: Database): Promise<AchievementFees[]> {
  const rows = await db
    .selectFrom('facility_achievement_fees as a')
    .innerJoin('fee_revisions as r', 'r.code', 'a.revision_code')
    .select(['r.effective_from', 'r.effective_to', 'a.measure', 'a.name_pattern'])
    .orderBy('r.effective_from')
    .orderBy('a.measure')
    .orderBy('a.name_pattern')
    .execute();
  const byKey = new Map<string, AchievementFees & { patterns: string[] }>();
  for (const row of rows) {
    const key = `${row.effective_from}|${row.measure}`;
    const entry = byKey.get(key) ?? {
      fromDate: row.effective_from,
      toDate: row.effective_to,
      measure: row.measure,
      patterns: [],
    };
    entry.patterns.push(row.name_pattern);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}
