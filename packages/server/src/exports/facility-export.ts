import {
  FACILITY_OUTLOOK,
  FACILITY_STANDARDS_CSV,
  facilityMonthRows,
  sheetName,
  type ExportConditions,
  type FacilityJudgementsResponse,
  type JudgedRuleSet,
  type StoreJudgementWire,
} from '@pharmalytics/domain';
import { numberCell, type SheetModel } from './workbook.ts';

/** The 施設基準 outlook of a store: the 区分 in force and the one its figures lead to. */
export interface StoreOutlook {
  store: string;
  basicFeeNow: string;
  basicFeeNext: string;
  genericNow: string;
  genericNext: string;
}

function ruleName(set: JudgedRuleSet | undefined): string {
  if (!set?.applies) return FACILITY_OUTLOOK.undecided;
  return set.rules.find((r) => r.code === set.applies)?.name ?? FACILITY_OUTLOOK.undecided;
}

export function outlookOf(store: StoreJudgementWire): StoreOutlook {
  return {
    store: store.storeName,
    basicFeeNow: ruleName(store.basicFee.current?.outcome),
    basicFeeNext: ruleName(store.basicFee.projected?.outcome),
    genericNow: ruleName(store.generic.current?.tier),
    genericNext: ruleName(store.generic.projected?.tier),
  };
}

const RATE = '0.0"%"';
const COUNT = '#,##0"回"';

/**
 * The 施設基準 workbook: each store's outlook, then its months (observed and projected) with the
 * figures the judgements read.
 */
export function facilitySheets(
  judged: FacilityJudgementsResponse,
  conditions: ExportConditions,
): SheetModel[] {
  const outlook = judged.stores.map(outlookOf);
  const months = facilityMonthRows(judged.stores, (value, unit) =>
    numberCell(value, unit === '%' ? RATE : COUNT),
  );
  return [
    {
      name: sheetName('施設基準の見込み'),
      conditions,
      header: FACILITY_OUTLOOK.headers,
      rows: outlook.map((o) => [
        o.store,
        o.basicFeeNow,
        o.basicFeeNext,
        o.genericNow,
        o.genericNext,
      ]),
    },
    {
      name: sheetName('月別の実績と見込み'),
      conditions,
      // The columns of the page's CSV.
      header: FACILITY_STANDARDS_CSV.header,
      rows: months,
    },
  ];
}
