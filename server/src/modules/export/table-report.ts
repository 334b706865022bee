import type { LocalDate } from '../../shared/local-date.js';
import { poweredByFooter, printedOnHeader } from './contract-pdf.js';
import { toCsv } from './csv.js';
import type { PdfBlock, PdfColumn, PdfRow } from './pdf-blocks.js';
import { renderPdfOffThread } from './pdf-off-thread.js';

/** A file to download: its name, type and bytes in base64 (the reports' exports, GraphQL and REST). */
export interface ExportedFileView {
  fileName: string;
  contentType: string;
  base64: string;
}

/**
 * A report as a table: the one data set its screen shows, written to CSV and PDF by the functions below, so the
 * exports of every report (the missed-deposit report, the at-risk worklist) carry the screen's figures.
 */
export interface TableReport {
  title: string;
  /** Lines under the title (the report's scope, its count and total). */
  lines: { text: string; bold?: boolean }[];
  columns: PdfColumn[];
  rows: PdfRow[];
}

/** The report's rows as CSV (header, then every row), base64 for the download. */
export function tableReportCsv(fileName: string, report: TableReport): ExportedFileView {
  const csv = toCsv(
    report.columns.map((column) => column.header),
    report.rows.map((row) => row.cells),
  );
  return { fileName, contentType: 'text/csv', base64: Buffer.from(csv).toString('base64') };
}

/** The report as a landscape PDF with the 'Printed on' header and the product's footer, drawn off the request thread. */
export async function tableReportPdf(
  fileName: string,
  report: TableReport,
  frame: { today: LocalDate; productName: string },
): Promise<ExportedFileView> {
  const blocks: PdfBlock[] = [
    { kind: 'title', text: report.title },
    ...report.lines.map((line): PdfBlock => ({ kind: 'text', text: line.text, bold: line.bold })),
  ];
  if (report.rows.length > 0) blocks.push({ kind: 'table', columns: report.columns, rows: report.rows });
  const pdf = await renderPdfOffThread(
    {
      headerText: printedOnHeader(frame.today),
      footerText: poweredByFooter(frame.productName, Number(frame.today.slice(0, 4))),
      landscape: true,
    },
    blocks,
  );
  return { fileName, contentType: 'application/pdf', base64: pdf.toString('base64') };
}
