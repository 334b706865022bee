import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../shared/local-date.js';
import { AgreementStatus } from '../agreement/agreement-status.js';
import { BillStatus } from '../bill/bill-status.rules.js';
import {
  arrearsStatus,
  missedOwing,
  reconcileWithBank,
  billDayChange,
  DEFAULT_CORE_BANKING_SETTINGS,
  locksAfterFailure,
  renewalDueWindow,
} from './bank-day.rules.js';

const d = (text: string) => text as LocalDate;

describe('billDayChange (the bill calendar)', () => {
  const today = d('2026-03-10');
  it.each([
    ['due in 40 days: scheduled', BillStatus.Scheduled, '2026-04-19', false, BillStatus.Scheduled, null],
    ['due in 30 days: upcoming', BillStatus.Scheduled, '2026-04-09', false, BillStatus.Upcoming, null],
    [
      'due in 3 days, paid by the member: reminded',
      BillStatus.Upcoming,
      '2026-03-13',
      false,
      BillStatus.Upcoming,
      'reminder',
    ],
    [
      'due in 3 days, paid automatically: no reminder',
      BillStatus.Upcoming,
      '2026-03-13',
      true,
      BillStatus.Upcoming,
      null,
    ],
    ['due today: upcoming, not overdue', BillStatus.Upcoming, '2026-03-10', false, BillStatus.Upcoming, null],
    ['due yesterday: overdue', BillStatus.Upcoming, '2026-03-09', false, BillStatus.Overdue, null],
    [
      '3 days overdue: a missed bill, told',
      BillStatus.Overdue,
      '2026-03-07',
      false,
      BillStatus.OverdueNotified,
      'missedBill',
    ],
    ['already told: nothing more', BillStatus.OverdueNotified, '2026-03-01', false, BillStatus.OverdueNotified, null],
    ['paid: keeps its status', BillStatus.Paid, '2026-03-01', false, BillStatus.Paid, null],
    ['failed: keeps its status', BillStatus.Failed, '2026-03-01', false, BillStatus.Failed, null],
  ] as const)('%s', (_name, status, due, autoPayment, expected, notice) => {
    expect(billDayChange({ status, dueDate: d(due), autoPayment }, today)).toEqual({ status: expected, notice });
  });
});

describe('arrearsStatus (missed deposit and back)', () => {
  it.each([
    ['active with a missed deposit: missed deposit', AgreementStatus.Active, 12000, AgreementStatus.MissedDeposit],
    ['in arrears, everything received: active', AgreementStatus.MissedDeposit, 0, AgreementStatus.Active],
    ['in arrears, still missing: stays', AgreementStatus.MissedDeposit, 24000, AgreementStatus.MissedDeposit],
    ['in arrears, one cent still owing: stays', AgreementStatus.MissedDeposit, 1, AgreementStatus.MissedDeposit],
    [
      'active, a part of a deposit missing: missed deposit',
      AgreementStatus.Active,
      7000,
      AgreementStatus.MissedDeposit,
    ],
    ['locked stays locked', AgreementStatus.Locked, 12000, AgreementStatus.Locked],
    ['active, nothing missing: stays', AgreementStatus.Active, 0, AgreementStatus.Active],
  ] as const)('%s', (_name, status, owing, expected) => {
    expect(arrearsStatus(status, owing)).toBe(expected);
  });
});

describe('missedOwing (the missed amount still to come)', () => {
  const today = d('2026-03-10');
  const dep = (dueDate: string, expected: number, received: number) => ({ dueDate: d(dueDate), expected, received });
  it.each([
    ['nothing due', [], 0],
    ['all received', [dep('2026-03-03', 12000, 12000), dep('2026-03-10', 12000, 12000)], 0],
    ['one missed', [dep('2026-03-03', 12000, 0), dep('2026-03-10', 12000, 12000)], 12000],
    [
      'a later deposit in full does not cover a missed one',
      [dep('2026-03-03', 12000, 0), dep('2026-03-10', 12000, 12000)],
      12000,
    ],
    ['a part of the missed one arrived', [dep('2026-03-03', 12000, 5000)], 7000],
    ['two parts', [dep('2026-02-24', 12000, 2000), dep('2026-03-03', 12000, 11999)], 10001],
    ['not due yet: not owing', [dep('2026-03-17', 12000, 0)], 0],
    [
      'more than expected arrived: nothing owing, no credit for the others',
      [dep('2026-03-03', 12000, 13000), dep('2026-03-10', 12000, 0)],
      12000,
    ],
  ] as const)('%s', (_name, deposits, expected) => {
    expect(missedOwing(deposits, today)).toBe(expected);
  });
});

