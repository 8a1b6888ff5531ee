import {
  COHORT_MONTHS_SINCE,
  csvNumber,
  RETENTION_LABELS as L,
  RETURN_WINDOWS,
  SUPPLY_BASES,
  toCsv,
  type CsvCell,
  type RetentionCohortsResponse,
  type RetentionOverdueResponse,
} from '@pharmalytics/domain';

/** New patients and their returns within each window: the cohort rows' and groups' figures. */
export const RETURN_COLUMNS = [L.newPatients, ...RETURN_WINDOWS.map((d) => L.returnWithin(d))];

/** The cohort table's columns, in the CSV and the workbook. */
export const COHORT_COLUMNS = [
  L.firstMonth,
  ...RETURN_COLUMNS,
  ...Array.from({ length: COHORT_MONTHS_SINCE }, (_, i) => L.monthsSince(i + 1)),
];

/** The overdue patients' columns, in the CSV and the workbook. */
export const OVERDUE_COLUMNS = [
  L.pseudonym,
  L.storeCode,
  L.store,
  L.lastVisit,
  L.institution,
  L.supplyEnd,
  L.supplyBasis,
  L.daysOverdue,
  L.revenueAtRisk,
];

const rate = (value: number | null): CsvCell => csvNumber(value === null ? '' : value.toFixed(1));

/** The cohort table: one row per first month, its returns and the share seen in later months. */
export function cohortsCsv(answer: RetentionCohortsResponse): string {
  const header = COHORT_COLUMNS;
  const rows = answer.cohorts.map((c) => [
    c.name,
    c.patients,
    ...c.returns.map((r) => rate(r.rate)),
    ...c.monthsSince.map(rate),
  ]);
  return toCsv([header, ...rows], { bom: true });
}

/** Every overdue patient, by pseudonym: never a name. */
export function overdueCsv(answer: RetentionOverdueResponse): string {
  const header = OVERDUE_COLUMNS;
  const rows = answer.patients.map((p) => [
    p.pseudonym,
    csvNumber(p.storeCode),
    p.storeName,
    p.lastVisit,
    p.institutionName,
    p.supplyEnd,
    SUPPLY_BASES[p.supplyBasis],
    p.daysOverdue,
    p.revenueAtRisk,
  ]);
  return toCsv([header, ...rows], { bom: true });
}
