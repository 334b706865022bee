import { describe, expect, it } from 'vitest';
import { cents } from '@shared/money';
import { MONEY_MESSAGES } from '@shared/money-movement.rules.js';
import { BILL_MESSAGES } from './bill-messages';
import {
  allocationWarningView,
  billOrAllocationOf,
  canTopUpRainyDay,
  centsToDecimal,
  dashboardAction,
  rainyDayTopUpErrors,
  topUpErrors,
  topUpView,
  visibleDashboardBills,
} from './bill-rules';
import { bpayAmountError, payingDetailsErrors } from './payment-details';

const messages = {};
const base = { agreementStatus: 'Active', isStaff: false, disableSubmit: false } as const;

describe('billOrAllocationOf', () => {
  it.each([
    ['BPAY', 'bill'],
    ['EFT', 'bill'],
    ['Unknown', 'allocation'],
  ])('pays a %s bill as %s', (type, expected) => expect(billOrAllocationOf(type)).toBe(expected));
});

describe('reimbursement bills and billers added today (spec 1 §4)', () => {
  const withAddedToday = { ...messages, billerAddedToday: BILL_MESSAGES.billerAddedToday };
  const today = '2026-11-21';
  it('hides reimbursement bills from members, not from staff', () => {
    const bills = [
      { billId: 1, isReimbursement: false },
      { billId: 2, isReimbursement: true },
    ];
    expect(visibleDashboardBills(bills, false).map((b) => b.billId)).toEqual([1]);
    expect(visibleDashboardBills(bills, true).map((b) => b.billId)).toEqual([1, 2]);
  });
  it('refuses to reimburse a bill whose biller was added today, before asking the server', () => {
    expect(dashboardAction({ ...base, action: 'reimburse', billerAddedDate: today, today }, withAddedToday)).toEqual({
      kind: 'blocked',
      message: "Can't reimburse a biller that was added today to the agreement.",
    });
  });
  it('lets a biller added before today be reimbursed, and a biller added today be paid', () => {
    expect(
      dashboardAction({ ...base, action: 'reimburse', billerAddedDate: '2026-11-20', today }, withAddedToday),
    ).toEqual({ kind: 'go' });
    expect(dashboardAction({ ...base, action: 'pay', billerAddedDate: today, today }, withAddedToday)).toEqual({
      kind: 'go',
    });
  });
  it('lets an allocation bill (no biller) be reimbursed', () => {
    expect(dashboardAction({ ...base, action: 'reimburse', billerAddedDate: null, today }, withAddedToday)).toEqual({
      kind: 'go',
    });
  });
  it('keeps the missed-deposit notice ahead of the added-today refusal', () => {
    expect(
      dashboardAction(
        { ...base, agreementStatus: 'MissedDeposit', action: 'reimburse', billerAddedDate: today, today },
        withAddedToday,
      ),
    ).toEqual({ kind: 'inArrears', message: MONEY_MESSAGES.REIMBURSE_IN_MISSED_DEPOSIT });
  });
});

describe('dashboardAction', () => {
  it('lets an active agreement pay and reimburse', () => {
    expect(dashboardAction({ ...base, action: 'pay' }, messages)).toEqual({ kind: 'go' });
    expect(dashboardAction({ ...base, action: 'reimburse' }, messages)).toEqual({ kind: 'go' });
  });
  it('blocks members in missed deposit with the in-arrears notice', () => {
    expect(dashboardAction({ ...base, agreementStatus: 'MissedDeposit', action: 'pay' }, messages)).toEqual({
      kind: 'inArrears',
      message: MONEY_MESSAGES.PAYMENT_SUSPENDED_IN_ARREARS,
    });
  });
  it('asks staff for a manager approval in missed deposit', () => {
    expect(
      dashboardAction({ ...base, agreementStatus: 'MissedDeposit', isStaff: true, action: 'pay' }, messages),
    ).toEqual({
      kind: 'needsApproval',
    });
  });
  it('never reimburses in missed deposit', () => {
    expect(
      dashboardAction({ ...base, agreementStatus: 'MissedDeposit', isStaff: true, action: 'reimburse' }, messages),
    ).toEqual({
      kind: 'inArrears',
      message: 'Bills cannot be reimbursed while agreement is in Missed Deposit',
    });
  });
  it.each(['Approved', 'Locked', 'PendingApproval', 'Expired', 'Cancelled', null] as const)(
    'does not pay in agreement status %s',
    (status) => {
      expect(dashboardAction({ ...base, agreementStatus: status, action: 'pay' }, messages).kind).toBe('blocked');
    },
  );
  it('says why in the server’s words: a locked agreement, a resigned membership (staff too)', () => {
    expect(dashboardAction({ ...base, agreementStatus: 'Locked', action: 'pay' }, messages)).toEqual({
      kind: 'blocked',
      message: MONEY_MESSAGES.AGREEMENT_LOCKED,
    });
    expect(dashboardAction({ ...base, isStaff: true, resigned: true, action: 'pay' }, messages)).toEqual({
      kind: 'blocked',
      message: 'This membership has been resigned. Activity is therefore suspended on this agreement.',
    });
  });
  it('blocks a biller on hold with its message', () => {
    expect(dashboardAction({ ...base, action: 'pay', onHoldMessage: 'on hold' }, messages)).toEqual({
      kind: 'blocked',
      message: 'on hold',
    });
  });
});

