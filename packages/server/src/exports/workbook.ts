import { PassThrough, type Readable } from 'node:stream';
import {
  attachmentDisposition,
  conditionRows,
  EXPORT_MIME_TYPES,
  looksLikeFormula,
  type ExportConditions,
} from '@pharmalytics/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** A number with its Excel format (the house's 円, %, pt), or an empty cell when null. */
export interface NumberCell {
  value: number | null;
  format: string;
}

/** A cell of a sheet: text, a formatted number, or empty. */
export type SheetCell = string | NumberCell | null;

/** One sheet: its Japanese name, the conditions block, the header row and the rows under it. */
export interface SheetModel {
  name: string;
  conditions: ExportConditions;
  header: readonly string[];
  rows: readonly (readonly SheetCell[])[];
}

export const numberCell = (value: number | null, format: string): NumberCell => ({ value, format });

/** Excel's text format: what is typed into such a cell stays text, even when edited. */
const TEXT_FORMAT = '@';
const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFE0F2F1' },
};

function setCell(cell: ExcelJS.Cell, value: SheetCell): void {
  if (value === null) return;
  if (typeof value === 'string') {
    // A string is written as a text cell, never a formula; one that looks like a formula also
    // gets the text format, so that editing the cell in Excel does not turn it into one.
    cell.value = value;
    if (looksLikeFormula(value)) cell.numFmt = TEXT_FORMAT;
    return;
  }
  if (value.value === null || !Number.isFinite(value.value)) return;
  cell.value = value.value;
  cell.numFmt = value.format;
}

function writeRow(sheet: ExcelJS.Worksheet, values: readonly SheetCell[], header = false): void {
  const row = sheet.addRow([]);
  values.forEach((value, i) => {
    const cell = row.getCell(i + 1);
    setCell(cell, value);
    if (header) {
      cell.font = { bold: true };
      cell.fill = HEADER_FILL;
    }
  });
  row.commit();
}

/** The width of a column from its longest text (a full-width character counts two). */
function columnWidth(texts: readonly string[]): number {
  const width = (t: string) => [...t].reduce((w, ch) => w + (ch.charCodeAt(0) > 0xff ? 2 : 1), 0);
  return Math.min(60, Math.max(8, ...texts.map(width)) + 2);
}

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, model: SheetModel): void {
  const conditions = conditionRows(model.conditions);
  // The conditions block, a blank row, then the header: everything down to it stays in view.
  const headerRow = conditions.length + 2;
  const sheet = workbook.addWorksheet(model.name, {
    views: [{ state: 'frozen', ySplit: headerRow, xSplit: 0 }],
  });
  const columns = Math.max(model.header.length, 2);
  sheet.columns = Array.from({ length: columns }, (_, i) => ({
    width: columnWidth([
      model.header[i] ?? '',
      ...model.rows
        .slice(0, 200)
        .map((r) => r[i])
        .map((c) =>
          typeof c === 'string' ? c : c === null || c === undefined ? '' : '0000000000',
        ),
      ...(i === 0 ? conditions.map(([label]) => label) : []),
    ]),
  }));
  for (const [label, value] of conditions) writeRow(sheet, [label, value]);
  writeRow(sheet, []);
  writeRow(sheet, model.header, true);
  for (const row of model.rows) writeRow(sheet, row);
  sheet.commit();
}

/**
 * A workbook of the sheets, streamed as it is written (the rows are in memory already, so a
 * refusal or a failed query is answered before the first byte).
 */
export function workbookStream(sheets: readonly SheetModel[]): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Pharmalytics';
  void (async () => {
    for (const sheet of sheets) addSheet(workbook, sheet);
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

/** Answers a workbook of the sheets as a download named `fileName`. */
export function sendWorkbook(reply: FastifyReply, fileName: string, sheets: readonly SheetModel[]) {
  return reply
    .type(EXPORT_MIME_TYPES.xlsx)
    .header('Content-Disposition', attachmentDisposition(fileName))
    .send(workbookStream(sheets));
}
