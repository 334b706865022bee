import { DomainError } from '../../shared/errors.js';
import { compareDates, type LocalDate } from '../../shared/local-date.js';
import { LIMITS } from '../../graphql/hardening.js';

/**
 * The reporting API's paging rules (issue 11 item 9): keyset pages over one connection in ascending id order, with
 * opaque cursors that name their connection, and page sizes inside the GraphQL cost limit.
 */

/** The connections a reporting tool can page through. */
export const REPORT_CONNECTIONS = [
  'agreements',
  'bills',
  'deposits',
  'ledgerTransactions',
  'activities',
  'notifications',
] as const;
export type ReportConnection = (typeof REPORT_CONNECTIONS)[number];

/** A page holds 1 to 100 rows (the size the cost limit assumes of a connection); 50 when `first` is not given. */
export const REPORT_PAGE = { default: 50, max: LIMITS.maxConnectionPage } as const;

const CURSOR_VERSION = 'r1';

/** The cursor after a row: opaque to clients (base64url of the connection and the row's id). */
export function encodeCursor(connection: ReportConnection, id: number): string {
  return Buffer.from(`${CURSOR_VERSION}:${connection}:${id}`, 'utf8').toString('base64url');
}

/** The id a cursor stands after; refuses a cursor that is not one of this connection's. */
export function decodeCursor(connection: ReportConnection, cursor: string | null | undefined): number | null {
  if (cursor === null || cursor === undefined) return null;
  const refused = () =>
    new DomainError(
      'INVALID_CURSOR',
      `after must be an endCursor this ${connection} connection returned; start again without it.`,
      'after',
    );
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) throw refused();
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (parts.length !== 3 || parts[0] !== CURSOR_VERSION || parts[1] !== connection) throw refused();
  if (!/^\d{1,10}$/.test(parts[2])) throw refused();
  const id = Number(parts[2]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw refused();
  return id;
}

/** How many rows a page holds: `first`, or the default; refuses sizes outside 1-100. */
export function pageSizeOf(first: number | null | undefined): number {
  if (first === null || first === undefined) return REPORT_PAGE.default;
  if (!Number.isSafeInteger(first) || first < 1 || first > REPORT_PAGE.max) {
    throw new DomainError('INVALID_PAGE_SIZE', `first must be a whole number from 1 to ${REPORT_PAGE.max}.`, 'first');
  }
  return first;
}

/** A date range of a filter: either end may be open; `from` may not be after `to`. */
export function checkDateRange(from: LocalDate | null | undefined, to: LocalDate | null | undefined): void {
  if (from && to && compareDates(from, to) > 0) {
    throw new DomainError('INVALID_DATE_RANGE', `from (${from}) must not be after to (${to}).`, 'from');
  }
}

/** Whether a filter's whole-number field is a usable id or code (positive ids; codes from 0). */
export function checkWholeNumber(name: string, value: number | null | undefined, minimum: 0 | 1): void {
  if (value === null || value === undefined) return;
  if (!Number.isSafeInteger(value) || value < minimum || value > 2_147_483_647) {
    throw new DomainError(
      'INVALID_FILTER',
      `${name} must be a whole number${minimum === 1 ? ' above 0' : ' from 0'}.`,
      name,
    );
  }
}

/**
 * Splits the rows fetched for a page (one more than its size, to know whether another page follows) into the
 * page, whether more follow, and the cursor after its last row.
 */
export function pageOf<T extends { id: number }>(
  connection: ReportConnection,
  rows: readonly T[],
  size: number,
): { rows: T[]; hasNextPage: boolean; endCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page,
    hasNextPage: rows.length > size,
    endCursor: last ? encodeCursor(connection, last.id) : null,
  };
}
