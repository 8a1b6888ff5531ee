/**
 * e-Stat 500 m mesh population (国勢調査 地域メッシュ統計, table T001101, 1/2 地域メッシュ) as
 * distributed: Shift_JIS, comma separated, row 1 the column codes (KEY_CODE, HTKSYORI, HTKSAKI,
 * GASSAN, T001101001…), row 2 the Japanese labels, then one row per mesh.
 *
 * Statistic columns are found by their label (not by position), so a file whose columns move
 * or whose table number differs but carries the same labels is read the same way.
 *
 * Secrecy (秘匿処理): HTKSYORI 0 = none, 1 = this mesh also holds figures of suppressed
 * neighbours (listed in GASSAN), 2 = this mesh's figures are suppressed and counted in the mesh
 * given in HTKSAKI. Suppressed values are written `*` and read as 0: summing any area then never
 * counts a person twice (the figures already sit in the HTKSAKI mesh).
 */
import { decodeText, physicalLines } from '../ingestion/parsers/index.ts';

export const ESTAT_CREDIT = '出典：政府統計の総合窓口(e-Stat)' as const;

export interface MeshPopulationRow {
  /** 9-digit 1/2 地域メッシュ code. */
  meshCode: string;
  total: number;
  male: number;
  female: number;
  age0to14: number;
  age15to64: number;
  age65plus: number;
  age75plus: number;
  age85plus: number;
  age95plus: number;
  /** HTKSYORI: 0 none, 1 holds suppressed neighbours, 2 suppressed (counted in mergedInto). */
  secrecy: 0 | 1 | 2;
  /** HTKSAKI: the mesh this one's figures are counted in (secrecy 2), else null. */
  mergedInto: string | null;
}

export interface MeshPopulation {
  rows: MeshPopulationRow[];
  credit: typeof ESTAT_CREDIT;
}

type Measure = Exclude<keyof MeshPopulationRow, 'meshCode' | 'secrecy' | 'mergedInto'>;

/** Label (row 2) of each statistic, as printed in T001101 (compared after normalisation). */
const LABELS: Readonly<Record<Measure, string>> = {
  total: '人口（総数）',
  male: '人口（総数）　男',
  female: '人口（総数）　女',
  age0to14: '０～１４歳人口　総数',
  age15to64: '１５～６４歳人口　総数',
  age65plus: '６５歳以上人口　総数',
  age75plus: '７５歳以上人口　総数',
  age85plus: '８５歳以上人口　総数',
  age95plus: '９５歳以上人口　総数',
};

/** Full-width to half-width, one kind of tilde, no spaces (nor U+3000): ０～１４歳人口 → 0~14歳人口. */
function normalizeLabel(label: string): string {
  return label
    .normalize('NFKC')
    .replace(/[〜～~]/g, '~')
    .replace(/\s+/g, '');
}

/**
 * Reads a T001101 500 m mesh file. Throws an Error with a Japanese message naming the line
 * when the file is not in that shape (a master file is loaded by an operator, not uploaded).
 */
export function parseEstatMesh(bytes: Uint8Array): MeshPopulation {
  const lines = physicalLines(decodeText(bytes).text);
  const codes = (lines[0] ?? '').split(',').map((c) => c.trim());
  const labels = (lines[1] ?? '').split(',').map(normalizeLabel);
  const at = (code: string): number => {
    const i = codes.indexOf(code);
    if (i < 0) throw new Error(`1行目: 列 ${code} がありません。`);
    return i;
  };
  const keyAt = at('KEY_CODE');
  const secrecyAt = at('HTKSYORI');
  const mergedAt = at('HTKSAKI');
  const measures = Object.entries(LABELS).map(([measure, label]) => {
    const i = labels.indexOf(normalizeLabel(label));
    if (i < 0) throw new Error(`2行目: 見出し「${label}」の列がありません。`);
    return [measure as Measure, i] as const;
  });

  const rows: MeshPopulationRow[] = [];
  lines.slice(2).forEach((line, index) => {
    const lineNo = index + 3;
    if (line.trim() === '') return;
    const cells = line.split(',').map((c) => c.trim());
    const meshCode = cells[keyAt] ?? '';
    if (!/^\d{9}$/.test(meshCode)) {
      throw new Error(
        `${lineNo}行目: KEY_CODE が500mメッシュのコード（数字9桁）ではありません（${meshCode}）。`,
      );
    }
    const rawSecrecy = cells[secrecyAt] ?? '';
    if (!/^[012]?$/.test(rawSecrecy)) {
      throw new Error(`${lineNo}行目: HTKSYORI が正しくありません（${rawSecrecy}）。`);
    }
    const mergedInto = cells[mergedAt] ?? '';
    const row = {
      meshCode,
      secrecy: Number(rawSecrecy) as 0 | 1 | 2,
      mergedInto: mergedInto === '' ? null : mergedInto,
    } as MeshPopulationRow;
    for (const [measure, i] of measures) {
      const value = cells[i] ?? '';
      if (value === '*' || value === '-' || value === '') row[measure] = 0;
      else if (/^\d+$/.test(value)) row[measure] = Number(value);
      else {
        throw new Error(`${lineNo}行目: ${codes[i]} の値が数値ではありません（${value}）。`);
      }
    }
    rows.push(row);
  });
  return { rows, credit: ESTAT_CREDIT };
}
