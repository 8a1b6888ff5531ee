import {
  comparisonRange,
  daysInRange,
  facilitySubject,
  LOST_AFTER_DAYS,
  NOTICE_CHANGE_PERCENT,
  NOTICE_LIMIT,
  percentChange,
  PRESCRIBER_CHANGES_PER_STORE,
  prescriberNoticeKey,
  PRESCRIBER_NOTICE_TEXT,
  REGULAR_SHEETS,
  sheetsPerMonth,
  type DateRange,
  type NearbyClosing,
  type NearbyOpening,
  type PrescriberChange,
  type PrescriberChangesResponse,
  type PrescriberNotice,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import { executorOf } from '../analytics/executors.ts';
import type { AnswerSource } from '../analytics/metric-cache.ts';
import { institutionFlows, type ChangePeriods, type InstitutionFlow } from './change-queries.ts';

const PREVIOUS_PERIOD = 1;
const PREVIOUS_YEAR = 2;

/** The current period, the same period a year before and the period just before it. */
export function changePeriods(current: DateRange): ChangePeriods {
  return {
    current,
    yearAgo: comparisonRange(current, PREVIOUS_YEAR),
    previous: comparisonRange(current, PREVIOUS_PERIOD),
  };
}

const DAY_MS = 86_400_000;
/** Days from one yyyy-MM-dd to a later one. */
export const daysBetween = (later: string, earlier: string) =>
  Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / DAY_MS);

/**
 * The change of one institution at one store (docs/metrics.md), or null when it is not news:
 * - new: its first sheet at the store falls in the period;
 * - lost: a regular one (REGULAR_SHEETS in the REGULAR_DAYS up to its last sheet) not seen for
 *   more than LOST_AFTER_DAYS by the period's end, its last sheet within the year before;
 * - falling / rising: sheets against the same period a year before (the previous period when
 *   it had none then), past the floor: the larger of the two, in sheets a month, at least
 *   `floor`.
 */
export function classify(
  flow: InstitutionFlow,
  periods: ChangePeriods,
  floor: number,
): PrescriberChange | null {
  const { current, yearAgo, previous } = periods;
  const perMonth = (sheets: number, range: DateRange) => sheetsPerMonth(sheets, daysInRange(range));
  const change = {
    institutionCode: flow.institutionCode,
    institutionName: flow.institutionName,
    current: flow.current,
    yearAgo: flow.yearAgo,
    previous: flow.previous,
    perMonth: {
      current: perMonth(flow.current.sheets, current),
      yearAgo: perMonth(flow.yearAgo.sheets, yearAgo),
    },
    changeYearAgo: percentChange(flow.current.sheets, flow.yearAgo.sheets),
    changePrevious: percentChange(flow.current.sheets, flow.previous.sheets),
    lastSeen: flow.lastSeen,
  };
  if (flow.firstSeen >= current.from) return { kind: 'new', ...change };
  const unseen = daysBetween(current.to, flow.lastSeen);
  if (flow.recentSheets >= REGULAR_SHEETS && unseen > LOST_AFTER_DAYS && unseen <= 365) {
    return { kind: 'lost', ...change };
  }
  const [base, baseRange] =
    flow.yearAgo.sheets > 0 ? [flow.yearAgo, yearAgo] : [flow.previous, previous];
  if (base.sheets === 0 || flow.current.sheets === base.sheets) return null;
  const larger = Math.max(perMonth(flow.current.sheets, current), perMonth(base.sheets, baseRange));
  if (larger < floor) return null;
  return { kind: flow.current.sheets < base.sheets ? 'falling' : 'rising', ...change };
}

/** The sheets a change gained or lost against its base. */
const swing = (c: PrescriberChange) =>
  c.current.sheets - (c.yearAgo.sheets > 0 ? c.yearAgo.sheets : c.previous.sheets);

/** A store's changes: falls and rises by their size, at most PRESCRIBER_CHANGES_PER_STORE each. */
function rankedChanges(changes: PrescriberChange[]): PrescriberChange[] {
  const of = (kind: PrescriberChange['kind']) => changes.filter((c) => c.kind === kind);
  const bySize = (a: PrescriberChange, b: PrescriberChange) =>
    Math.abs(swing(b)) - Math.abs(swing(a)) || a.institutionCode.localeCompare(b.institutionCode);
  return [
    ...of('falling').sort(bySize),
    ...of('lost').sort((a, b) => a.lastSeen.localeCompare(b.lastSeen) || bySize(a, b)),
    ...of('new').sort((a, b) => b.current.sheets - a.current.sheets || bySize(a, b)),
    ...of('rising').sort(bySize),
  ].filter(
    (c, i, all) => all.filter((d) => d.kind === c.kind).indexOf(c) < PRESCRIBER_CHANGES_PER_STORE,
  );
}

