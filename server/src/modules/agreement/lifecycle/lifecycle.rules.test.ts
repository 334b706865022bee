import { describe, expect, it } from 'vitest';
import { AgreementStatus as S } from '../agreement-status.js';
import {
  accountChangeFacts,
  activationProblem,
  ALLOWED_FROM,
  availableStaffActions,
  endDateProblem,
  staffActionRefusal,
  LifecycleAction as A,
  transition,
  type ActivationFacts,
  type EndDateFacts,
} from './lifecycle.rules.js';

const ALL = Object.values(S).filter((v): v is S => typeof v === 'number');

describe('transition: where each action takes each status', () => {
  // [action, from, facts, to] — every allowed transition of DOMAIN.md's statuses.
  const allowed: [A, S, object, S][] = [
    [A.StaffActivate, S.PendingApproval, {}, S.PendingApproval],
    [A.SaveAll, S.ModificationPendingApproval, {}, S.Queued],
    [A.MemberApprove, S.PendingApproval, {}, S.Queued],
    [A.MemberApprove, S.ModificationPendingApproval, {}, S.Queued],
    [A.BeginApply, S.Queued, {}, S.InProgress],
    [A.BeginApply, S.InProgress, {}, S.InProgress],
    [A.ApplyNew, S.InProgress, {}, S.Active],
    [A.ApplyNew, S.InProgress, { startsLater: true }, S.Approved],
    [A.ApplyChange, S.InProgress, { replacedStatus: S.Active }, S.Active],
    [A.ApplyChange, S.InProgress, { replacedStatus: S.MissedDeposit }, S.MissedDeposit],
    [A.ApplyChange, S.InProgress, { replacedStatus: S.Locked }, S.Locked],
    [A.Supersede, S.Active, {}, S.Renewed],
    [A.ApplyFailed, S.Queued, {}, S.Cancelled],
    [A.ApplyFailed, S.InProgress, {}, S.Cancelled],
    [A.Start, S.Approved, {}, S.Active],
    [A.Renew, S.Active, {}, S.ModificationPendingApproval],
    [A.Renew, S.MissedDeposit, {}, S.ModificationPendingApproval],
    [A.MoveEndDate, S.Active, {}, S.Active],
    [A.MoveEndDate, S.Locked, {}, S.Locked],
    [A.MoveEndDate, S.Approved, {}, S.Approved],
    [A.Cancel, S.PendingApproval, {}, S.Cancelled],
    [A.Cancel, S.Approved, {}, S.Cancelled],
    [A.Cancel, S.Active, {}, S.Cancelled],
    [A.Cancel, S.MissedDeposit, {}, S.Cancelled],
    [A.Cancel, S.Locked, {}, S.Cancelled],
    [A.Lock, S.Active, {}, S.Locked],
    [A.Lock, S.MissedDeposit, {}, S.Locked],
    [A.Unlock, S.Locked, {}, S.Active],
    [A.Unlock, S.Locked, { hasMissedDeposits: true }, S.MissedDeposit],
    [A.MissDeposit, S.Active, {}, S.MissedDeposit],
    [A.DepositsRecovered, S.MissedDeposit, {}, S.Active],
    [A.Expire, S.Active, {}, S.Expired],
    [A.Expire, S.Locked, {}, S.Expired],
  ];
  it.each(allowed)('%s from %s (%o) → %s', (action, from, facts, to) => {
    expect(transition(action, from, facts)).toEqual({ to });
  });

  it('refuses every action from every status not in its table, with a sentence naming both', () => {
    for (const action of Object.values(A)) {
      for (const from of ALL.filter((s) => !ALLOWED_FROM[action].includes(s))) {
        const result = transition(action, from);
        expect(result, `${action} from ${from}`).toHaveProperty('refusal.code', 'TRANSITION_NOT_ALLOWED');
        if ('refusal' in result) expect(result.refusal.message).toMatch(/^An agreement that is .+ cannot be .+\.$/);
      }
    }
  });

  it('refuses to cancel a cancelled agreement, lock a locked one, unlock an active one, renew a locked one', () => {
    expect(transition(A.Cancel, S.Cancelled)).toEqual({
      refusal: {
        code: 'TRANSITION_NOT_ALLOWED',
        field: 'agreementId',
        message: 'An agreement that is cancelled cannot be cancelled.',
      },
    });
    expect(transition(A.Lock, S.Locked)).toHaveProperty('refusal');
    expect(transition(A.Unlock, S.Active)).toHaveProperty('refusal');
    expect(transition(A.Renew, S.Locked)).toHaveProperty('refusal');
    expect(transition(A.Cancel, S.Queued)).toHaveProperty('refusal');
    expect(transition(A.Cancel, S.InProgress)).toHaveProperty('refusal');
  });

  it('fails a change whose replaced version no longer runs', () => {
    expect(transition(A.ApplyChange, S.InProgress, { replacedStatus: S.Cancelled })).toHaveProperty(
      'refusal.code',
      'CHANGE_FAILED',
    );
  });
});

