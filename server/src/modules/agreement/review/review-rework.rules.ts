import { FiguresChangeReason } from '../../../common/figures-changed.js';
import { AgreementStatus } from '../../../shared/agreement-status.js';

/** The versions the review looks at: running (active, or in arrears). A locked version is not reviewed. */
export const REVIEWED_STATUSES: readonly AgreementStatus[] = [AgreementStatus.Active, AgreementStatus.MissedDeposit];

/**
 * The announcements that can move the figure an open review offers (the review's inputs: the balances, the deposits
 * still to come, the bills paid and owed, the version running). Money moved (a bill paid by the member or staff, a
 * top-up, a reimbursement, a deposit taken or reversed, a catch-up, a settlement), a status changed (arrears, a lock,
 * a new version running), the deposits still to come changed (a hardship relief, a deposit missed). Not: a bank day's
 * step by itself (every account, no ids: its money and its missed deposits come with their accounts, and the 01:30
 * review follows the day's first step), a hardship request opened or closed (no figure: its relief is
 * DEPOSITS_CHANGED), a waiting change's stage, a version open in the wizard edited (a draft or a modification, never
 * the running version reviewed: it runs only through a status change), and the review's own announcement (its rework
 * would queue itself again).
 */
const REWORK_REASONS: ReadonlySet<FiguresChangeReason> = new Set([
  FiguresChangeReason.MoneyMoved,
  FiguresChangeReason.StatusChanged,
  FiguresChangeReason.DepositsChanged,
]);

/**
 * Rule "an open review follows its figures": whether a transaction's announcement asks the open reviews of its
 * accounts to be worked out again.
 */
export function figuresMoveReview(change: { accountIds: readonly number[]; reasons: readonly FiguresChangeReason[] }) {
  return change.accountIds.length > 0 && change.reasons.some((reason) => REWORK_REASONS.has(reason));
}

/**
 * Rule "a review ends with its version": a status change that takes a reviewed version out of the reviewed statuses
 * (locked, cancelled, expired, superseded by a modification or a renewal) closes its open review at once, in the
 * change's transaction: nothing is left to accept until the 01:30 run. Arrears and their end keep it open (the
 * version still runs: its figures moved, and the rework follows them).
 */
export function statusEndsReview(change: { from: number | 'new'; to: number }): boolean {
  const reviewed = (status: number | 'new') => (REVIEWED_STATUSES as readonly (number | 'new')[]).includes(status);
  return reviewed(change.from) && !reviewed(change.to);
}
