import {
  FACILITY_STANDARDS_CSV,
  facilityMonthRows,
  formatMetricCsv,
  toCsv,
  type CsvCell,
  type StoreJudgementWire,
} from '@pharmalytics/domain';

/** One row per store and month: the monthly table of every store, projected months marked. */
export function facilityCsvRows(stores: readonly StoreJudgementWire[]): CsvCell[][] {
  return facilityMonthRows(stores, formatMetricCsv);
}

export function facilityCsv(stores: readonly StoreJudgementWire[]): string {
  return toCsv([FACILITY_STANDARDS_CSV.header, ...facilityCsvRows(stores)], {
    bom: FACILITY_STANDARDS_CSV.bom,
  });
}
