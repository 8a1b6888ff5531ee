import type { FactLevel, MetricSlug } from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { FactColumns } from './fact-columns.ts';

/**
 * Every metric of the catalogue, defined once (docs/metrics.md): the sums and counts it needs
 * ("parts", SQL aggregates over its grain) and how its value follows from them. Rates and unit
 * prices of a bucket and of the total come from that bucket's or the total's own parts.
 */
export type Grain = 'prescription' | 'medicine' | 'institution' | 'line' | 'section';
export type Parts = Readonly<Record<string, number>>;

export interface MetricDefinition {
  grain: Grain;
  /**
   * The parts as SQL aggregates over the facts, reading the layout's named columns `c` where the
   * system of record and the replica differ (fact-columns.ts), the others by their own names.
   */
  parts: (c: FactColumns) => Readonly<Record<string, RawBuilder<unknown>>>;
  /**
   * The parts that are distinct counts of what falls on one day (a reception, a pharmacist's
   * working day), so that a period's count is the sum of its buckets' counts; the engine then
   * counts them by bucket only. Every other part of a period is computed over the period.
   */
  addsUp?: readonly string[];
  value: (parts: Parts) => number | null;
}

/** Percentage to one decimal; null without a denominator. */
export const percent = (numerator: number, denominator: number): number | null =>
  denominator > 0 ? Math.round((numerator * 1000) / denominator) / 10 : null;
/** Whole yen per unit; null without a denominator. */
export const perUnit = (amount: number, units: number): number | null =>
  units > 0 ? Math.round(amount / units) : null;
/** One decimal per unit; null without a denominator. */
const perUnit1 = (amount: number, units: number): number | null =>
  units > 0 ? Math.round((amount * 10) / units) / 10 : null;

const sales = sql`sum(p.sales_yen)`;
const sheets = sql`count(*)`;
const patients = sql`count(distinct p.patient_id)`;
const medicineYen = sql`sum(p.medicine_yen)`;
const materialYen = sql`sum(p.material_yen)`;

/** The metrics of sheet-level pages and the dashboard. */
export const METRIC_DEFINITIONS: Partial<Record<MetricSlug, MetricDefinition>> = {
  dispensing_sales: { grain: 'prescription', parts: () => ({ sales }), value: (p) => p.sales! },
  prescription_counts: {
    grain: 'prescription',
    parts: () => ({ sheets }),
    value: (p) => p.sheets!,
  },
  prescription_unit_price: {
    grain: 'prescription',
    parts: () => ({ sales, sheets }),
    value: (p) => perUnit(p.sales!, p.sheets!),
  },
  reception_counts: {
    grain: 'prescription',
    parts: (c) => ({ receptions: c.receptions() }),
    addsUp: ['receptions'],
    value: (p) => p.receptions!,
  },
  reception_unit_price: {
    grain: 'prescription',
    parts: (c) => ({ sales, receptions: c.receptions() }),
    addsUp: ['receptions'],
    value: (p) => perUnit(p.sales!, p.receptions!),
  },
  patient_counts: { grain: 'prescription', parts: () => ({ patients }), value: (p) => p.patients! },
  patient_unit_price: {
    grain: 'prescription',
    parts: () => ({ sales, patients }),
    value: (p) => perUnit(p.sales!, p.patients!),
  },
  new_reception_counts: {
    grain: 'prescription',
    parts: (c) => ({ n: c.receptions('newVisit') }),
    addsUp: ['n'],
    value: (p) => p.n!,
  },
  re_reception_counts: {
    grain: 'prescription',
    parts: (c) => ({ n: c.receptions('repeatVisit') }),
    addsUp: ['n'],
    value: (p) => p.n!,
  },
  medicine_note_rates: {
    grain: 'prescription',
    parts: (c) => ({
      with: c.receptions('notebook'),
      known: c.receptions('notebookKnown'),
    }),
    addsUp: ['with', 'known'],
    value: (p) => percent(p.with!, p.known!),
  },
  prescriptions_per_pharmacist: {
    grain: 'prescription',
    parts: (c) => ({
      sheets: sql`count(*) filter (where p.pharmacist_id is not null)`,
      pharmacistDays: sql`count(distinct ${c.pharmacistDay}) filter (where p.pharmacist_id is not null)`,
    }),
    addsUp: ['pharmacistDays'],
    value: (p) => perUnit1(p.sheets!, p.pharmacistDays!),
  },
  prescription_concentration_rates: {
    grain: 'institution',
    parts: () => ({}),
    value: (p) => percent(p.top1!, p.receptions!),
  },
  prescription_concentration_rates_top3: {
    grain: 'institution',
    parts: () => ({}),
    value: (p) => percent(p.top3!, p.receptions!),
  },
  generic_dispensing_rates: {
    grain: 'medicine',
    parts: (c) => ({
      generic: sql`coalesce(sum(${c.genericQuantity}), 0)`,
      eligible: sql`coalesce(sum(${c.eligibleQuantity}), 0)`,
    }),
    value: (p) => percent(p.generic!, p.eligible!),
  },
  medicine_price_amount: {
    grain: 'prescription',
    parts: () => ({ amount: medicineYen }),
    value: (p) => p.amount!,
  },
};

