import {
  FACILITY_STANDARDS_CSV,
  FACILITY_STANDARDS_LABELS,
  facilityMonthText,
  sheetName,
  type ExportConditions,
  type FacilityJudgementsResponse,
  type JudgedRuleSet,
  type StoreJudgementWire,
} from '@pharmalytics/domain';
import { numberCell, type SheetCell, type SheetModel } from './workbook.ts';

/** The 施設基準 outlook of a store: the 区分 in force and the one its figures lead to. */
export interface StoreOutlook {
  store: string;
  basicFeeNow: string;
  basicFeeNext: string;
  genericNow: string;
  genericNext: string;
}

const UNDECIDED = '判定不可';

function ruleName(set: JudgedRuleSet | undefined): string {
  if (!set?.applies) return UNDECIDED;
  return set.rules.find((r) => r.code === set.applies)?.name ?? UNDECIDED;
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

/** The headers of the outlook, as the PDF report and the workbook write them. */
export const OUTLOOK_HEADERS = [
  '店舗',
  '調剤基本料（現在）',
  '調剤基本料（見込み）',
  '後発医薬品調剤体制（現在）',
  '後発医薬品調剤体制（見込み）',
] as const;

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
  const months = judged.stores.flatMap((store) =>
    store.months.map((m): SheetCell[] => [
      store.storeCode,
      store.storeName,
      facilityMonthText(m.month),
      m.projected ? FACILITY_STANDARDS_LABELS.projected : FACILITY_STANDARDS_LABELS.observed,
      numberCell(m.standardReceptions, COUNT),
      numberCell(m.concentrationRate, RATE),
      numberCell(m.top3ConcentrationRate, RATE),
      numberCell(m.genericShare, RATE),
      numberCell(m.cutoffShare, RATE),
    ]),
  );
  return [
    {
      name: sheetName('施設基準の見込み'),
      conditions,
      header: OUTLOOK_HEADERS,
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
