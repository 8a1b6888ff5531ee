import { MARKET_SHARE_CSV, toCsv } from './csv.ts';
import { NO_VALUE } from './format.ts';
import { acquisitionRate, MESH_ALL_AGES_LABEL } from './maps.ts';
import type { MeshEstimate } from './schemas/maps.ts';

/**
 * The table 選択エリア別獲得率 of the acquisition-rate screen (spec 02 §2.4), defined once: the
 * screen draws it and writes its CSV from these rows, and the server writes its workbook from
 * them.
 */

/** A chosen mesh and what is known of it. */
export interface SelectedArea {
  /** Its selection number, 1..n in order of selection. */
  number: number;
  meshCode: string;
  /**
   * Its figures: from the map's answer, or else from its own estimate call (count 0); null when
   * that call gave no result, undefined while it runs.
   */
  figures: MeshEstimate | null | undefined;
}

/**
 * The chosen meshes (mesh codes in order of selection) with their figures: a mesh of the map's
 * answer as it is there, any other mesh as its estimate call answered.
 */
export function selectedAreas(
  selection: readonly string[],
  loaded: ReadonlyMap<string, MeshEstimate>,
  estimates: ReadonlyMap<string, MeshEstimate | null>,
): SelectedArea[] {
  return selection.map((meshCode, i) => ({
    number: i + 1,
    meshCode,
    figures: loaded.get(meshCode) ?? estimates.get(meshCode),
  }));
}

type Value = number | typeof NO_VALUE;

/** Acquired and estimated patients and their rate; '-' where nothing is known. */
export interface AreaFigures {
  rate: Value;
  count: Value;
  estimate: Value;
}

const UNKNOWN: AreaFigures = { rate: NO_VALUE, count: NO_VALUE, estimate: NO_VALUE };

function figuresOf(counts: { count: number; estimate: number } | null | undefined): AreaFigures {
  if (!counts) return UNKNOWN;
  return {
    rate: acquisitionRate(counts.count, counts.estimate),
    count: counts.count,
    estimate: counts.estimate,
  };
}

/**
 * The summary of the chosen meshes: acquired and estimated patients summed over those whose
 * figures are known, the rate computed from the sums (never averaged). Null with nothing chosen.
 */
export function selectionTotals(areas: readonly SelectedArea[]): AreaFigures | null {
  if (areas.length === 0) return null;
  const known = areas.flatMap((area) => (area.figures ? [area.figures] : []));
  if (known.length === 0) return UNKNOWN;
  return figuresOf({
    count: known.reduce((sum, mesh) => sum + mesh.count, 0),
    estimate: known.reduce((sum, mesh) => sum + mesh.estimate, 0),
  });
}

/** A line of the table 選択エリア別獲得率: a mesh's all-ages total, or one of its age bands. */
export interface AreaRow extends AreaFigures {
  number: number;
  meshCode: string;
  ageBand: string;
}

/** A chosen mesh in the table: its 合計 row first, then one row per age band (none: no data). */
export interface AreaGroup {
  area: SelectedArea;
  total: AreaRow;
  ages: AreaRow[];
}

export function areaGroups(areas: readonly SelectedArea[]): AreaGroup[] {
  return areas.map((area) => {
    const row = (ageBand: string, figures: AreaFigures): AreaRow => ({
      number: area.number,
      meshCode: area.meshCode,
      ageBand,
      ...figures,
    });
    return {
      area,
      total: row(MESH_ALL_AGES_LABEL, figuresOf(area.figures)),
      ages: (area.figures?.details ?? []).map((detail) =>
        row(detail.ageRangeName, figuresOf(detail)),
      ),
    };
  });
}

/** Every line of the table in order, each mesh's 合計 row then its age bands, open or not. */
export function areaRows(groups: readonly AreaGroup[]): AreaRow[] {
  return groups.flatMap((group) => [group.total, ...group.ages]);
}

/**
 * The table as CSV, every age band included whether its rows are open or not: the table's
 * columns, quoted cells, CRLF, UTF-8 with BOM (spec 02 §7).
 */
export function marketShareCsv(groups: readonly AreaGroup[]): string {
  const line = (row: AreaRow) => [
    row.number,
    row.meshCode,
    row.ageBand,
    row.rate,
    row.count,
    row.estimate,
  ];
  return toCsv([MARKET_SHARE_CSV.header, ...areaRows(groups).map(line)], {
    bom: MARKET_SHARE_CSV.bom,
  });
}
