/**
 * A job's work split into parts by agreement id (issue 23 items 2 and 3): each part its own job, which any instance
 * takes. Pure.
 */

/** Agreements with `from <= id < to` (null: no bound): a part of a job's work. */
export interface AgreementRange {
  from: number | null;
  to: number | null;
}

/** Every agreement: a job's work run whole. */
export const EVERY_AGREEMENT: AgreementRange = { from: null, to: null };

/**
 * Rule "parts of a job" (issue 23 item 2): the agreements a job works on (a step of the bank day, the deposit
 * review), split into ranges of ids of at most `size` of them each, in id order; the ranges are contiguous from no lower bound to no upper bound, so every
 * agreement id falls in exactly one part (one written after the split too). Little work (or none) is one part.
 */
export function partitionRanges(agreementIds: readonly number[], size: number): AgreementRange[] {
  const ids = [...new Set(agreementIds)].sort((a, b) => a - b);
  const per = Math.max(1, Math.floor(size));
  const starts: number[] = [];
  for (let i = per; i < ids.length; i += per) starts.push(ids[i]);
  const bounds = [null, ...starts, null];
  return bounds.slice(0, -1).map((from, i) => ({ from, to: bounds[i + 1] }));
}

/**
 * The SQL that keeps a statement to a part's agreements: `from <= column < to` on each of `columns` (null bounds
 * drop out once the values are bound), with its values in order. Give it every column that names the agreement in the
 * statement (the agreement's own id as well as a bill's or a deposit's `agreement_id`): PostgreSQL carries equality
 * across a join, not a range, so a range on the child alone let a part read every agreement (and, through an index
 * by date, every bill of the book) to keep its own: each part cost the whole book, and the day grew with the square
 * of its size.
 */
export function inAgreementRange(
  columns: readonly string[],
  range: AgreementRange,
): { sql: string; values: (number | null)[] } {
  return {
    sql: columns
      .map((column) => `(?::int is null or ${column} >= ?::int) and (?::int is null or ${column} < ?::int)`)
      .join(' and '),
    values: columns.flatMap(() => [range.from, range.from, range.to, range.to]),
  };
}