describe('canTopUpRainyDay', () => {
  it.each([
    ['Approved', true],
    ['Active', true],
    ['MissedDeposit', false],
    ['Locked', false],
  ] as const)('status %s: %s', (status, expected) => expect(canTopUpRainyDay(status, false)).toBe(expected));
  it('is not offered to a resigned membership', () => expect(canTopUpRainyDay('Active', true, true)).toBe(false));
});

describe('amounts', () => {
  it('writes cents as the decimal the server takes', () => {
    expect(centsToDecimal(123457)).toBe('1234.57');
    expect(centsToDecimal(-5)).toBe('-0.05');
  });
});

describe('topUpErrors', () => {
  const accounts = [
    { accountNumber: '111', availableBalance: '50.00' },
    { accountNumber: '222', availableBalance: '0.00' },
  ];
  it('needs an option when a top-up is required', () => {
    expect(topUpErrors({ option: null, accountNumber: null }, true, accounts, BILL_MESSAGES)).toEqual({
      topupOption: "Can't proceed without paybill",
    });
    expect(topUpErrors({ option: null, accountNumber: null }, false, accounts, BILL_MESSAGES)).toEqual({});
  });
  it('needs a linked account with enough money', () => {
    expect(topUpErrors({ option: 'linkedAccount', accountNumber: null }, true, accounts, BILL_MESSAGES)).toEqual({
      topupAccountNumber: BILL_MESSAGES.linkedAccountRequired,
    });
    expect(topUpErrors({ option: 'linkedAccount', accountNumber: '222' }, true, accounts, BILL_MESSAGES)).toEqual({
      topupAccountNumber: BILL_MESSAGES.insufficientFunds,
    });
    const above = { option: 'linkedAccount', accountNumber: '111', topUpRequired: cents(5001) } as const;
    expect(topUpErrors(above, true, accounts, BILL_MESSAGES)).toEqual({
      topupAccountNumber: BILL_MESSAGES.insufficientFunds,
    });
    expect(topUpErrors({ option: 'rainyDay', accountNumber: null }, true, accounts, BILL_MESSAGES)).toEqual({});
  });
});

describe('rainyDayTopUpErrors', () => {
  const words = {
    accountRequired: 'account',
    amountRequired: 'amount',
    aboveBalance: (available: string) => `above ${available}`,
  };
  const accounts = [
    { accountNumber: '111', availableBalance: '50.00' },
    { accountNumber: '222', availableBalance: '0.00' },
  ];
  it.each([
    [{ accountNumber: null, amountText: '10' }, { accountNumber: 'account' }],
    [{ accountNumber: '111', amountText: '0' }, { amount: 'amount' }],
    [{ accountNumber: '111', amountText: '' }, { amount: 'amount' }],
    [{ accountNumber: '111', amountText: '50.01' }, { amount: 'above 50.00' }],
    [{ accountNumber: '222', amountText: '1' }, { amount: 'above 0.00' }],
    [{ accountNumber: '111', amountText: '50' }, {}],
  ])('%o gives %o', (input, expected) => expect(rainyDayTopUpErrors(input, accounts, words)).toEqual(expected));
});

