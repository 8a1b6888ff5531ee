import {
  csvNumber,
  PRESCRIBER_CHANGE_KINDS,
  PRESCRIBER_LABELS as L,
  toCsv,
  type CsvCell,
  type PrescriberChangesResponse,
} from '@pharmalytics/domain';

/** The columns of the changes' CSV and of the workbook's first sheet. */
export const PRESCRIBER_CHANGES_COLUMNS = [
  L.storeCode,
  L.store,
  L.kind,
  L.institutionCode,
  L.institution,
  `${L.sheets}（${L.current}）`,
  `${L.sheets}（${L.yearAgo}）`,
  `${L.sheets}（${L.previous}）`,
  `${L.sales}（${L.current}）`,
  `${L.sales}（${L.yearAgo}）`,
  L.changeYearAgo,
  L.changePrevious,
  L.lastSeen,
];

const rate = (value: number | null): CsvCell => csvNumber(value === null ? '' : value.toFixed(1));

/** Every listed change of every store: one row per store and institution. */
export function prescriberChangesCsv(answer: PrescriberChangesResponse): string {
  const header = PRESCRIBER_CHANGES_COLUMNS;
  const rows = answer.stores.flatMap((store) =>
    store.changes.map((c) => [
      csvNumber(store.storeCode),
      store.name,
      PRESCRIBER_CHANGE_KINDS[c.kind],
      csvNumber(c.institutionCode),
      c.institutionName,
      c.current.sheets,
      c.yearAgo.sheets,
      c.previous.sheets,
      c.current.salesYen,
      c.yearAgo.salesYen,
      rate(c.changeYearAgo),
      rate(c.changePrevious),
      c.lastSeen,
    ]),
  );
  return toCsv([header, ...rows], { bom: true });
}
