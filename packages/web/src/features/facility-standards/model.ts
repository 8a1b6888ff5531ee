import {
  changeYenText,
  CONDITION_COMPARATORS,
  conditionsByClause,
  FACILITY_PAGE_TEXTS,
  FACILITY_RULE_SETS,
  deemedStatusText,
  FACILITY_MEASURE_SHORT,
  FACILITY_MEASURES,
  FACILITY_STANDARDS_LABELS as L,
  facilityMarginPhrase,
  facilityThresholdText,
  facilityValueText,
  formatNumber,
  isFlagMeasure,
  judgementPeriodText,
  missingFacts,
  missingFactsText,
  mightApplyText,
  receptionsToKeepText,
  RULE_VERDICT_TEXTS,
  ruleVerdictKind,
  SPECIAL_A_ADDITION_SHARE,
  stakeText,
  withinAlertDistance,
  yenPerYear,
  type AlertSettings,
  type ConditionComparator,
  type ConditionVerdict,
  type DeemedStatusWire,
  type FacilityMeasure,
  type FacilityRule,
  type FacilityStandardRulesResponse,
  type FigureMeasure,
  type JudgedBasicFeeWire,
  type JudgedCondition,
  type JudgedGenericWire,
  type JudgedRule,
  type JudgedRuleSet,
  type JudgementMonth,
  type RuleVerdictKind,
  type StoreJudgementWire,
} from '@pharmalytics/domain';

/** Group figures are withheld from members who are not administrators. */
const GROUP_MEASURE_PREFIX = 'group_';
const SPECIAL_A_CODE = 'special_a';

export interface Viewer {
  /** Whether the member may see the group's figures (administrators). */
  seesGroup: boolean;
  /** The corporation's alert distances: a figure within them is shown as close. */
  alertSettings: AlertSettings;
}

// ---- Texts shown to a customer -----------------------------------------------------------------

const ADDRESS = /(https?:|\/\/|www\.|[a-z0-9-]+\.(?:com|jp|org|net|io|info|html?)\b)/i;

/** Whether a text looks like a web address, which the page never shows. */
export const looksLikeAddress = (text: string) => ADDRESS.test(text);

/** A source or note as the page may show it: none when empty or when it names a web address. */
export function documentText(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed && !looksLikeAddress(trimmed) ? trimmed : null;
}

/**
 * The sentence after ［未確認］: what the value lacks, from the rule's or condition's note, or the
 * plain default when the note is empty or already shown beside it (a clause's name).
 */
export function unconfirmedSentence(
  note: string | null | undefined,
  shown: readonly (string | null)[] = [],
): string {
  const text = documentText(note);
  if (text === null || shown.includes(text)) return FACILITY_PAGE_TEXTS.unconfirmedDefault;
  return /[。．.]$/.test(text) ? text : `${text}。`;
}

// ---- Conditions ----------------------------------------------------------------------------------

const isWithheld = (condition: JudgedCondition, viewer: Viewer) =>
  !viewer.seesGroup &&
  condition.value === null &&
  condition.measure.startsWith(GROUP_MEASURE_PREFIX);

/** Whether a figure satisfies a comparison, whatever a deemed status made of it. */
function figureMeets(comparator: ConditionComparator, value: number, threshold: number): boolean {
  switch (comparator) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
    default:
      return false;
  }
}

/**
 * How a figure stands against its threshold, with the direction (基準の85%まで あと3.9pt,
 * 基準の85%を 1.1pt 上回る); null for flags and unknown figures.
 */
export function marginPhraseOf(condition: JudgedCondition): string | null {
  if (isFlagMeasure(condition.measure)) return null;
  if (typeof condition.value !== 'number' || condition.threshold === null) return null;
  const measure = condition.measure as FigureMeasure;
  return facilityMarginPhrase(
    measure,
    condition.threshold,
    condition.value,
    figureMeets(condition.comparator, condition.value, condition.threshold),
  );
}

const flagText = (value: boolean) => (value ? L.flagYes : L.flagNo);

