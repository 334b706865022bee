import { describe, expect, it } from 'vitest';
import { parseMoney, type Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { AgreementStatus } from '../agreement/agreement-status.js';
import { BillStatus } from '../bill/bill-status.rules.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import { applyTopUp, confirmationFigures, splitPayment, topUpOptions, type TopUpFacts } from './payment-split.rules.js';
import {
  checkNotRepeatedTopUp,
  checkPaymentAllowed,
  checkRainyDayTopUpAllowed,
  checkReimbursementAllowed,
  isEarlyPayment,
  isStillPending,
  overdueBillsPaid,
  parsePaymentAmount,
  planOverdue,
  type CandidateBill,
} from './payment.rules.js';

const $ = (text: string): Cents => parseMoney(text);
const d = (text: string): LocalDate => text as LocalDate;
const today = d('2026-03-10');

function code(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? 'THROWN';
  }
}

describe('rule "split": allocation, contingency, free balance and overdraw, leftovers into rainy day', () => {
  const base = { freeBalance: $('0'), overdrawAllowed: $('0'), leftoversToRainyDay: true };
  it.each([
    ['exactly the allocation', '100', '100', '0', '100', '0', '0', '0'],
    ['below the allocation pours the rest into rainy day', '80', '100', '10', '80', '0', '30', '0'],
    ['into the contingency', '105', '100', '10', '100', '5', '5', '0'],
    ['above allocation and contingency needs a top-up', '130', '100', '10', '100', '10', '0', '20'],
  ])('%s', (_name, amount, allocation, contingency, fromAllocation, fromContingency, poured, topUp) => {
    const split = splitPayment({ ...base, amount: $(amount), allocation: $(allocation), contingency: $(contingency) });
    expect(split).toMatchObject({
      fromAllocation: $(fromAllocation),
      fromContingency: $(fromContingency),
      pouredIntoRainyDay: $(poured),
      topUpRequired: $(topUp),
    });
  });

  it('covers the rest from the free balance, then the overdraw allowed', () => {
    const split = splitPayment({
      ...base,
      amount: $('200'),
      allocation: $('100'),
      contingency: $('10'),
      freeBalance: $('50'),
      overdrawAllowed: $('30'),
    });
    expect(split).toMatchObject({ fromAllocation: $('180'), fromAgreementBeyondBill: $('80'), topUpRequired: $('10') });
  });

  it.each([
    // Issue 25, seen 6: allocation 590.94 and contingency 42.06 held, Gas set aside 185 + 18.50, paid 640.62: both
    // pockets end at zero, the rest is the top-up (taking all the free balance as allocation left -23.56 beside 23.56).
    ['the contingency pocket’s spare after the allocation’s', '640.62', '23.56', '590.94', '42.06', '7.62'],
    ['the allocation’s spare alone when it is enough', '250', '23.56', '231.50', '18.50', '0'],
    ['nothing more from contingency when it has no spare', '640.62', '0', '614.50', '18.50', '7.62'],
  ])(
    'takes the free balance from the pocket holding it: %s',
    (_name, amount, contingencyFree, fromAllocation, fromContingency, topUp) => {
      const split = splitPayment({
        ...base,
        amount: $(amount),
        allocation: $('185'),
        contingency: $('18.50'),
        freeBalance: $('429.50'),
        contingencyFree: $(contingencyFree),
      });
      expect(split).toMatchObject({
        fromAllocation: $(fromAllocation),
        fromContingency: $(fromContingency),
        topUpRequired: $(topUp),
      });
    },
  );

  it('keeps leftovers in the allocation when the agreement does not pour them', () => {
    const split = splitPayment({
      ...base,
      leftoversToRainyDay: false,
      amount: $('50'),
      allocation: $('100'),
      contingency: $('0'),
    });
    expect(split.pouredIntoRainyDay).toBe(0);
  });
});