describe('activationProblem: what activation (setup) and save all (modify) check', () => {
  const complete: ActivationFacts = {
    isNew: true,
    accountActive: true,
    accountBalanceCents: 0,
    billerCount: 1,
    depositAmountCents: 5000,
    contributionDate: '2026-12-01',
    paymentCapacityConfirmed: true,
    startDate: '2026-12-01',
    today: '2026-11-24',
    alreadyActivated: false,
    approvalsMissing: 0,
    approvalsRefused: 0,
  };
  const cases: [string, Partial<ActivationFacts>, string | null][] = [
    ['a complete new agreement', {}, null],
    ['already activated', { alreadyActivated: true }, 'ALREADY_ACTIVATED'],
    ['the account not valid', { accountActive: false }, 'ACCOUNT_NOT_VALID'],
    ['a balance that is not zero (setup)', { accountBalanceCents: 1 }, 'BALANCE_NOT_ZERO'],
    ['a balance in a modification', { isNew: false, accountBalanceCents: 1 }, null],
    ['no billers', { billerCount: 0 }, 'NO_BILLERS'],
    ['deposits not saved (no amount)', { depositAmountCents: 0 }, 'DEPOSITS_NOT_SAVED'],
    ['deposits not saved (no date)', { contributionDate: null }, 'DEPOSITS_NOT_SAVED'],
    ['capacity not confirmed (setup)', { paymentCapacityConfirmed: false }, 'CAPACITY_NOT_CONFIRMED'],
    ['capacity in a modification (no such step)', { isNew: false, paymentCapacityConfirmed: false }, null],
    ['a start in the past (setup)', { startDate: '2026-11-23' }, 'START_IN_PAST'],
    ['an approval refused', { approvalsRefused: 1 }, 'APPROVAL_REFUSED'],
    ['an approval missing', { approvalsMissing: 1 }, 'APPROVAL_NEEDED'],
  ];
  it.each(cases)('%s → %s', (_name, change, code) => {
    expect(activationProblem({ ...complete, ...change })?.code ?? null).toBe(code);
  });

  it('words the zero-balance refusal as the spec does', () => {
    expect(activationProblem({ ...complete, accountBalanceCents: 100 })?.message).toBe(
      'The account has currently not a zero balance. It will need to be reset before a agreement can be printed, signed and confirmed.',
    );
  });
});

describe('endDateProblem: MoveAgreementEndDate', () => {
  const base: EndDateFacts = {
    newEndDate: '2027-06-30',
    startDate: '2026-07-01',
    endDate: '2027-06-30',
    today: '2026-11-24',
    lastBillDate: '2027-03-01',
  };
  const cases: [string, Partial<EndDateFacts>, string | null][] = [
    ['a later date', { newEndDate: '2027-09-30' }, null],
    ['an earlier date after the last bill', { newEndDate: '2027-04-30' }, null],
    ['not a date', { newEndDate: '30-06-2027' }, 'INVALID_DATE'],
    ['an impossible date', { newEndDate: '2027-02-30' }, 'INVALID_DATE'],
    ['the same date', {}, 'END_DATE_SAME'],
    ['today', { newEndDate: '2026-11-24' }, 'END_DATE_NOT_AFTER_TODAY'],
    ['past', { newEndDate: '2026-10-01' }, 'END_DATE_NOT_AFTER_TODAY'],
    ['before the start', { startDate: '2027-01-01', newEndDate: '2026-12-01' }, 'END_DATE_NOT_AFTER_START'],
    ['more than two years from today', { newEndDate: '2028-11-25' }, 'END_DATE_TOO_FAR'],
    ['two years from today exactly', { newEndDate: '2028-11-24' }, null],
    ['before a scheduled bill', { newEndDate: '2027-02-01' }, 'END_DATE_BEFORE_BILLS'],
    ['no bills', { newEndDate: '2027-02-01', lastBillDate: null }, null],
  ];
  it.each(cases)('%s → %s', (_name, change, code) => {
    expect(endDateProblem({ ...base, ...change })?.code ?? null).toBe(code);
  });
});

describe('staffActionRefusal and availableStaffActions: what staff may do to the agreement in force', () => {
  const quiet = accountChangeFacts([S.Cancelled, S.Renewed, S.Expired]);
  // [case, status of the version in force, statuses of the account's other versions, actions offered]
  const cases: [string, S, S[], A[]][] = [
    ['active, nothing else', S.Active, [], [A.Lock, A.Renew, A.MoveEndDate, A.Cancel]],
    ['missed deposit', S.MissedDeposit, [], [A.Lock, A.Renew, A.MoveEndDate, A.Cancel]],
    ['locked', S.Locked, [], [A.Unlock, A.MoveEndDate, A.Cancel]],
    ['approved, not started', S.Approved, [], [A.MoveEndDate, A.Cancel]],
    ['a new one waiting for the member', S.PendingApproval, [], [A.Cancel]],
    ['active with old closed versions', S.Active, [S.Cancelled, S.Renewed], [A.Lock, A.Renew, A.MoveEndDate, A.Cancel]],
    ['active after a renewal (9): no second renewal', S.Active, [S.ModificationPendingApproval], [A.Lock, A.Cancel]],
    ['active with an approved change', S.Active, [S.Approved], [A.Lock, A.Cancel]],
    ['active with a change queued: nor cancel', S.Active, [S.Queued], [A.Lock]],
    ['locked with a change being applied', S.Locked, [S.InProgress], [A.Unlock]],
    ['expired', S.Expired, [], []],
    ['cancelled', S.Cancelled, [], []],
  ];
  it.each(cases)('%s', (_name, status, others, offered) => {
    expect(availableStaffActions(status, accountChangeFacts(others))).toEqual(offered);
  });

  it('refuses in words: the status first, then the change on its way', () => {
    expect(staffActionRefusal(A.Renew, S.Locked, quiet)?.code).toBe('TRANSITION_NOT_ALLOWED');
    expect(staffActionRefusal(A.Renew, S.Active, accountChangeFacts([S.ModificationPendingApproval]))).toMatchObject({
      code: 'CHANGE_ALREADY_WAITING',
      message: 'A change to this agreement is already waiting to be approved or applied.',
    });
    expect(staffActionRefusal(A.Cancel, S.Active, accountChangeFacts([S.InProgress]))?.code).toBe(
      'CHANGE_BEING_APPLIED',
    );
    expect(staffActionRefusal(A.Renew, S.Active, quiet)).toBeNull();
  });
});
