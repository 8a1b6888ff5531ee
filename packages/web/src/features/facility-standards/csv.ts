import {
  FACILITY_STANDARDS_CSV,
  FACILITY_STANDARDS_LABELS,
  facilityMonthText,
  formatMetricCsv,
  RATE_UNIT,
  toCsv,
  type CsvCell,
  type StoreJudgementWire,
} from '@pharmalytics/domain';

const RECEPTION_UNIT = '回';

/** One row per store and month: the monthly table of every store, projected months marked. */
export function facilityCsvRows(stores: readonly StoreJudgementWire[]): CsvCell[][] {
  return stores.flatMap((store) =>
    store.months.map((m) => [
      store.storeCode,
      store.storeName,
      facilityMonthText(m.month),
      m.projected ? FACILITY_STANDARDS_LABELS.projected : FACILITY_STANDARDS_LABELS.observed,
      formatMetricCsv(m.standardReceptions, RECEPTION_UNIT),
      formatMetricCsv(m.concentrationRate, RATE_UNIT),
      formatMetricCsv(m.top3ConcentrationRate, RATE_UNIT),
      formatMetricCsv(m.genericShare, RATE_UNIT),
      formatMetricCsv(m.cutoffShare, RATE_UNIT),
    ]),
  );
}

export function facilityCsv(stores: readonly StoreJudgementWire[]): string {
  return toCsv([FACILITY_STANDARDS_CSV.header, ...facilityCsvRows(stores)], {
    bom: FACILITY_STANDARDS_CSV.bom,
  });
}