describe('rule "top-up options" and "top-up"', () => {
  const facts: TopUpFacts = {
    topUpRequired: $('20'),
    rainyDayAvailable: $('25'),
    rainyDayCoversShortfall: true,
    linkedAccountBalances: [$('10'), $('500')],
    overdrawRuleRelevant: false,
    agreementBalance: $('110'),
  };
  it('offers every option that can pay the top-up', () => {
    expect(topUpOptions(facts)).toEqual({ rainyDay: true, linkedAccount: true, shortPay: true, canProceed: true });
  });
  it('hides short pay when the overdraw rule is irrelevant and the balance is 0', () => {
    expect(topUpOptions({ ...facts, agreementBalance: $('0') }).shortPay).toBe(false);
  });
  it('cannot proceed when rainy day and savings are below the top-up and short pay is hidden', () => {
    const poor = { ...facts, rainyDayAvailable: $('5'), linkedAccountBalances: [$('5')], agreementBalance: $('0') };
    expect(topUpOptions(poor).canProceed).toBe(false);
    expect(code(() => applyTopUp(poor, { option: 'shortPay' }))).toBe('TOP_UP_REQUIRED');
  });
  // Columns: rainy day available, covers shortfall, best linked account, overdraw rule relevant, agreement
  // balance → rainyDay, linkedAccount, shortPay, canProceed (top-up needed: 20).
  it.each([
    ['every option', '25', true, '500', false, '110', [true, true, true, true]],
    [
      'rainy day not offered when it may not cover a shortfall',
      '25',
      false,
      '500',
      false,
      '110',
      [false, true, true, true],
    ],
    ['flag off and no linked account: cannot proceed', '25', false, '5', false, '110', [false, false, false, false]],
    ['flag off, but the overdraw rule applies: short pay', '25', false, '5', true, '0', [false, false, true, true]],
    ['rainy day below the top-up', '19.99', true, '5', false, '110', [false, false, false, false]],
    ['short pay hidden: rule irrelevant and balance 0', '25', true, '5', false, '0', [true, false, false, true]],
    ['rule relevant: short pay even with balance 0', '0', true, '0', true, '0', [false, false, true, true]],
    [
      'rule irrelevant, balance above 0, no source: cannot proceed',
      '0',
      true,
      '0',
      false,
      '50',
      [false, false, false, false],
    ],
  ] as const)('rule "top-up options": %s', (_name, rainy, covers, linked, relevant, balance, expected) => {
    const options = topUpOptions({
      topUpRequired: $('20'),
      rainyDayAvailable: $(rainy),
      rainyDayCoversShortfall: covers,
      linkedAccountBalances: [$(linked)],
      overdrawRuleRelevant: relevant,
      agreementBalance: $(balance),
    });
    expect([options.rainyDay, options.linkedAccount, options.shortPay, options.canProceed]).toEqual(expected);
  });
  it('refuses a rainy-day top-up when the agreement does not let rainy day cover a shortfall', () => {
    expect(code(() => applyTopUp({ ...facts, rainyDayCoversShortfall: false }, { option: 'rainyDay' }))).toBe(
      'TOP_UP_OPTION_UNAVAILABLE',
    );
  });
  it.each([
    ['no option: "Can\'t proceed without paybill"', { option: null }, 'TOP_UP_REQUIRED'],
    [
      'linked account not chosen',
      { option: 'linkedAccount' as const, linkedAccountBalance: null },
      'LINKED_ACCOUNT_REQUIRED',
    ],
    [
      'linked account too poor',
      { option: 'linkedAccount' as const, linkedAccountBalance: $('19.99') },
      'INSUFFICIENT_FUNDS',
    ],
    ['rainy day', { option: 'rainyDay' as const }, null],
    ['short pay', { option: 'shortPay' as const }, null],
  ])('%s', (_name, choice, expected) => {
    expect(code(() => applyTopUp(facts, choice))).toBe(expected);
  });
  it('takes the top-up from the chosen source', () => {
    expect(applyTopUp(facts, { option: 'rainyDay' })).toEqual({
      fromRainyDay: $('20'),
      fromSavings: 0,
      amountOwing: 0,
    });
    expect(applyTopUp(facts, { option: 'linkedAccount', linkedAccountBalance: $('500') }).fromSavings).toBe($('20'));
    expect(applyTopUp(facts, { option: 'shortPay' }).amountOwing).toBe($('20'));
  });
  it('refuses a linked-account top-up of a reimbursement', () => {
    const choice = { option: 'linkedAccount' as const, linkedAccountBalance: $('500') };
    expect(code(() => applyTopUp({ ...facts, reimbursement: true }, choice))).toBe('TOP_UP_OPTION_UNAVAILABLE');
  });
});

describe('rule "confirmation summary"', () => {
  it('counts a short pay as owing, not paid out', () => {
    const split = splitPayment({
      amount: $('130'),
      allocation: $('100'),
      contingency: $('10'),
      freeBalance: $('0'),
      overdrawAllowed: $('0'),
      leftoversToRainyDay: true,
    });
    const figures = confirmationFigures(
      $('130'),
      split,
      { fromRainyDay: $('0'), fromSavings: $('0'), amountOwing: $('20') },
      $('100'),
      1,
    );
    expect(figures).toMatchObject({
      actualAmount: $('130'),
      totalPaidOut: $('110'),
      amountOwing: $('20'),
      fromAllocation: $('100'),
    });
  });
});

