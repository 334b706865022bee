import { stringify } from 'csv-stringify/sync';
import { DomainError } from '../../shared/errors.js';

/** The most rows one CSV export takes (a report for a large book fits; a runaway body does not). */
export const CSV_MAX_ROWS = 200_000;
const CSV_MAX_COLUMNS = 100;

/**
 * A cell as a spreadsheet should read it: text starting with = + - @ (or a tab or carriage return) is a formula to
 * Excel and friends, so it is prefixed with an apostrophe, unless it is a plain number ('-12.50').
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}

/** Rows of cells as CSV (RFC 4180, CRLF, quoted where needed) with csv-stringify, a header line first. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return stringify([header.map(csvCell), ...rows.map((row) => row.map(csvCell))], {
    record_delimiter: '\r\n',
    quoted_match: /[\r\n]/,
  });
}

export interface LegacyCsvRequest {
  data: unknown;
  columnNames: unknown;
  fieldsToExport: unknown;
}

function textList(value: unknown, field: string): string[] {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > CSV_MAX_COLUMNS ||
    !value.every((item) => typeof item === 'string' && item.length <= 200)
  ) {
    throw new DomainError('INVALID_FIELD', `${field} must be a list of 1 to ${CSV_MAX_COLUMNS} names.`, field);
  }
  return value as string[];
}

/**
 * POST /api/export/misseddepositreport/tocsv (spec 3 §7): `data` rows (objects), `columnNames` the header line,
 * `fieldsToExport` which key of each row goes under each name (matched case-insensitively, as old clients mix
 * cases). A key a row lacks is an empty cell.
 */
export function legacyCsv(request: LegacyCsvRequest): string {
  const columnNames = textList(request.columnNames, 'columnNames');
  const fields = textList(request.fieldsToExport, 'fieldsToExport');
  if (columnNames.length !== fields.length) {
    throw new DomainError(
      'INVALID_FIELD',
      'columnNames and fieldsToExport must name the same number of columns.',
      'fieldsToExport',
    );
  }
  const data = request.data;
  if (!Array.isArray(data) || data.length > CSV_MAX_ROWS) {
    throw new DomainError('INVALID_FIELD', `data must be a list of at most ${CSV_MAX_ROWS} rows.`, 'data');
  }
  const rows = data.map((row: unknown, index) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) {
      throw new DomainError('INVALID_FIELD', `data row ${index + 1} must be an object.`, 'data');
    }
    const byLower = new Map(Object.entries(row).map(([key, value]) => [key.toLowerCase(), value as unknown]));
    return fields.map((field) => byLower.get(field.toLowerCase()));
  });
  return toCsv(columnNames, rows);
}