/**
 * A condition written as the card shows it: 集中率 86.1%（基準の85%を 1.1pt 上回る）,
 * 受付 1,920回/月（基準の1,800回を 120回 上回る）, 医療機関との不動産取引等 なし（条件: あり）;
 * a condition a deemed status decided says so.
 */
export function conditionPhrase(condition: JudgedCondition, viewer: Viewer): string {
  const short = FACILITY_MEASURE_SHORT[condition.measure];
  if (isWithheld(condition, viewer)) return `${short.label} ${L.withheld}`;
  const deemed = condition.deemedBy ? `、${FACILITY_PAGE_TEXTS.deemed}` : '';
  if (isFlagMeasure(condition.measure)) {
    const required = condition.comparator === 'is_true' ? L.flagYes : L.flagNo;
    const value = typeof condition.value === 'boolean' ? flagText(condition.value) : L.unknown;
    return `${short.label} ${value}（条件: ${required}${deemed}）`;
  }
  const measure = condition.measure as FigureMeasure;
  if (typeof condition.value !== 'number') {
    const threshold = facilityThresholdText(measure, condition.threshold ?? 0);
    const comparator = CONDITION_COMPARATORS[condition.comparator].label;
    return `${short.label} ${L.unknown}（基準 ${threshold}${comparator}${deemed}）`;
  }
  return `${short.label} ${facilityValueText(measure, condition.value)}（${marginPhraseOf(condition) ?? ''}${deemed}）`;
}

// ---- Rules ---------------------------------------------------------------------------------------

export interface RuleRef {
  code: string;
  name: string;
  points: number | null;
  unconfirmed: boolean;
  /** The sentence after ［未確認］, when unconfirmed. */
  unconfirmedText: string | null;
}

function ruleRef(rule: JudgedRule, note?: string | null): RuleRef {
  const unconfirmed = rule.confidence === 'unconfirmed';
  return {
    code: rule.code,
    name: rule.name,
    points: rule.points,
    unconfirmed,
    unconfirmedText: unconfirmed ? unconfirmedSentence(note) : null,
  };
}

function ruleOf(set: JudgedRuleSet, code: string | null): JudgedRule | undefined {
  return code === null ? undefined : set.rules.find((r) => r.code === code);
}

/** A rule's name with its points: 調剤基本料1（47点）, 門前薬局等立地依存減算（−15点）. */
export function ruleTitle(rule: Pick<RuleRef, 'name' | 'points'>): string {
  if (rule.points === null) return rule.name;
  const points = `${rule.points < 0 ? '−' : ''}${formatNumber(Math.abs(rule.points), 0)}`;
  return `${rule.name}（${points}${L.points}）`;
}

/** What an outcome is worth against the better one, or null when nothing better is in reach. */
export function stakeLine(set: JudgedRuleSet): string | null {
  if (set.stake === null || set.stake.yenPerYear <= 0) return null;
  const against =
    set.stake.against === null ? null : (ruleOf(set, set.stake.against)?.name ?? set.stake.against);
  return stakeText(set.stake, against);
}

/** The codes of the deemed statuses the outcomes of some rule sets relied on. */
function reliedOn(sets: readonly JudgedRuleSet[]): Set<string> {
  const codes = new Set<string>();
  for (const rule of sets.flatMap((s) => s.rules)) {
    if (rule.deemedBy) codes.add(rule.deemedBy);
    for (const c of rule.conditions) if (c.deemedBy) codes.add(c.deemedBy);
  }
  return codes;
}

/**
 * The deemed statuses (経過措置) that hold and that the rule sets relied on, as lines:
 * 後発医薬品調剤割合85%の経過措置（2027年5月31日まで）.
 */
export function reliedDeemedTexts(
  deemed: readonly DeemedStatusWire[],
  sets: readonly JudgedRuleSet[],
): string[] {
  const codes = reliedOn(sets);
  return deemed.filter((s) => s.met === true && codes.has(s.code)).map(deemedStatusText);
}

/** The store facts the undecided rules of a set need and nobody entered. */
function missingOf(rules: readonly JudgedRule[]): FacilityMeasure[] {
  return [
    ...new Set(rules.filter((r) => r.met === null).flatMap((r) => missingFacts(r.conditions))),
  ];
}

