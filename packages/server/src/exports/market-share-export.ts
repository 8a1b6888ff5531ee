import {
  areaGroups,
  areaRows,
  MARKET_SHARE_CSV,
  MARKET_SHARE_XLSX,
  NO_VALUE,
  selectedAreas,
  selectionText,
  selectionTotals,
  sheetName,
  type AreaFigures,
  type AreaGroup,
  type DateRange,
  type ExportConditions,
  type MarketShareXlsxQuery,
} from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { cachedAcquired, meshEstimatesOnly, storeMarketShare } from '../maps/index.ts';
import { exportConditions } from './conditions.ts';
import { numberCell, type SheetCell, type SheetModel } from './workbook.ts';

/** The acquisition-rate table of the meshes asked, as the screen builds it. */
export interface MarketShareExport {
  period: DateRange;
  groups: AreaGroup[];
  conditions: ExportConditions;
}

/**
 * The table 選択エリア別獲得率 of the store's map over the period, for the meshes chosen in the
 * order chosen: the figures of a mesh of the map's answer as they are there, any other mesh's
 * from its own estimate (count 0), through the same definition the screen draws the table with.
 * The store and the period are checked as the map's call checks them.
 */
export async function marketShareExport(
  { db, metrics }: AnalyticsRouteDeps,
  auth: AuthContext,
  q: MarketShareXlsxQuery,
): Promise<MarketShareExport> {
  const { scope, period, answer } = await storeMarketShare(db, auth, q, cachedAcquired(metrics));
  const loaded = new Map(answer.estimatedPatientCounts.map((mesh) => [mesh.meshCode, mesh]));
  const missing = q.mesh_codes.filter((code) => !loaded.has(code));
  const [estimates, conditions] = await Promise.all([
    meshEstimatesOnly(db, missing, period),
    exportConditions(db, scope, { period }),
  ]);
  return {
    period,
    groups: areaGroups(selectedAreas(q.mesh_codes, loaded, estimates)),
    conditions: { ...conditions, selection: selectionText(q.mesh_codes) },
  };
}

/** A figure as a number cell in its format; the screen's '-' is an empty cell. */
const figure = (value: AreaFigures['rate'], format: string): SheetCell =>
  numberCell(value === NO_VALUE ? null : value, format);

const figureCells = (f: AreaFigures): SheetCell[] => [
  figure(f.rate, MARKET_SHARE_XLSX.rateFormat),
  figure(f.count, MARKET_SHARE_XLSX.personFormat),
  figure(f.estimate, MARKET_SHARE_XLSX.personFormat),
];

/**
 * The workbook's one sheet: the table's columns, each mesh's 合計 row and its age bands (all of
 * them, as the CSV), then the chosen meshes' sums and their rate, as the screen's summary.
 */
export function marketShareSheets(e: MarketShareExport): SheetModel[] {
  const rows = areaRows(e.groups).map((row): SheetCell[] => [
    numberCell(row.number, MARKET_SHARE_XLSX.numberFormat),
    row.meshCode,
    row.ageBand,
    ...figureCells(row),
  ]);
  const totals = selectionTotals(e.groups.map((g) => g.area));
  if (totals) rows.push([MARKET_SHARE_XLSX.totalLabel, null, null, ...figureCells(totals)]);
  return [
    {
      name: sheetName(MARKET_SHARE_XLSX.sheet),
      conditions: e.conditions,
      header: MARKET_SHARE_CSV.header,
      rows,
    },
  ];
}