describe('rule "amount": positive with 2 decimals', () => {
  it.each([
    ['12.34', 1234],
    ['0.01', 1],
    [12.5, 1250],
  ])('accepts %s', (input, expected) => expect(parsePaymentAmount(input)).toBe(expected));
  it.each(['0', '-5', '1.234', 'abc', ''])('refuses %s', (input) => {
    expect(code(() => parsePaymentAmount(input))).toBe('INVALID_AMOUNT');
  });
});

describe('rule "who may pay"', () => {
  const ok = {
    agreementStatus: AgreementStatus.Active,
    callerIsStaff: false,
    resigned: false,
    hasApproval: false,
    billStatus: BillStatus.Upcoming,
    biller: { name: 'Power', status: BillerStatus.Active, onHoldDate: null },
  };
  it.each([
    ['active agreement', ok, null],
    [
      'member in missed deposit is blocked',
      { ...ok, agreementStatus: AgreementStatus.MissedDeposit },
      'PAYMENT_SUSPENDED_IN_ARREARS',
    ],
    [
      'staff in missed deposit need an approval',
      { ...ok, agreementStatus: AgreementStatus.MissedDeposit, callerIsStaff: true },
      'MANAGER_APPROVAL_REQUIRED',
    ],
    [
      'staff with an approval pay in arrears',
      { ...ok, agreementStatus: AgreementStatus.MissedDeposit, callerIsStaff: true, hasApproval: true },
      null,
    ],
    ['locked agreement', { ...ok, agreementStatus: AgreementStatus.Locked }, 'AGREEMENT_LOCKED'],
    ['a resigned membership', { ...ok, resigned: true }, 'MEMBERSHIP_RESIGNED'],
    ['staff for a resigned membership', { ...ok, resigned: true, callerIsStaff: true }, 'MEMBERSHIP_RESIGNED'],
    [
      'approved (not yet active) agreement',
      { ...ok, agreementStatus: AgreementStatus.Approved },
      'AGREEMENT_NOT_PAYABLE',
    ],
    [
      'biller on hold',
      { ...ok, biller: { name: 'Power', status: BillerStatus.OnHold, onHoldDate: d('2026-03-01') } },
      'BILLER_ON_HOLD',
    ],
    ['bill already paid', { ...ok, billStatus: BillStatus.Paid }, 'BILL_NOT_PAYABLE'],
  ])('%s', (_name, facts, expected) => expect(code(() => checkPaymentAllowed(facts))).toBe(expected));

  it('words the on-hold refusal as the spec does', () => {
    const facts = { ...ok, biller: { name: 'Power', status: BillerStatus.OnHold, onHoldDate: d('2026-03-01') } };
    expect(() => checkPaymentAllowed(facts)).toThrow(
      'Power bill paid on the 01-03-2026 has failed and has been placed on hold awaiting resolution',
    );
  });
});

describe('rule "reimburse"', () => {
  const ok = {
    agreementStatus: AgreementStatus.Active,
    callerIsStaff: false,
    resigned: false,
    billStatus: BillStatus.Overdue,
    billerDateAdded: d('2026-01-01'),
    today,
    linkedAccountChosen: true,
  };
  it.each([
    ['allowed', ok, null],
    ['missed deposit', { ...ok, agreementStatus: AgreementStatus.MissedDeposit }, 'REIMBURSE_IN_MISSED_DEPOSIT'],
    ['a resigned membership', { ...ok, resigned: true }, 'MEMBERSHIP_RESIGNED'],
    ['an expired agreement', { ...ok, agreementStatus: AgreementStatus.Expired }, 'AGREEMENT_EXPIRED'],
    ['biller added today', { ...ok, billerDateAdded: today }, 'BILLER_ADDED_TODAY'],
    ['no linked account', { ...ok, linkedAccountChosen: false }, 'LINKED_ACCOUNT_REQUIRED'],
    ['already reimbursed', { ...ok, billStatus: BillStatus.Reimbursed }, 'BILL_NOT_PAYABLE'],
  ])('%s', (_name, facts, expected) => expect(code(() => checkReimbursementAllowed(facts))).toBe(expected));
});

