import {
  route,
  SCORECARD_KPIS,
  sheetName,
  xlsxChangeFormat,
  xlsxValueFormat,
  type ExportConditions,
  type ScorecardResponse,
  type ScorecardRow,
} from '@pharmalytics/domain';
import { numberCell, type SheetCell, type SheetModel } from './workbook.ts';

/** The header of the scorecard's sheet: 店舗, then each KPI's value, comparison and change. */
export function scorecardHeader(): string[] {
  return [
    '店舗',
    ...SCORECARD_KPIS.flatMap((k) => [
      k.unit ? `${k.label}（${k.unit}）` : k.label,
      `${k.label}（比較期間）`,
      `${k.label}（増減）`,
    ]),
  ];
}

function scorecardRow(row: ScorecardRow): SheetCell[] {
  return [
    row.name,
    ...SCORECARD_KPIS.flatMap((k) => {
      const cell = row.metrics[k.key];
      const value = cell?.value ?? null;
      const comparison = cell?.comparison ?? null;
      return [
        numberCell(value, xlsxValueFormat(k.unit, value)),
        numberCell(comparison, xlsxValueFormat(k.unit, comparison)),
        numberCell(cell?.change ?? null, xlsxChangeFormat(k.unit)),
      ];
    }),
  ];
}

/** The scorecard as one sheet: a row per store, then 全店舗, as the screen shows them. */
export function scorecardSheets(
  scorecard: ScorecardResponse,
  conditions: ExportConditions,
): SheetModel[] {
  return [
    {
      name: sheetName(route('StoreScorecard').title!),
      conditions,
      header: scorecardHeader(),
      rows: [...scorecard.rows, scorecard.total].map(scorecardRow),
    },
  ];
}
