import {
  PRESCRIBER_CHANGE_KINDS,
  PRESCRIBER_CHANGES_XLSX as X,
  PRESCRIBER_LABELS as L,
  PRESCRIBER_NOTICE_KIND_LABELS,
  sheetName,
  xlsxChangeFormat,
  xlsxValueFormat,
  type ExportConditions,
  type PrescriberChangesResponse,
} from '@pharmalytics/domain';
import { numberCell, type SheetCell, type SheetModel } from '../exports/workbook.ts';
import { PRESCRIBER_CHANGES_COLUMNS } from './csv.ts';

const sheets = (value: number) => numberCell(value, xlsxValueFormat('枚', value));
const yen = (value: number) => numberCell(value, xlsxValueFormat('円', value));
const change = (value: number | null) => numberCell(value, xlsxChangeFormat('枚'));
const meters = (value: number) => numberCell(value, xlsxValueFormat('', value));

/**
 * 処方元の変化 as a workbook: the changes of every store (the CSV's columns), the notices, and the
 * clinics opened and closed nearby, each sheet under the conditions block.
 */
export function prescriberChangesSheets(
  answer: PrescriberChangesResponse,
  conditions: ExportConditions,
): SheetModel[] {
  type Store = PrescriberChangesResponse['stores'][number];
  const at = (store: Store): SheetCell[] => [store.storeCode, store.name];
  type NearbyRow = { name: string; address: string; distanceMeters: number; day: string };
  /** The clinics opened or closed near each store, with the day the master saw it so. */
  const nearbySheet = (
    name: string,
    dayLabel: string,
    rowsOf: (store: Store) => NearbyRow[],
  ): SheetModel => ({
    name: sheetName(name),
    conditions,
    header: [L.storeCode, L.store, L.institution, L.address, L.distance, dayLabel],
    rows: answer.stores.flatMap((store) =>
      rowsOf(store).map((r) => [...at(store), r.name, r.address, meters(r.distanceMeters), r.day]),
    ),
  });
  return [
    {
      name: sheetName(X.changesSheet),
      conditions,
      header: PRESCRIBER_CHANGES_COLUMNS,
      rows: answer.stores.flatMap((store) =>
        store.changes.map((c) => [
          ...at(store),
          PRESCRIBER_CHANGE_KINDS[c.kind],
          c.institutionCode,
          c.institutionName,
          sheets(c.current.sheets),
          sheets(c.yearAgo.sheets),
          sheets(c.previous.sheets),
          yen(c.current.salesYen),
          yen(c.yearAgo.salesYen),
          change(c.changeYearAgo),
          change(c.changePrevious),
          c.lastSeen,
        ]),
      ),
    },
    {
      name: sheetName(X.noticesSheet),
      conditions,
      header: [L.storeCode, L.store, L.noticeKind, L.notice],
      rows: answer.notices.map((n) => [
        n.storeCode,
        n.storeName,
        PRESCRIBER_NOTICE_KIND_LABELS[n.kind],
        n.text,
      ]),
    },
    nearbySheet(X.openingsSheet, L.firstSeen, (store) =>
      store.openings.map((o) => ({ ...o, day: o.firstSeenOn })),
    ),
    nearbySheet(X.closingsSheet, L.facilityLastSeen, (store) =>
      store.closings.map((c) => ({ ...c, day: c.lastSeenOn })),
    ),
  ];
}