describe('rule "overdue option"', () => {
  const bill = (id: number, dueDate: string, status: BillStatus): CandidateBill => ({
    id,
    dueDate: d(dueDate),
    status,
    amountAllocated: $('100'),
    contingency: $('10'),
  });
  const bills = [
    bill(3, '2026-03-10', BillStatus.Upcoming),
    bill(1, '2026-01-10', BillStatus.Overdue),
    bill(2, '2026-02-10', BillStatus.OverdueNotified),
    bill(4, '2026-04-10', BillStatus.Scheduled),
    bill(5, '2025-12-10', BillStatus.Paid),
  ];
  it('combine: sums the eligible allocations, the bill due today is current, 1/4 bills are the overdue list', () => {
    const plan = planOverdue(bills[1], bills, today, 'combine', 'bill');
    expect(plan.current.id).toBe(3);
    expect(plan.overdue.map((b) => b.id)).toEqual([1, 2]);
    expect(plan).toMatchObject({ totalAllocation: $('300'), totalContingency: $('30'), billCount: 3, offered: true });
  });
  it('ignore: the selected bill only', () => {
    const plan = planOverdue(bills[1], bills, today, 'ignore', 'bill');
    expect(plan).toMatchObject({ overdue: [], totalAllocation: $('100'), billCount: 1 });
  });
  it('is not offered with a single eligible bill', () => {
    expect(planOverdue(bills[0], [bills[0], bills[3]], today, 'combine', 'bill').offered).toBe(false);
  });
  it.each([
    ['one overdue bill paid alone', 1, 'ignore', 1],
    ['the bill due today alone', 0, 'ignore', 0],
    ['combined: the bill due today and the two overdue ones', 1, 'combine', 2],
  ] as const)('counts the overdue bills paid: %s', (_case, selected, option, count) => {
    expect(overdueBillsPaid(planOverdue(bills[selected], bills, today, option, 'bill'), today)).toBe(count);
  });
  it('counts a bill past its due date as overdue even before it is marked', () => {
    const late = bill(6, '2026-03-01', BillStatus.Scheduled);
    expect(overdueBillsPaid(planOverdue(late, [late], today, null, 'bill'), today)).toBe(1);
  });
  it('pay allocation needs the selected bill due today or earlier', () => {
    expect(planOverdue(bills[3], bills, today, 'combine', 'allocation')).toMatchObject({
      offered: false,
      billCount: 1,
    });
  });
});

describe('rules "early pay", "rainy-day top-up" and "pending window"', () => {
  it('flags a bill not yet due as an early payment', () => {
    expect(isEarlyPayment(d('2026-03-11'), today)).toBe(true);
    expect(isEarlyPayment(today, today)).toBe(false);
  });
  it.each([
    [AgreementStatus.Approved, null],
    [AgreementStatus.Active, null],
    [AgreementStatus.MissedDeposit, 'TOP_UP_NOT_ALLOWED'],
    [AgreementStatus.Locked, 'AGREEMENT_LOCKED'],
    [AgreementStatus.Cancelled, 'AGREEMENT_CANCELLED'],
  ])('rainy-day top-up in status %s', (status, expected) => {
    expect(code(() => checkRainyDayTopUpAllowed(status, false, false))).toBe(expected);
  });
  it('refuses a rainy-day top-up for a resigned membership, by staff too', () => {
    expect(code(() => checkRainyDayTopUpAllowed(AgreementStatus.Active, true, true))).toBe('MEMBERSHIP_RESIGNED');
  });
  // Sydney is UTC+11 in March (daylight time): 9am local = 22:00Z the day before, 3pm local = 04:00Z.
  it.each([
    ['10am and 2pm the same day', '2026-03-09T23:00:00Z', '2026-03-10T03:00:00Z', true],
    ['10am and 4pm the same day', '2026-03-09T23:00:00Z', '2026-03-10T05:00:00Z', false],
    ['4pm and 8am the next day', '2026-03-10T05:00:00Z', '2026-03-10T21:00:00Z', true],
    ['4pm and 9am the next day', '2026-03-10T05:00:00Z', '2026-03-10T22:00:00Z', false],
  ])('pending between %s: %s', (_name, paidAt, now, expected) => {
    expect(isStillPending(new Date(paidAt), new Date(now), 'Australia/Sydney')).toBe(expected);
  });
});

describe('keyless top-up repeats (legacy façade)', () => {
  const now = new Date('2026-03-09T23:30:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const request = { amount: $('50.00'), accountNumber: 'S-1' };
  it.each<[string, { at: Date; amount: Cents; accountNumber: string }[], boolean]>([
    ['none before', [], false],
    ['the same 10 s ago', [{ at: ago(10), amount: $('50.00'), accountNumber: 'S-1' }], true],
    ['the same 59 s ago', [{ at: ago(59), amount: $('50.00'), accountNumber: 'S-1' }], true],
    ['the same 60 s ago', [{ at: ago(60), amount: $('50.00'), accountNumber: 'S-1' }], false],
    ['another amount', [{ at: ago(10), amount: $('50.01'), accountNumber: 'S-1' }], false],
    ['another account', [{ at: ago(10), amount: $('50.00'), accountNumber: 'S-2' }], false],
  ])('%s: refused %s', (_name, recent, refused) => {
    const run = () => checkNotRepeatedTopUp(recent, request, now, 60);
    if (refused) expect(code(run)).toBe('REPEATED_TOP_UP');
    else expect(run).not.toThrow();
  });
});