// ---- The card ------------------------------------------------------------------------------------

export interface ConditionLine {
  measure: JudgedCondition['measure'];
  threshold: number | null;
  text: string;
  met: boolean | null;
  unconfirmed: boolean;
  unconfirmedText: string | null;
  near: boolean;
}

/** A clause of a rule that decided the 区分 or came close to deciding it. */
export interface DecidingClause {
  rule: RuleRef;
  clause: number;
  /** The clause holds (it is why the rule applies). */
  held: boolean;
  /** The rule's one verdict: 該当, 非該当, 判定に必要な情報が未入力 or 判定できません. */
  verdictText: string;
  conditions: ConditionLine[];
}

const isDeemed = (condition: JudgedCondition) => condition.deemedBy !== null;

const lineOf = (condition: JudgedCondition, viewer: Viewer): ConditionLine => {
  const unconfirmed = condition.confidence === 'unconfirmed';
  return {
    measure: condition.measure,
    threshold: condition.threshold,
    text: conditionPhrase(condition, viewer),
    met: condition.met,
    unconfirmed,
    unconfirmedText: unconfirmed ? unconfirmedSentence(condition.note) : null,
    near:
      condition.met === false &&
      !isDeemed(condition) &&
      withinAlertDistance(condition, viewer.alertSettings),
  };
};

/**
 * How far a clause is from holding: the largest relative distance of its failed figures; a flag
 * or a deemed status against it puts it out of reach.
 */
