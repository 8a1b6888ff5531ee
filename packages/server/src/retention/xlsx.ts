import {
  RATE_UNIT,
  RETENTION_BREAKDOWNS,
  RETENTION_LABELS as L,
  RETENTION_XLSX as X,
  RETURN_WINDOWS,
  sheetName,
  SUPPLY_BASES,
  xlsxValueFormat,
  type ExportConditions,
  type OverdueTally,
  type RetentionCohortsResponse,
  type RetentionGroup,
  type RetentionOverdueResponse,
} from '@pharmalytics/domain';
import { numberCell, type SheetCell, type SheetModel } from '../exports/workbook.ts';
import { COHORT_COLUMNS, OVERDUE_COLUMNS, RETURN_COLUMNS } from './csv.ts';

const rate = (value: number | null) => numberCell(value, xlsxValueFormat(RATE_UNIT, value));
const count = (value: number) => numberCell(value, xlsxValueFormat('人', value));
const yen = (value: number) => numberCell(value, xlsxValueFormat('円', value));
const days = (value: number) => numberCell(value, xlsxValueFormat('日', value));

/** A group's new patients and its return within each window. */
const returns = (group: RetentionGroup): SheetCell[] => [
  count(group.patients),
  ...RETURN_WINDOWS.map((d) => rate(group.returns.find((r) => r.days === d)?.rate ?? null)),
];

/** The label of the breakdown's column. */
const breakdownLabel = (key: RetentionCohortsResponse['breakdown']) =>
  RETENTION_BREAKDOWNS.find((b) => b.key === key)!.label;

/**
 * 新患の継続率 as a workbook: the cohort table (the CSV's columns, then the period's total) and
 * the breakdown the page shows, each under the conditions block.
 */
export function cohortsSheets(
  answer: RetentionCohortsResponse,
  conditions: ExportConditions,
): SheetModel[] {
  return [
    {
      name: sheetName(X.cohortsSheet),
      conditions,
      header: COHORT_COLUMNS,
      rows: [
        ...answer.cohorts.map((c) => [c.name, ...returns(c), ...c.monthsSince.map(rate)]),
        [answer.total.name, ...returns(answer.total)],
      ],
    },
    {
      name: sheetName(X.breakdownSheet),
      conditions,
      header: [breakdownLabel(answer.breakdown), ...RETURN_COLUMNS],
      rows: [...answer.groups, answer.total].map((g) => [g.name, ...returns(g)]),
    },
  ];
}

/**
 * 来局予定を過ぎた患者 as a workbook: every overdue patient by pseudonym (never a name), then the
 * totals by store, by institution and by month of the supply end, each under the conditions block.
 */
export function overdueSheets(
  answer: RetentionOverdueResponse,
  conditions: ExportConditions,
): SheetModel[] {
  const tallies = (name: string, label: string, rows: readonly OverdueTally[]): SheetModel => ({
    name: sheetName(name),
    conditions,
    header: [label, L.overduePatients, L.revenueAtRisk],
    rows: [...rows, answer.total].map((t) => [t.name, count(t.patients), yen(t.revenueAtRisk)]),
  });
  return [
    {
      name: sheetName(X.overdueSheet),
      conditions,
      header: OVERDUE_COLUMNS,
      rows: answer.patients.map((p) => [
        p.pseudonym,
        p.storeCode,
        p.storeName,
        p.lastVisit,
        p.institutionName,
        p.supplyEnd,
        SUPPLY_BASES[p.supplyBasis],
        days(p.daysOverdue),
        yen(p.revenueAtRisk),
      ]),
    },
    tallies(X.overdueByStoreSheet, L.store, answer.byStore),
    tallies(X.overdueByInstitutionSheet, L.institution, answer.byInstitution),
    tallies(X.overdueTrendSheet, L.supplyEndMonth, answer.trend),
  ];
}
