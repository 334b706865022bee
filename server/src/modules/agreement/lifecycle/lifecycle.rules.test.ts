import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../../shared/local-date.js';
import { AgreementStatus as S } from '../agreement-status.js';
import { AgreementEvent as A } from '../state/transitions.rules.js';
import {
  accountChangeFacts,
  activationProblem,
  availableStaffActions,
  resignedMembershipRefusal,
  endDateProblem,
  isRenewalOf,
  modificationSavedAtZero,
  staffActionRefusal,
  withdrawProblem,
  type ActivationFacts,
  type EndDateFacts,
} from './lifecycle.rules.js';

describe('modificationSavedAtZero (rule "a modification saved at 0.00": accepted, its plan asked again at save all)', () => {
  const modification = { isNew: false, isRenewal: false, depositAmountCents: 0, contributionDate: '2026-12-01' };
  it.each([
    ['a modification at 0.00 with its date', {}, true],
    ['a modification at 0.00, renewal not said', { isRenewal: undefined }, true],
    ['a new agreement at 0.00', { isNew: true }, false],
    ['a renewal at 0.00', { isRenewal: true }, false],
    ['a modification with a deposit', { depositAmountCents: 1 }, false],
    ['a modification with a negative deposit', { depositAmountCents: -1 }, false],
    ['a modification at 0.00 with no date', { contributionDate: null }, false],
  ] as const)('%s → %s', (_name, change, saved) => {
    expect(modificationSavedAtZero({ ...modification, ...change })).toBe(saved);
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
  const covered = { stillToDepositCents: 0, depositDatesLeft: 1, endDate: '2026-12-15' as LocalDate };
  const cases: [string, Partial<ActivationFacts>, string | null][] = [
    ['a complete new agreement', {}, null],
    ['already activated', { alreadyActivated: true }, 'ALREADY_ACTIVATED'],
    ['the account not valid', { accountActive: false }, 'ACCOUNT_NOT_VALID'],
    ['a balance that is not zero (setup)', { accountBalanceCents: 1 }, 'BALANCE_NOT_ZERO'],
    ['a balance in a modification', { isNew: false, accountBalanceCents: 1 }, null],
    ['no billers', { billerCount: 0 }, 'NO_BILLERS'],
    ['deposits not saved (no amount)', { depositAmountCents: 0 }, 'DEPOSITS_NOT_SAVED'],
    ['deposits not saved (no date)', { contributionDate: null }, 'DEPOSITS_NOT_SAVED'],
    ['a modification needing no more deposits (0.00 saved)', { isNew: false, depositAmountCents: 0 }, null],
    [
      'a modification with no date',
      { isNew: false, depositAmountCents: 0, contributionDate: null },
      'DEPOSITS_NOT_SAVED',
    ],
    ['a negative deposit', { isNew: false, depositAmountCents: -1 }, 'DEPOSITS_NOT_SAVED'],
    ['a renewal with no deposit', { isNew: false, isRenewal: true, depositAmountCents: 0 }, 'DEPOSITS_NOT_SAVED'],
    // Save all asks the plan again for a modification saved at 0.00 (depositNeed).
    [
      'a modification at 0.00, the balance still covering',
      { isNew: false, depositAmountCents: 0, depositNeed: covered },
      null,
    ],
    [
      'a modification at 0.00 now needing more, dates left',
      { isNew: false, depositAmountCents: 0, depositNeed: { ...covered, stillToDepositCents: 1 } },
      'DEPOSIT_NEEDED',
    ],
    [
      'a modification at 0.00 needing more, no deposit date left',
      { isNew: false, depositAmountCents: 0, depositNeed: { ...covered, stillToDepositCents: 1, depositDatesLeft: 0 } },
      'NO_DEPOSIT_DATE_LEFT',
    ],
    ['a modification at 0.00, its plan unreadable', { isNew: false, depositAmountCents: 0, depositNeed: null }, null],
    [
      'a new agreement at 0.00, even needing nothing',
      { depositAmountCents: 0, depositNeed: covered },
      'DEPOSITS_NOT_SAVED',
    ],
    [
      'a modification with a deposit needing more (not asked)',
      { isNew: false, depositNeed: { ...covered, stillToDepositCents: 1, depositDatesLeft: 0 } },
      null,
    ],
    ['capacity not confirmed (setup)', { paymentCapacityConfirmed: false }, 'CAPACITY_NOT_CONFIRMED'],
    ['capacity in a modification (no such step)', { isNew: false, paymentCapacityConfirmed: false }, null],
    ['a start in the past (setup)', { startDate: '2026-11-23' }, 'START_IN_PAST'],
    ['an approval refused', { approvalsRefused: 1 }, 'APPROVAL_REFUSED'],
    ['an approval missing', { approvalsMissing: 1 }, 'APPROVAL_NEEDED'],
    [
      'a renewal already sent to the member',
      { isNew: false, isRenewal: true, alreadyActivated: true },
      'ALREADY_ACTIVATED',
    ],
    ['a modification already sent to the member', { isNew: false, alreadyActivated: true }, 'ALREADY_ACTIVATED'],
    ['a renewal needing an approval', { isNew: false, isRenewal: true, approvalsMissing: 1 }, 'APPROVAL_NEEDED'],
    ['a renewal, complete', { isNew: false, isRenewal: true, paymentCapacityConfirmed: false }, null],
  ];
  it.each(cases)('%s → %s', (_name, change, code) => {
    expect(activationProblem({ ...complete, ...change })?.code ?? null).toBe(code);
  });

  it('says why a modification needing more has no deposit date left, and what to do', () => {
    const need = { stillToDepositCents: 500, depositDatesLeft: 0, endDate: covered.endDate };
    expect(activationProblem({ ...complete, isNew: false, depositAmountCents: 0, depositNeed: need })).toEqual({
      code: 'NO_DEPOSIT_DATE_LEFT',
      field: 'deposits',
      message:
        "The bills still due need more than the agreement holds, and no deposit date is left before it ends on 15-12-2026. Top up the agreement's rainy day or remove a bill, then save the deposits again.",
    });
  });

  it('words the zero-balance refusal as the spec does', () => {
    expect(activationProblem({ ...complete, accountBalanceCents: 100 })?.message).toBe(
      'The account has currently not a zero balance. It will need to be reset before a agreement can be printed, signed and confirmed.',
    );
  });
});

describe('isRenewalOf: a change that starts after the version it changes ends (issue 26 item 1)', () => {
  it.each([
    ['the day after the end: a renewal', '2028-04-01', '2028-03-31', true],
    ['within the period: a modification', '2027-04-01', '2028-03-31', false],
    ['on the end date: a modification', '2028-03-31', '2028-03-31', false],
  ])('%s', (_name, startDate, endDate, renewal) => {
    expect(isRenewalOf({ startDate }, { endDate })).toBe(renewal);
  });

  it('a new agreement is not a renewal', () => {
    expect(isRenewalOf({ startDate: '2028-04-01' }, null)).toBe(false);
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
  const holders = { memberResigned: false };
  const quiet = accountChangeFacts([S.Cancelled, S.Renewed, S.Expired], holders);
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
    expect(availableStaffActions(status, accountChangeFacts(others, holders))).toEqual(offered);
  });

  it('refuses in words: the status first, then the change on its way', () => {
    expect(staffActionRefusal(A.Renew, S.Locked, quiet)?.code).toBe('TRANSITION_NOT_ALLOWED');
    expect(
      staffActionRefusal(A.Renew, S.Active, accountChangeFacts([S.ModificationPendingApproval], holders)),
    ).toMatchObject({
      code: 'CHANGE_ALREADY_WAITING',
      message: 'A change to this agreement is already waiting to be approved or applied.',
    });
    expect(staffActionRefusal(A.Cancel, S.Active, accountChangeFacts([S.InProgress], holders))?.code).toBe(
      'CHANGE_BEING_APPLIED',
    );
    expect(staffActionRefusal(A.Renew, S.Active, quiet)).toBeNull();
  });

  // Rule "a resigned membership takes no change" (spec 1 §4, §8; issue 25): no renewal; the rest stays with staff.
  const resigned = (others: S[] = []) => accountChangeFacts(others, { memberResigned: true });
  it.each([
    ['active', S.Active, [], [A.Lock, A.MoveEndDate, A.Cancel]],
    ['missed deposit', S.MissedDeposit, [], [A.Lock, A.MoveEndDate, A.Cancel]],
    ['locked', S.Locked, [], [A.Unlock, A.MoveEndDate, A.Cancel]],
    [
      'active with a renewal sent before the resignation',
      S.Active,
      [S.ModificationPendingApproval],
      [A.Lock, A.Cancel],
    ],
  ] as [string, S, S[], A[]][])(
    'a resigned member holds the account, %s: no Renew',
    (_name, status, others, offered) => {
      expect(availableStaffActions(status, resigned(others))).toEqual(offered);
    },
  );

  it('refuses a renewal of a resigned member’s agreement in words, after the status’s own refusal', () => {
    expect(staffActionRefusal(A.Renew, S.Active, resigned())).toEqual({
      code: 'MEMBERSHIP_RESIGNED',
      field: 'accountId',
      message:
        'This membership has been resigned. Activity is therefore suspended on this agreement: it cannot be modified or renewed.',
    });
    expect(staffActionRefusal(A.Renew, S.Locked, resigned())?.code).toBe('TRANSITION_NOT_ALLOWED');
    expect(resignedMembershipRefusal({ memberResigned: false })).toBeNull();
  });
});

describe('withdrawProblem: staff withdraw a change sent to the member', () => {
  it.each([
    [{ status: S.ModificationPendingApproval, isChange: true, sentToMember: true }, null],
    [{ status: S.ModificationPendingApproval, isChange: true, sentToMember: false }, 'NOT_SENT_TO_MEMBER'],
    [{ status: S.PendingApproval, isChange: false, sentToMember: true }, 'NOT_A_CHANGE'],
    [{ status: S.Queued, isChange: true, sentToMember: true }, 'NOT_AWAITING_APPROVAL'],
    [{ status: S.Approved, isChange: true, sentToMember: true }, 'NOT_AWAITING_APPROVAL'],
    [{ status: S.Cancelled, isChange: true, sentToMember: true }, 'NOT_AWAITING_APPROVAL'],
    [{ status: S.Active, isChange: true, sentToMember: true }, 'NOT_AWAITING_APPROVAL'],
  ])('%o → %s', (facts, code) => {
    expect(withdrawProblem(facts)?.code ?? null).toBe(code);
  });

  it('says where a change still being edited is cancelled instead', () => {
    expect(
      withdrawProblem({ status: S.ModificationPendingApproval, isChange: true, sentToMember: false })?.message,
    ).toMatch(/cancel it there/);
  });
});