export interface StoreOfScope {
  id: number;
  storeCode: string;
  name: string;
}

/**
 * Every notice, strongest first: falls of NOTICE_CHANGE_PERCENT or more against a year before
 * (the largest losses of sheets first), then lost regular institutions, then clinics opened and
 * closed nearby (the nearest first). Each carries its key (prescriberNoticeKey) for the period
 * asked. The answers show the first NOTICE_LIMIT (prescriberNotices); a member who closed some
 * sees the next ones.
 */
export function allPrescriberNotices(
  stores: PrescriberChangesResponse['stores'],
  period: DateRange,
): PrescriberNotice[] {
  const falls: { notice: PrescriberNotice; size: number }[] = [];
  const lost: PrescriberNotice[] = [];
  const nearby: { notice: PrescriberNotice; meters: number }[] = [];
  for (const store of stores) {
    const at = (kind: PrescriberNotice['kind'], subject: string, text: string) => ({
      key: prescriberNoticeKey(store.storeCode, kind, subject, period),
      storeCode: store.storeCode,
      storeName: store.name,
      kind,
      text,
    });
    for (const c of store.changes) {
      const fall = c.changeYearAgo === null ? 0 : -c.changeYearAgo;
      if (c.kind === 'falling' && fall >= NOTICE_CHANGE_PERCENT) {
        const { yearAgo, current } = c.perMonth;
        const text = PRESCRIBER_NOTICE_TEXT.change(c.institutionName, -fall, yearAgo, current);
        falls.push({ notice: at('falling', c.institutionCode, text), size: -swing(c) });
      }
      if (c.kind === 'lost') {
        const days = daysBetween(period.to, c.lastSeen);
        const text = PRESCRIBER_NOTICE_TEXT.lost(c.institutionName, c.lastSeen, days);
        lost.push(at('lost', c.institutionCode, text));
      }
    }
    for (const o of store.openings) {
      const text = PRESCRIBER_NOTICE_TEXT.opening(o.name, o.distanceMeters, o.firstSeenOn);
      nearby.push({
        notice: at('opening', facilitySubject(o.facilityId), text),
        meters: o.distanceMeters,
      });
    }
    for (const c of store.closings) {
      const text = PRESCRIBER_NOTICE_TEXT.closing(c.name, c.distanceMeters, c.lastSeenOn);
      nearby.push({
        notice: at('closing', facilitySubject(c.facilityId), text),
        meters: c.distanceMeters,
      });
    }
  }
  return [
    ...falls.sort((a, b) => b.size - a.size).map((f) => f.notice),
    ...lost,
    ...nearby.sort((a, b) => a.meters - b.meters).map((o) => o.notice),
  ];
}

/** The NOTICE_LIMIT strongest notices. */
export const prescriberNotices = (
  stores: PrescriberChangesResponse['stores'],
  period: DateRange,
): PrescriberNotice[] => allPrescriberNotices(stores, period).slice(0, NOTICE_LIMIT);

/** Clinics opened and closed near a store over the year to the period's end. */
export interface Nearby {
  openings: NearbyOpening[];
  closings: NearbyClosing[];
}

/**
 * 処方元の変化 of a scope's stores over a period (docs/metrics.md): per store, its institutions
 * that changed most against a year before, the new and the lost, and clinics opened and closed
 * nearby.
 */
export async function prescriberChanges(
  on: AnswerSource,
  scope: AnalysisScope,
  q: { from: string; to: string; floor: number },
  stores: readonly StoreOfScope[],
  nearbyOf: (store: StoreOfScope) => Promise<Nearby>,
): Promise<PrescriberChangesResponse> {
  const periods = changePeriods({ from: q.from, to: q.to });
  const flows = await institutionFlows(executorOf(on), scope, periods);
  const answerStores = await Promise.all(
    stores.map(async (store) => {
      const changes = flows
        .filter((f) => f.storeId === store.id)
        .map((f) => classify(f, periods, q.floor))
        .filter((c): c is PrescriberChange => c !== null);
      return {
        storeCode: store.storeCode,
        name: store.name,
        changes: rankedChanges(changes),
        ...(await nearbyOf(store)),
      };
    }),
  );
  return {
    periods,
    floor: q.floor,
    stores: answerStores,
    notices: prescriberNotices(answerStores, periods.current),
  };
}