describe('payingDetailsErrors', () => {
  const bpay = {
    paymentType: 'BPAY',
    nickname: 'Internet',
    bPayNumber: '77313',
    customerReferenceNumber: '*******839',
    bsbNumber: null,
    eftAccountNumber: null,
    eftAccountName: null,
    eftReferenceNumber: null,
  };
  it('follows the server’s BPAY check (the company catalogue): none yet or valid passes, a refusal gives its message', () => {
    expect(payingDetailsErrors(bpay, 'bill', 'unknown', null)).toEqual([]);
    expect(payingDetailsErrors(bpay, 'bill', 'unknown', { valid: true, message: null })).toEqual([]);
    const refused = { valid: false, message: 'Invalid Biller Code' };
    expect(payingDetailsErrors(bpay, 'bill', 'unknown', refused)).toEqual(['Invalid Biller Code']);
    expect(payingDetailsErrors(bpay, 'allocation', 'unknown', refused)).toEqual([]);
  });
  it('leaves a refused amount (codes 13, 15) to the amount box, which names the biller’s limit', () => {
    const above = { valid: false, message: 'Amount too high', code: 13, field: 'amount', limit: '2000.00' };
    const below = { ...above, code: 15, limit: '1.00' };
    expect(payingDetailsErrors(bpay, 'bill', 'unknown', above)).toEqual([]);
    const dollars = (limit: string) => `$${limit}`;
    expect(bpayAmountError(above, dollars)).toBe('This biller takes at most $2000.00 in one payment.');
    expect(bpayAmountError(below, dollars)).toBe('This biller takes at least $1.00 in one payment.');
    expect(
      bpayAmountError({ valid: false, message: 'Invalid Biller Code', code: 11, field: 'bPayNumber' }, dollars),
    ).toBe(undefined);
    expect(bpayAmountError(null, dollars)).toBe(undefined);
  });
  it('refuses an Unknown payment type as a bill but not as an allocation', () => {
    const unknown = { ...bpay, paymentType: 'Unknown' };
    expect(payingDetailsErrors(unknown, 'bill', 'unknown', null)).toEqual(['unknown']);
    expect(payingDetailsErrors(unknown, 'allocation', 'unknown', null)).toEqual([]);
  });
});

describe('topUpView (spec 1 §4 Top-up, from the server quote)', () => {
  const quote = {
    topUpRequired: '10.00',
    rainyDay: true,
    linkedAccount: true,
    shortPay: true,
    canProceed: true,
    errors: [],
  };
  it('hides the section when no top-up is needed', () => {
    expect(topUpView({ ...quote, topUpRequired: '0.00' }, false)).toMatchObject({ needed: false });
  });
  it('shows the section with the offered options and the top-up to check balances against', () => {
    expect(topUpView(quote, false)).toEqual({
      needed: true,
      options: ['rainyDay', 'linkedAccount', 'shortPay'],
      topUpRequired: cents(1000),
      canProceed: true,
    });
  });
  it('hides short pay and rainy day when they are not offered; a linked account is always listed', () => {
    expect(topUpView({ ...quote, rainyDay: false, linkedAccount: false, shortPay: false }, false).options).toEqual([
      'linkedAccount',
    ]);
  });
  it("says when nothing can provide the top-up (Can't proceed without paybill)", () => {
    expect(topUpView({ ...quote, canProceed: false }, false).canProceed).toBe(false);
  });
  it("falls back to the server's TOP_UP_REQUIRED answer without a usable quote", () => {
    expect(topUpView(null, true)).toEqual({
      needed: true,
      options: ['rainyDay', 'linkedAccount', 'shortPay'],
      topUpRequired: null,
      canProceed: true,
    });
    expect(topUpView(null, false).needed).toBe(false);
    expect(topUpView({ ...quote, errors: [{ code: 'BILLER_ON_HOLD' }] }, false).needed).toBe(false);
  });
  it('checks the linked account against the quoted top-up', () => {
    const accounts = [{ accountNumber: 'S-1', availableBalance: '5.00' }];
    const view = topUpView(quote, false);
    expect(
      topUpErrors(
        { option: 'linkedAccount', accountNumber: 'S-1', topUpRequired: view.topUpRequired },
        view.needed,
        accounts,
        BILL_MESSAGES,
      ),
    ).toEqual({ topupAccountNumber: BILL_MESSAGES.insufficientFunds });
  });
});

describe('allocationWarningView (an approved arrears payment takes the allocation below zero)', () => {
  const money = (value: string) => `$${value}`;
  it('says the allocation goes further below zero, with the figures before, the payment and after', () => {
    const view = allocationWarningView(
      { balanceBefore: '-50.00', amount: '112.30', taken: '112.30', balanceAfter: '-162.30' },
      money,
    );
    expect(view.message).toBe('This payment takes what is set aside for bills further below zero, to $-162.30.');
    expect(view.rows).toEqual([
      ['Set aside for bills now', '$-50.00'],
      ['This payment', '$112.30'],
      ['Set aside for bills after', '$-162.30'],
    ]);
  });

  it('says below zero from a positive balance, and what is taken when it is not the whole payment', () => {
    const view = allocationWarningView(
      { balanceBefore: '30.00', amount: '112.30', taken: '100.00', balanceAfter: '-70.00' },
      money,
    );
    expect(view.message).toBe('This payment takes what is set aside for bills below zero, to $-70.00.');
    expect(view.rows).toContainEqual(['Taken from what is set aside', '$100.00']);
  });
});
