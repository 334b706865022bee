import { renderPdf, type PageFrame } from './pdf-document.js';

/** A PDF's content as plain data, so that it can be drawn on a worker thread (`pdf-off-thread.ts`). */
export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'text'; text: string; bold?: boolean }
  | { kind: 'table'; columns: PdfColumn[]; rows: PdfRow[] };

export interface PdfColumn {
  header: string;
  /** Share of the page's width (relative to the other columns). */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfRow {
  cells: string[];
  /** A branch's or the report's total line: bold, shaded. */
  emphasis?: boolean;
}

const CELL_PADDING = 3;

function drawTable(doc: PDFKit.PDFDocument, block: Extract<PdfBlock, { kind: 'table' }>): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const totalShare = block.columns.reduce((total, column) => total + column.width, 0) || 1;
  const widths = block.columns.map((column) => (column.width / totalShare) * width);
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const fontSize = 8;
  const heightOf = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    return (
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i] - 2 * CELL_PADDING })),
        fontSize,
      ) +
      2 * CELL_PADDING
    );
  };
  const drawRow = (cells: readonly string[], bold: boolean, shade: string | null) => {
    const height = heightOf(cells, bold);
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    if (shade) doc.rect(left, y, width, height).fill(shade);
    doc
      .fillColor('#000000')
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(fontSize);
    cells.forEach((cell, i) => {
      doc.text(cell, xs[i] + CELL_PADDING, y + CELL_PADDING, {
        width: widths[i] - 2 * CELL_PADDING,
        align: block.columns[i]?.align ?? 'left',
      });
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  const drawHeader = () =>
    drawRow(
      block.columns.map((column) => column.header),
      true,
      '#e6e6e6',
    );
  drawHeader();
  for (const row of block.rows) drawRow(row.cells, row.emphasis ?? false, row.emphasis ? '#f3f3f3' : null);
  doc.moveDown(0.5);
}

/** Draws the blocks in order: titles, paragraphs, tables (their header repeated on each page). */
export function drawBlocks(doc: PDFKit.PDFDocument, blocks: readonly PdfBlock[]): void {
  for (const block of blocks) {
    if (block.kind === 'title') {
      doc.font('Helvetica-Bold').fontSize(14).fillColor('#000000').text(block.text).moveDown(0.3);
    } else if (block.kind === 'text') {
      doc
        .font(block.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(10)
        .fillColor('#000000')
        .text(block.text)
        .moveDown(0.3);
    } else {
      drawTable(doc, block);
    }
  }
}

/** A PDF of the blocks, on this thread (the worker calls it; requests use `renderPdfOffThread`). */
export function renderBlocksPdf(frame: PageFrame, blocks: readonly PdfBlock[]): Promise<Buffer> {
  return renderPdf(frame, (doc) => drawBlocks(doc, blocks));
}
