import { describe, expect, it } from 'vitest';
import { parseLocalDate } from '../local-date.js';
import {
  BillStatus as S,
  currentBillStatus,
  isDueForPayment,
  isOverdue,
  isNothingPaid,
  isPayableNow,
  isUpcoming,
  statusForDueDate,
  UPCOMING_WINDOW_DAYS,
} from './bill-status.rules.js';

const d = parseLocalDate;
const today = d('2026-05-10');

describe('bill status codes', () => {
  it('DOMAIN Bills: the codes are 0 scheduled … 9 short-paid', () => {
    expect([
      S.Scheduled,
      S.Overdue,
      S.Paid,
      S.PaymentPending,
      S.OverdueNotified,
      S.Failed,
      S.Upcoming,
      S.Reversed,
      S.Reimbursed,
      S.ShortPaid,
    ]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it.each<[S, boolean, boolean]>([
    [S.Scheduled, false, false],
    [S.Overdue, true, false],
    [S.Paid, false, false],
    [S.PaymentPending, false, false],
    [S.OverdueNotified, true, false],
    [S.Failed, false, false],
    [S.Upcoming, false, true],
    [S.Reversed, false, false],
    [S.Reimbursed, false, false],
    [S.ShortPaid, false, false],
  ])('spec 1 §9: status %i is overdue: %s, upcoming: %s (1 and 4 overdue, 6 upcoming)', (status, overdue, upcoming) => {
    expect(isOverdue(status)).toBe(overdue);
    expect(isUpcoming(status)).toBe(upcoming);
  });
});

describe('statusForDueDate', () => {
  it.each<[string, string, S]>([
    ['due yesterday is overdue (due date passed)', '2026-05-09', S.Overdue],
    ['due long ago is overdue', '2025-01-01', S.Overdue],
    ['due today is upcoming, not yet overdue', '2026-05-10', S.Upcoming],
    ['due tomorrow is upcoming', '2026-05-11', S.Upcoming],
    ['due in exactly 30 days is upcoming', '2026-06-09', S.Upcoming],
    ['due in 31 days is scheduled', '2026-06-10', S.Scheduled],
  ])('DOMAIN Bills: %s', (_, dueDate, expected) => {
    expect(statusForDueDate(d(dueDate), today)).toBe(expected);
  });

  it('DOMAIN Bills: the upcoming window is 30 days', () => {
    expect(UPCOMING_WINDOW_DAYS).toBe(30);
  });
});

describe('currentBillStatus', () => {
  it.each<[S, string, S]>([
    [S.Paid, '2026-01-01', S.Paid],
    [S.PaymentPending, '2026-01-01', S.PaymentPending],
    [S.OverdueNotified, '2026-01-01', S.OverdueNotified],
    [S.Failed, '2026-01-01', S.Failed],
    [S.Reversed, '2026-01-01', S.Reversed],
    [S.Reimbursed, '2026-01-01', S.Reimbursed],
    [S.ShortPaid, '2026-01-01', S.ShortPaid],
    [S.Paid, '2026-12-01', S.Paid],
    [S.Scheduled, '2026-05-09', S.Overdue],
    [S.Scheduled, '2026-05-20', S.Upcoming],
    [S.Upcoming, '2026-05-09', S.Overdue],
    [S.Overdue, '2026-12-01', S.Scheduled],
    [S.Scheduled, '2026-12-01', S.Scheduled],
  ])('DOMAIN Bills: a bill stored as %i due %s is %i today', (status, dueDate, expected) => {
    expect(currentBillStatus({ status, dueDate: d(dueDate) }, today)).toBe(expected);
  });
});

describe('isDueForPayment', () => {
  it.each<[string, boolean]>([
    ['2026-05-09', true],
    ['2026-05-10', true],
    ['2026-05-11', false],
  ])('spec 1 §4: the overdue option takes bills due today or earlier (%s: %s)', (dueDate, expected) => {
    expect(isDueForPayment(d(dueDate), today)).toBe(expected);
  });
});

describe('isNothingPaid and isPayableNow (spec 1 §9: unpaid bills a member can pay now are overdue or upcoming)', () => {
  it.each<[S, boolean, boolean]>([
    [S.Scheduled, true, false],
    [S.Overdue, true, true],
    [S.Paid, false, false],
    [S.PaymentPending, false, false],
    [S.OverdueNotified, true, true],
    [S.Failed, false, false],
    [S.Upcoming, true, true],
    [S.Reversed, false, false],
    [S.Reimbursed, false, false],
    [S.ShortPaid, false, false],
  ])('status %i: nothing paid %s, payable now %s', (status, nothingPaid, payable) => {
    expect(isNothingPaid(status)).toBe(nothingPaid);
    expect(isPayableNow(status)).toBe(payable);
  });
});