/** The store scorecard's KPIs beyond the catalogue (SCORECARD_KPIS), over the sheets. */
export const SCORECARD_DEFINITIONS: Readonly<Record<string, MetricDefinition>> = {
  /** 技術料単価: what the sheets earn beyond their medicines and materials, per reception. */
  technical_fee_unit_price: {
    grain: 'prescription',
    parts: (c) => ({
      sales,
      medicine: medicineYen,
      material: materialYen,
      receptions: c.receptions(),
    }),
    addsUp: ['receptions'],
    value: (p) => perUnit(p.sales! - p.medicine! - p.material!, p.receptions!),
  },
  /** 薬剤料比率: the medicines' share of the sales. */
  medicine_fee_ratio: {
    grain: 'prescription',
    parts: () => ({ medicine: medicineYen, sales }),
    value: (p) => percent(p.medicine!, p.sales!),
  },
};

/**
 * The metrics whose meaning on a line level is the lines' own (`l`): sales of fee items are their
 * points × count × 10 yen, of medicines and materials their amount; quantities and calculation
 * counts are the lines' sums. Other metrics of a line-level page count the sheets holding an item.
 */
export const LINE_METRIC_DEFINITIONS: Record<
  Exclude<FactLevel, 'sheet'>,
  Partial<Record<MetricSlug, MetricDefinition>>
> = {
  feeLine: {
    dispensing_sales: {
      grain: 'line',
      parts: () => ({ yen: sql`coalesce(round(sum(l.points * l.count) * 10), 0)` }),
      value: (p) => p.yen!,
    },
    calculation_counts: {
      grain: 'line',
      parts: () => ({ count: sql`coalesce(sum(l.count), 0)` }),
      value: (p) => p.count!,
    },
  },
  medicineLine: {
    medicine_price_amount: {
      grain: 'line',
      parts: () => ({ amount: sql`coalesce(sum(l.amount_yen), 0)` }),
      value: (p) => p.amount!,
    },
    counts: {
      grain: 'line',
      parts: () => ({ quantity: sql`coalesce(sum(l.quantity), 0)` }),
      value: (p) => p.quantity!,
    },
  },
  materialLine: {
    dispensing_sales: {
      grain: 'line',
      parts: () => ({ yen: sql`coalesce(sum(l.amount_yen), 0)` }),
      value: (p) => p.yen!,
    },
    counts: {
      grain: 'line',
      parts: () => ({ quantity: sql`coalesce(sum(l.quantity), 0)` }),
      value: (p) => p.quantity!,
    },
  },
};

/**
 * The metrics of the dispensing-fee-score page, over the four sections `sec` of the sheets of
 * each day (feeSectionFacts): a unit price divides a section's yen by every sheet, so the four
 * unit prices add up to the sheets'.
 */
export const SECTION_METRIC_DEFINITIONS: Partial<Record<MetricSlug, MetricDefinition>> = {
  dispensing_sales: {
    grain: 'section',
    parts: () => ({ yen: sql`sum(sec.yen)` }),
    value: (p) => p.yen!,
  },
  prescription_unit_price: {
    grain: 'section',
    parts: () => ({ yen: sql`sum(sec.yen)`, sheets: sql`sum(sec.sheets)` }),
    value: (p) => perUnit(p.yen!, p.sheets!),
  },
};