function clauseDistance(conditions: readonly JudgedCondition[]): number {
  const failed = conditions.filter((c) => c.met === false);
  if (failed.some((c) => isFlagMeasure(c.measure) || isDeemed(c))) return Infinity;
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
      verdictText: RULE_VERDICT_TEXTS[ruleVerdictKind(rule)],
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
    .filter((rule) => rule.met !== true && rule.deemedBy === null)
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
        condition.met === false &&
        !isDeemed(condition) &&
        withinAlertDistance(condition, viewer.alertSettings),
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

/** A reduction (門前薬局等立地依存減算, 後発医薬品減算) as the card shows it. */
export interface ReductionView {
  /** The reduction, when it applies. */
  rule: RuleRef | null;
  stakeText: string | null;
  /** When it could not be decided: why (facts not entered, or data missing). */
  undecidedText: string | null;
}

function reductionView(set: JudgedRuleSet): ReductionView | null {
  const applied = ruleOf(set, set.applies);
  if (applied) return { rule: ruleRef(applied), stakeText: stakeLine(set), undecidedText: null };
  const open = set.rules.filter((r) => r.met === null);
  if (open.length === 0) return null;
  const missing = missingOf(open);
  return {
    rule: null,
    stakeText: null,
    undecidedText: `${open.map((r) => r.name).join('・')}: ${
      missing.length > 0 ? missingFactsText(missing) : RULE_VERDICT_TEXTS.noData
    }`,
  };
}

export interface FeeView {
  rule: RuleRef | null;
  byDefault: boolean;
  /** Rules that might apply instead, for want of a figure. */
  undecided: RuleRef[];
  /** The store facts those rules need and nobody entered: one sentence, or null. */
  missingText: string | null;
  /** 未確定: … に該当する可能性があります, with the reason; null when decided. */
  undecidedText: string | null;
  periodText: string;
  revisionCode: string;
  /** 調剤基本料1 より 年 204万円 少ない. */
  stakeText: string | null;
  /** The 門前薬局等立地依存減算 judged with this 区分, when it applies or is undecided. */
  locationReduction: ReductionView | null;
  /** The deemed statuses the judgement relied on. */
  deemed: string[];
}

function feeView(fee: JudgedBasicFeeWire | null): FeeView | null {
  if (fee === null) return null;
  const { outcome, locationReduction } = fee;
  const applied = ruleOf(outcome, outcome.applies);
  const undecided = outcome.undecided
    .map((code) => ruleOf(outcome, code))
    .filter((r): r is JudgedRule => r !== undefined);
  const missing = missingOf(undecided);
  const refs = undecided.map((r) => ruleRef(r));
  const rule = applied ? ruleRef(applied) : null;
  return {
    rule,
    byDefault: outcome.byDefault,
    undecided: refs,
    missingText: missing.length > 0 ? missingFactsText(missing) : null,
    undecidedText:
      rule && refs.length > 0 && missing.length > 0
        ? mightApplyText(refs.map((r) => r.name))
        : undecidedText({ rule, undecided: refs }),
    periodText: judgementPeriodText(fee.period),
    revisionCode: fee.revisionCode,
    stakeText: stakeLine(outcome),
    locationReduction: reductionView(locationReduction),
    deemed: reliedDeemedTexts(fee.deemed, [outcome, locationReduction]),
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

/**
 * What the change of 区分 is worth in a year (points difference × 10 円 × receptions × 12):
 * 現在の区分より 年 204万円 少ない. Null without a change or without the receptions.
 */
export function feeChangeText(
  current: FeeView | null,
  projected: FeeView | null,
  receptionsPerMonth: number | null,
): string | null {
  if (receptionsPerMonth === null || !current?.rule || !projected?.rule) return null;
  if (current.rule.code === projected.rule.code) return null;
  const yen = yenPerYear(
    (projected.rule.points ?? 0) - (current.rule.points ?? 0),
    receptionsPerMonth,
  );
  return yen === 0 ? null : changeYenText(yen);
}

export interface GenericView {
  tier: RuleRef | null;
  /** No tier can be said to apply yet: one might, for want of a fact or a figure. */
  tierUndecided: boolean;
  /** 未確定: … に該当する可能性があります, and why. */
  undecidedText: string | null;
  missingText: string | null;
  /** The share the 特別調剤基本料A pharmacy gets of the tier's points, when it is one. */
  pointsNote: string | null;
  reduction: ReductionView | null;
  appliesMonth: string;
  /** 後発割合 81.1%（基準の85%まで あと3.9pt）. */
  shareText: string | null;
  shareUnconfirmedText: string | null;
  /** 地域支援・医薬品供給対応体制加算2 より 年 576万円 少ない. */
  stakeText: string | null;
  /** The deemed statuses the tier relied on (the 後発 85 % gate). */
  deemed: string[];
  projectedMonths: number;
}

/** The generic-share condition that gates the tiers: the applied tier's, else the lowest bar. */
function shareGate(generic: JudgedGenericWire): JudgedCondition | undefined {
  const shares = (rule: JudgedRule | undefined) =>
    (rule?.conditions ?? []).filter(
      (c) => c.measure === 'generic_share' && (c.comparator === 'gte' || c.comparator === 'gt'),
    );
  const applied = shares(ruleOf(generic.tier, generic.tier.applies));
  const all = applied.length > 0 ? applied : generic.tier.rules.flatMap((r) => shares(r));
  return [...all].sort((a, b) => (a.threshold ?? 0) - (b.threshold ?? 0))[0];
}

function shareText(gate: JudgedCondition | undefined): string | null {
  if (!gate || typeof gate.value !== 'number') return null;
  const phrase = marginPhraseOf(gate);
  const deemed = gate.deemedBy ? `、${FACILITY_PAGE_TEXTS.deemed}` : '';
  return `${FACILITY_MEASURE_SHORT.generic_share.label} ${facilityValueText('generic_share', gate.value)}（${phrase ?? ''}${deemed}）`;
}

function genericView(generic: JudgedGenericWire | null): GenericView | null {
  if (generic === null) return null;
  const tier = ruleOf(generic.tier, generic.tier.applies);
  const gate = shareGate(generic);
  const specialA = generic.basicFeeCode === SPECIAL_A_CODE;
  const undecided = generic.tier.undecided
    .map((code) => ruleOf(generic.tier, code))
    .filter((r): r is JudgedRule => r !== undefined);
  const missing = missingOf(undecided);
  return {
    tier: tier ? ruleRef(tier) : null,
    tierUndecided: !tier && undecided.length > 0,
    undecidedText:
      undecided.length === 0
        ? null
        : missing.length > 0
          ? mightApplyText(undecided.map((r) => r.name))
          : undecidedText({ rule: null, undecided: undecided.map((r) => ruleRef(r)) }, true),
    missingText: missing.length > 0 ? missingFactsText(missing) : null,
    pointsNote:
      tier && specialA && tier.points !== null
        ? `${FACILITY_PAGE_TEXTS.specialAShare}（${formatNumber(Math.round(tier.points * SPECIAL_A_ADDITION_SHARE), 0)}${L.points}）`
        : null,
    reduction: reductionView(generic.reduction),
    appliesMonth: generic.appliesMonth,
    shareText: shareText(gate),
    shareUnconfirmedText:
      gate && gate.confidence === 'unconfirmed' && typeof gate.value === 'number'
        ? unconfirmedSentence(gate.note)
        : null,
    stakeText: stakeLine(generic.tier),
    deemed: reliedDeemedTexts(generic.deemed, [generic.tier, generic.reduction]),
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
  /** What the change of 区分 is worth in a year. */
  changeText: string | null;
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
    changeText: feeChangeText(current, projected, store.receptionsPerMonth),
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

/**
 * The undecided notice of a 区分, or null when it is decided; `optional` for a set without a
 * default (a tier), where nothing applying is an outcome of its own.
 */
export function undecidedText(
  fee: Pick<FeeView, 'rule' | 'undecided'>,
  optional = false,
): string | null {
  if (fee.rule === null && !optional) return L.undecidable;
  if (fee.undecided.length === 0) return null;
  return `${L.undecidedPrefix}${fee.undecided.map((r) => r.name).join('・')}${L.undecidedSuffix}`;
}

// ---- The rule list of the detail ----------------------------------------------------------------

/** One condition as the rule list's table row shows it. */
export interface ConditionRow {
  /** The clause's name in the official text (イ, 1 ① …), else 条件N. */
  clause: string;
  label: string;
  value: string;
  threshold: string;
  /** The sentence after ［未確認］ beside the threshold, when the threshold is unconfirmed. */
  unconfirmedText: string | null;
  /** 基準の85%まで あと3.9pt; 経過措置によりみなし; — for flags and unknown figures. */
  margin: string;
  /** The deemed status that decided the condition, as a line. */
  deemedText: string | null;
  verdict: ConditionVerdict;
  verdictText: string;
}

const NO_MARGIN = '—';

export const conditionVerdictOf = (met: boolean | null): ConditionVerdict =>
  met === true ? 'met' : met === false ? 'notMet' : 'unknown';

/** The names of deemed statuses by code, as lines (後発医薬品調剤割合85%の経過措置（…まで）). */
export type DeemedNames = ReadonlyMap<string, string>;

export function conditionRow(
  condition: JudgedCondition,
  viewer: Viewer,
  deemedNames: DeemedNames = new Map(),
): ConditionRow {
  const flag = isFlagMeasure(condition.measure);
  const measure = condition.measure as FigureMeasure;
  const withheld = isWithheld(condition, viewer);
  const value = withheld
    ? L.withheld
    : condition.value === null
      ? L.unknown
      : typeof condition.value === 'boolean'
        ? flagText(condition.value)
        : facilityValueText(measure, condition.value);
  const threshold = flag
    ? condition.comparator === 'is_true'
      ? L.flagYes
      : L.flagNo
    : `${facilityThresholdText(measure, condition.threshold ?? 0)}${CONDITION_COMPARATORS[condition.comparator].label}`;
  const clause = documentText(condition.note) ?? `${L.clause}${condition.clause}`;
  const unconfirmed = condition.confidence === 'unconfirmed';
  const verdict = conditionVerdictOf(condition.met);
  return {
    clause,
    label: FACILITY_MEASURES[condition.measure].label,
    value,
    threshold,
    unconfirmedText: unconfirmed ? unconfirmedSentence(condition.note, [clause]) : null,
    margin: condition.deemedBy
      ? FACILITY_PAGE_TEXTS.deemed
      : withheld
        ? NO_MARGIN
        : (marginPhraseOf(condition) ?? NO_MARGIN),
    deemedText: condition.deemedBy
      ? (deemedNames.get(condition.deemedBy) ?? condition.deemedBy)
      : null,
    verdict,
    verdictText: FACILITY_PAGE_TEXTS.conditionVerdicts[verdict],
  };
}

/** One rule of the detail's list, with its one verdict. */
export interface RuleItem {
  code: string;
  /** 調剤基本料1（47点）; a deemed status with its expiry. */
  title: string;
  /** The sentence after ［未確認］ beside the title, when the rule is unconfirmed. */
  unconfirmedText: string | null;
  /** The rule's one verdict; null for the default 区分 that applies because no other holds. */
  verdict: RuleVerdictKind | null;
  verdictText: string | null;
  /** 適用, or 適用（他の区分に該当しないため）. */
  appliedText: string | null;
  /** 経過措置によりみなし（…）, when a deemed status decided the rule as a whole. */
  deemedText: string | null;
  /** The facts nobody entered that keep the rule undecided: one sentence. */
  missingText: string | null;
  /** More than one clause: any one of them decides. */
  anyClause: boolean;
  rows: ConditionRow[];
  /** The official documents the rule and its conditions cite. */
  sources: string[];
  note: string | null;
}

/** The rules call's rows of a revision by code, for their sources and notes. */
export type RuleSources = ReadonlyMap<string, FacilityRule>;

export function ruleSourcesOf(rules: readonly FacilityRule[] | undefined): RuleSources {
  return new Map((rules ?? []).map((r) => [r.code, r]));
}

function sourcesOf(rule: FacilityRule | undefined): string[] {
  if (!rule) return [];
  const texts = [rule.source, ...rule.conditions.map((c) => c.source)]
    .map(documentText)
    .filter((t): t is string => t !== null);
  return [...new Set(texts)];
}

function item(
  rule: Pick<JudgedRule, 'code' | 'met' | 'conditions'> & { deemedBy?: string | null },
  title: string,
  unconfirmed: boolean,
  applied: { applies: boolean; byDefault: boolean },
  context: { viewer: Viewer; sources: RuleSources; deemedNames: DeemedNames },
): RuleItem {
  const source = context.sources.get(rule.code);
  const note = documentText(source?.note);
  const kind = ruleVerdictKind(rule);
  const byDefault = applied.applies && applied.byDefault;
  const missing = kind === 'missingInput' ? missingFacts(rule.conditions) : [];
  return {
    code: rule.code,
    title,
    unconfirmedText: unconfirmed ? unconfirmedSentence(note) : null,
    verdict: byDefault ? null : kind,
    verdictText: byDefault ? null : RULE_VERDICT_TEXTS[kind],
    appliedText: applied.applies
      ? byDefault
        ? FACILITY_PAGE_TEXTS.appliedByDefault
        : FACILITY_PAGE_TEXTS.applied
      : null,
    deemedText: rule.deemedBy
      ? `${FACILITY_PAGE_TEXTS.deemed}（${context.deemedNames.get(rule.deemedBy) ?? rule.deemedBy}）`
      : null,
    missingText: missing.length > 0 ? missingFactsText(missing) : null,
    anyClause: new Set(rule.conditions.map((c) => c.clause)).size > 1,
    rows: rule.conditions.map((c) => conditionRow(c, context.viewer, context.deemedNames)),
    sources: sourcesOf(source),
    // The note of an unconfirmed rule is the sentence beside its mark; it is not repeated.
    note: unconfirmed ? null : note,
  };
}

/** Every rule of a judged set as the detail lists it, the applied one marked. */
export function ruleItems(
  set: JudgedRuleSet,
  viewer: Viewer,
  sources: RuleSources = new Map(),
  deemedNames: DeemedNames = new Map(),
): RuleItem[] {
  return set.rules.map((rule) =>
    item(
      rule,
      ruleTitle(rule),
      rule.confidence === 'unconfirmed',
      { applies: set.applies === rule.code, byDefault: set.byDefault },
      { viewer, sources, deemedNames },
    ),
  );
}

/** The deemed statuses as the detail lists them: each with its expiry and one verdict. */
export function deemedItems(
  statuses: readonly DeemedStatusWire[],
  viewer: Viewer,
  sources: RuleSources = new Map(),
): RuleItem[] {
  const deemedNames = deemedNamesOf(statuses);
  return statuses.map((status) =>
    item(
      { ...status, deemedBy: null },
      deemedStatusText(status),
      sources.get(status.code)?.confidence === 'unconfirmed',
      { applies: false, byDefault: false },
      { viewer, sources, deemedNames },
    ),
  );
}

export function deemedNamesOf(statuses: readonly DeemedStatusWire[]): DeemedNames {
  return new Map(statuses.map((s) => [s.code, deemedStatusText(s)]));
}

/**
 * The deemed statuses of a store's judgements, each once: as judged where a rule relied on it,
 * else as judged with the basic fee, else with the generic tier.
 */
export function storeDeemedStatuses(
  fee: JudgedBasicFeeWire | null,
  generic: JudgedGenericWire | null,
): DeemedStatusWire[] {
  const feeRelied = fee ? reliedOn([fee.outcome, fee.locationReduction]) : new Set<string>();
  const genericRelied = generic ? reliedOn([generic.tier, generic.reduction]) : new Set<string>();
  const byCode = new Map<string, DeemedStatusWire>();
  const add = (status: DeemedStatusWire, strong: boolean) => {
    if (!byCode.has(status.code) || strong) byCode.set(status.code, status);
  };
  for (const s of generic?.deemed ?? []) add(s, genericRelied.has(s.code));
  for (const s of fee?.deemed ?? []) add(s, feeRelied.has(s.code) || !genericRelied.has(s.code));
  const order = [...(fee?.deemed ?? []), ...(generic?.deemed ?? [])].map((s) => s.code);
  return [...byCode.values()].sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code));
}

export interface RuleListModel {
  key: string;
  title: string;
  items: RuleItem[];
}

/**
 * Every rule set of the revisions the store is judged under, in the order a 区分 is built: the
 * basic fee, the 門前薬局等立地依存減算 judged with it, the 体制加算, the 後発医薬品減算, and the
 * deemed statuses (経過措置) the judgements consulted.
 */
export function ruleLists(
  fee: JudgedBasicFeeWire | null,
  generic: JudgedGenericWire | null,
  rules: FacilityStandardRulesResponse | undefined,
  viewer: Viewer,
): RuleListModel[] {
  const sourcesOf = (code: string | undefined) =>
    ruleSourcesOf(rules?.revisions.find((r) => r.code === code)?.rules);
  const statuses = storeDeemedStatuses(fee, generic);
  const names = deemedNamesOf(statuses);
  const lists: RuleListModel[] = [];
  const titled = (set: keyof typeof FACILITY_RULE_SETS, revision: string) =>
    `${FACILITY_RULE_SETS[set]}（${revision}）`;
  if (fee) {
    const sources = sourcesOf(fee.revisionCode);
    lists.push(
      {
        key: 'basic_fee',
        title: titled('basic_fee', fee.revisionCode),
        items: ruleItems(fee.outcome, viewer, sources, names),
      },
      {
        key: 'location_reduction',
        title: titled('location_reduction', fee.revisionCode),
        items: ruleItems(fee.locationReduction, viewer, sources, names),
      },
    );
  }
  if (generic) {
    const sources = sourcesOf(generic.revisionCode);
    lists.push(
      {
        key: 'generic_tier',
        title: titled('generic_tier', generic.revisionCode),
        items: ruleItems(generic.tier, viewer, sources, names),
      },
      {
        key: 'generic_reduction',
        title: titled('generic_reduction', generic.revisionCode),
        items: ruleItems(generic.reduction, viewer, sources, names),
      },
    );
  }
  const revision = fee?.revisionCode ?? generic?.revisionCode;
  if (statuses.length > 0 && revision) {
    lists.push({
      key: 'deemed_status',
      title: titled('deemed_status', revision),
      items: deemedItems(statuses, viewer, sourcesOf(revision)),
    });
  }
  return lists.filter((list) => list.items.length > 0);
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
