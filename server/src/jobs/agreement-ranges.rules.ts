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
