import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors.js';
import type { LocalDate } from '../../shared/local-date.js';
import {
  checkDateRange,
  checkWholeNumber,
  decodeCursor,
  encodeCursor,
  pageOf,
  pageSizeOf,
  REPORT_PAGE,
} from './reporting.rules.js';

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('cursors', () => {
  it.each([1, 42, 2_147_483_647])('round-trips id %i and is opaque', (id) => {
    const cursor = encodeCursor('bills', id);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(String(id));
    expect(decodeCursor('bills', cursor)).toBe(id);
  });

  it('reads no cursor as the first page', () => {
    expect(decodeCursor('bills', null)).toBeNull();
    expect(decodeCursor('bills', undefined)).toBeNull();
  });

  it.each([
    ['another connection’s cursor', encodeCursor('deposits', 5)],
    ['text that is not base64url', 'abc$%'],
    ['base64 of something else', Buffer.from('hello').toString('base64url')],
    ['an id that is not a number', Buffer.from('r1:bills:1e3').toString('base64url')],
    ['an id past int4', Buffer.from('r1:bills:9999999999').toString('base64url')],
    ['an older version', Buffer.from('r0:bills:5').toString('base64url')],
    ['an empty text', ''],
    ['a very long text', 'A'.repeat(65)],
  ])('refuses %s with INVALID_CURSOR', (_, cursor) => {
    expect(codeOf(() => decodeCursor('bills', cursor))).toBe('INVALID_CURSOR');
  });
});

describe('page size', () => {
  it.each([
    [null, REPORT_PAGE.default],
    [undefined, REPORT_PAGE.default],
    [1, 1],
    [100, 100],
  ])('first %s → %i rows', (first, size) => {
    expect(pageSizeOf(first)).toBe(size);
  });

  it.each([0, -1, 101, 1.5])('refuses first %s', (first) => {
    expect(codeOf(() => pageSizeOf(first))).toBe('INVALID_PAGE_SIZE');
  });
});

describe('filters', () => {
  it.each([
    ['2026-03-01', '2026-03-31', null],
    ['2026-03-01', '2026-03-01', null],
    ['2026-03-02', '2026-03-01', 'INVALID_DATE_RANGE'],
    [null, '2026-03-01', null],
    ['2026-03-01', null, null],
  ])('from %s to %s → %s', (from, to, code) => {
    expect(codeOf(() => checkDateRange(from as LocalDate | null, to as LocalDate | null))).toBe(code);
  });

  it.each([
    ['status', 0, 0, null],
    ['status', -1, 0, 'INVALID_FILTER'],
    ['memberId', 0, 1, 'INVALID_FILTER'],
    ['memberId', 7, 1, null],
    ['branchId', null, 1, null],
  ] as const)('%s = %s (from %i) → %s', (name, value, minimum, code) => {
    expect(codeOf(() => checkWholeNumber(name, value, minimum))).toBe(code);
  });
});

describe('pageOf', () => {
  const rows = (...ids: number[]) => ids.map((id) => ({ id }));

  it('keeps the page, says whether more follow and where the next starts', () => {
    const page = pageOf('bills', rows(3, 5, 9), 2);
    expect(page.rows).toEqual(rows(3, 5));
    expect(page.hasNextPage).toBe(true);
    expect(decodeCursor('bills', page.endCursor)).toBe(5);
  });

  it('ends on a short page, and an empty page has no cursor', () => {
    expect(pageOf('bills', rows(3), 2)).toMatchObject({ hasNextPage: false });
    expect(pageOf('bills', [], 2)).toEqual({ rows: [], hasNextPage: false, endCursor: null });
  });
});