describe('locksAfterFailure (a lock after repeated failed payments)', () => {
  const settings = DEFAULT_CORE_BANKING_SETTINGS; // 3 within 90 days
  it.each([
    ['the third failure of an active agreement: locked', AgreementStatus.Active, 3, settings, true],
    ['the second: not yet', AgreementStatus.Active, 2, settings, false],
    ['in arrears too', AgreementStatus.MissedDeposit, 3, settings, true],
    ['already locked: nothing more', AgreementStatus.Locked, 4, settings, false],
    ['the setting off (0): never', AgreementStatus.Active, 9, { ...settings, lockAfterFailedPayments: 0 }, false],
    [
      'a threshold of 1: the first failure',
      AgreementStatus.Active,
      1,
      { ...settings, lockAfterFailedPayments: 1 },
      true,
    ],
  ] as const)('%s', (_name, status, failures, given, expected) => {
    expect(locksAfterFailure(status, failures, given)).toBe(expected);
  });
});

describe('renewalDueWindow (agreements due for renewal)', () => {
  it.each([
    ['30 days (the default): ends today up to 30 days ahead', 30, { from: '2026-11-24', to: '2026-12-24' }],
    ['1 day: today and tomorrow', 1, { from: '2026-11-24', to: '2026-11-25' }],
    ['0: never told', 0, null],
    ['negative: never told', -5, null],
    ['not a whole number: never told', 1.5, null],
  ] as const)('%s', (_name, days, window) => {
    expect(renewalDueWindow(d('2026-11-24'), { renewalNoticeDays: days })).toEqual(window);
  });

  it('defaults to 30 days', () => {
    expect(DEFAULT_CORE_BANKING_SETTINGS.renewalNoticeDays).toBe(30);
  });
});

describe('reconcileWithBank (the bank statement against the ledger, activity 18)', () => {
  const m = (id: number, amount: number, agreementId = 1) => ({ kind: 'deposit' as const, id, agreementId, amount });
  const p = (id: number, amount: number, agreementId = 1) => ({ kind: 'payment' as const, id, agreementId, amount });
  const off = (kind: 'deposit' | 'payment', id: number, bank: number, ledger: number, agreementId = 1) => ({
    kind,
    id,
    agreementId,
    bank,
    ledger,
  });
  it.each([
    ['nothing moved: nothing to report', [], [], []],
    ['both agree', [m(1, 12000), m(2, 5000)], [m(2, 5000), m(1, 12000)], []],
    ['the bank credited, the ledger has nothing', [m(1, 12000)], [], [off('deposit', 1, 12000, 0)]],
    ['the ledger has a deposit the bank never credited', [], [m(1, 12000)], [off('deposit', 1, 0, 12000)]],
    ['posted twice', [m(1, 12000)], [m(1, 12000), m(1, 12000)], [off('deposit', 1, 12000, 24000)]],
    ['a cent apart', [m(1, 12000)], [m(1, 11999)], [off('deposit', 1, 12000, 11999)]],
    ['a part on each side agreeing in total', [m(1, 5000), m(1, 7000)], [m(1, 12000)], []],
    [
      'in agreement then deposit order',
      [m(9, 100, 2), m(3, 100, 2), m(5, 100, 1)],
      [],
      [off('deposit', 5, 100, 0, 1), off('deposit', 3, 100, 0, 2), off('deposit', 9, 100, 0, 2)],
    ],
    ['a payment debited as the ledger paid it', [p(40, 12000)], [p(40, 12000)], []],
    ['a payment settled for another amount', [p(40, 13000)], [p(40, 12000)], [off('payment', 40, 13000, 12000)]],
    [
      'a payment the ledger failed (returned) but the bank debited',
      [p(40, 12000)],
      [p(40, 0)],
      [off('payment', 40, 12000, 0)],
    ],
    ['a failed payment on both sides', [p(40, 0)], [p(40, 0)], []],
    ['a payment the bank never answered', [], [p(40, 12000)], [off('payment', 40, 0, 12000)]],
    [
      'a deposit and a payment of the same id are two things',
      [m(40, 12000), p(40, 5000)],
      [m(40, 12000), p(40, 12000)],
      [off('payment', 40, 5000, 12000)],
    ],
    [
      'deposits before payments within an agreement',
      [p(1, 100, 2), m(9, 100, 2), p(2, 100, 1)],
      [],
      [off('payment', 2, 100, 0, 1), off('deposit', 9, 100, 0, 2), off('payment', 1, 100, 0, 2)],
    ],
  ] as const)('%s', (_name, bank, ledger, expected) => {
    expect(reconcileWithBank(bank, ledger)).toEqual(expected);
  });
});
