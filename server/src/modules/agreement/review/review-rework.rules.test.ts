import { describe, expect, it } from 'vitest';
import { FiguresChangeReason as R } from '../../../common/figures-changed.js';
import { AgreementStatus as S } from '../../../shared/agreement-status.js';
import { figuresMoveReview, statusEndsReview } from './review-rework.rules.js';

describe('figuresMoveReview (rule "an open review follows its figures")', () => {
  it.each([
    ['a bill paid, a top-up, a deposit taken or reversed', [7], [R.MoneyMoved], true],
    ['a status changed (arrears, a lock, a new version running)', [7], [R.StatusChanged], true],
    ['a hardship relief changed the deposits to come', [7], [R.DepositsChanged], true],
    ['a deposit missed (already in arrears: no status change)', [7], [R.BankDay, R.DepositsChanged], true],
    ['a bank day batch: its money with the accounts', [7, 9], [R.BankDay, R.MoneyMoved], true],
    ['a bank day step alone: every account, no ids', [], [R.BankDay], false],
    ['money moved without an account (a member’s own savings)', [], [R.MoneyMoved], false],
    ['a hardship request opened or closed', [7], [R.Hardship], false],
    ['a waiting change moved to applying', [7], [R.WaitingChangeStage], false],
    ['a version open in the wizard edited', [7], [R.AgreementEdited], false],
    ['the review’s own rework: no rework of it again', [7], [R.DepositReviewed], false],
    ['the review’s own rework with money in the same transaction', [7], [R.DepositReviewed, R.MoneyMoved], true],
  ])('%s', (_name, accountIds, reasons, expected) => {
    expect(figuresMoveReview({ accountIds, reasons })).toBe(expected);
  });
});

describe('statusEndsReview (rule "a review ends with its version")', () => {
  it.each([
    ['locked', S.Active, S.Locked, true],
    ['locked while in arrears', S.MissedDeposit, S.Locked, true],
    ['cancelled', S.Active, S.Cancelled, true],
    ['cancelled while in arrears', S.MissedDeposit, S.Cancelled, true],
    ['expired', S.Active, S.Expired, true],
    ['superseded by a modification or a renewal', S.Active, S.Renewed, true],
    ['superseded while in arrears', S.MissedDeposit, S.Renewed, true],
    ['into arrears: still running', S.Active, S.MissedDeposit, false],
    ['out of arrears: still running', S.MissedDeposit, S.Active, false],
    ['unlocked: reviewed again by the next run', S.Locked, S.Active, false],
    ['a locked version cancelled: its review closed when it was locked', S.Locked, S.Cancelled, false],
    ['a change applied (the new version starts running)', S.InProgress, S.Active, false],
    ['a new agreement approved', S.PendingApproval, S.Queued, false],
    ['a new version written', 'new' as const, S.ModificationPendingApproval, false],
  ])('%s', (_name, from, to, expected) => {
    expect(statusEndsReview({ from, to })).toBe(expected);
  });
});
