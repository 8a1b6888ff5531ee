import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { conditionRows, PRODUCT_NAME, type ExportConditions } from '@pharmalytics/domain';
import PDFDocument from 'pdfkit';

/** The Japanese font every report embeds (a subset of Noto Sans CJK JP, OFL; see OFL.txt). */
export const REPORT_FONT_FILE = fileURLToPath(
  new URL('../../../assets/fonts/NotoSansJP-Subset-Regular.otf', import.meta.url),
);
const FONT = 'NotoSansJP';
/** Between the conditions of the header line, as Japanese documents space items. */
const FULL_WIDTH_SPACE = '\u3000';

/** A4 in points, and the page's frame: the header band above `top`, the footer below. */
const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = { top: 78, bottom: 48, left: 40, right: 40 };
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

export const COLORS = {
  text: '#263238',
  muted: '#607d8b',
  accent: '#00796b',
  comparison: '#90a4ae',
  rule: '#cfd8dc',
  band: '#e0f2f1',
} as const;

export type ReportDocument = InstanceType<typeof PDFDocument>;

/** A new A4 report in the Japanese font, its pages kept so that headers are drawn at the end. */
export function newReportDocument(title: string): ReportDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: PRODUCT_NAME, Creator: PRODUCT_NAME },
  });
  doc.registerFont(FONT, REPORT_FONT_FILE);
  doc.font(FONT).fillColor(COLORS.text);
  return doc;
}

/** Whether `height` more points fit on the page; if not, a new page is started. */
export function ensureSpace(doc: ReportDocument, height: number): void {
  if (doc.y + height > PAGE.height - MARGIN.bottom) doc.addPage();
}

/** A section heading. */
export function heading(doc: ReportDocument, text: string): void {
  ensureSpace(doc, 48);
  doc.moveDown(0.6);
  doc
    .fontSize(13)
    .fillColor(COLORS.accent)
    .text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y)
    .lineWidth(0.8);
  doc.strokeColor(COLORS.accent).stroke();
  doc.y = y + 6;
  doc.fontSize(9).fillColor(COLORS.text);
}

/** A column of a table: its header, width in points and alignment. */
export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

const ROW_PADDING = 3;

function tableRow(
  doc: ReportDocument,
  columns: readonly Column[],
  cells: readonly string[],
): number {
  doc.fontSize(8.5);
  return (
    Math.max(...columns.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: c.width - 6 }))) +
    ROW_PADDING * 2
  );
}

function drawRow(
  doc: ReportDocument,
  columns: readonly Column[],
  cells: readonly string[],
  header: boolean,
): void {
  const height = tableRow(doc, columns, cells);
  const y = doc.y;
  if (header) {
    doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(COLORS.band);
  }
  let x = MARGIN.left;
  doc.fillColor(COLORS.text).fontSize(8.5);
  columns.forEach((column, i) => {
    doc.text(cells[i] ?? '', x + 3, y + ROW_PADDING, {
      width: column.width - 6,
      align: header ? 'left' : (column.align ?? 'left'),
    });
    x += column.width;
  });
  doc
    .moveTo(MARGIN.left, y + height)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y + height)
    .lineWidth(0.4)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.x = MARGIN.left;
  doc.y = y + height;
}

/** A table that breaks across pages, repeating its header row on each. */
export function table(
  doc: ReportDocument,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): void {
  const headers = columns.map((c) => c.header);
  ensureSpace(doc, tableRow(doc, columns, headers) * 2);
  drawRow(doc, columns, headers, true);
  for (const row of rows) {
    const height = tableRow(doc, columns, row);
    if (doc.y + height > PAGE.height - MARGIN.bottom) {
      doc.addPage();
      drawRow(doc, columns, headers, true);
    }
    drawRow(doc, columns, row, false);
  }
  doc.moveDown(0.5);
}

/** Plain text lines (notes, alerts). */
export function paragraph(doc: ReportDocument, text: string, color: string = COLORS.text): void {
  doc.fontSize(9);
  ensureSpace(doc, doc.heightOfString(text, { width: CONTENT_WIDTH }) + 4);
  doc.fillColor(color).text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor(COLORS.text).moveDown(0.2);
}

/**
 * The header of every page (title, corporation, stores, period, comparison) and the footer
 * (page n / total), drawn once all pages exist.
 */
export function stampPages(doc: ReportDocument, title: string, conditions: ExportConditions): void {
  const rows = new Map(conditionRows(conditions));
  const [corporation, stores, period, comparison] = ['法人', '店舗', '期間', '比較期間'].map(
    (label) => rows.get(label) ?? '',
  );
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Drawn into the margins: without this pdfkit would start a page for text below the frame.
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    const line = { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true } as const;
    doc
      .fontSize(11)
      .fillColor(COLORS.accent)
      .text(`${PRODUCT_NAME} ${title}`, MARGIN.left, 20, line);
    doc.fontSize(8).fillColor(COLORS.text);
    doc.text(
      [`法人: ${corporation}`, `期間: ${period}`, `比較期間: ${comparison}`].join(FULL_WIDTH_SPACE),
      MARGIN.left,
      38,
      line,
    );
    doc.text(`店舗: ${stores}`, MARGIN.left, 50, line);
    doc
      .moveTo(MARGIN.left, 64)
      .lineTo(MARGIN.left + CONTENT_WIDTH, 64)
      .lineWidth(0.6)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.fontSize(8).fillColor(COLORS.muted);
    doc.text(`作成日時 ${conditions.madeAt}`, MARGIN.left, PAGE.height - 30, line);
    doc.text(`${i - range.start + 1} / ${range.count}`, MARGIN.left, PAGE.height - 30, {
      ...line,
      align: 'right',
    });
    doc.page.margins = margins;
  }
}

/**
 * The document ended, as the stream of its bytes (a pdfkit document is a readable stream): the
 * pages kept for stamping are written out as it ends.
 */
export function endedDocument(doc: ReportDocument): Readable {
  doc.end();
  return doc;
}

/** The finished document's bytes. */
export function documentBytes(doc: ReportDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
