import { describe, expect, it } from 'vitest';
import { cents } from '../../../../server/src/common/money';
import { BILL_MESSAGES } from './bill-messages';
import {
  allocationWarningView,
  billOrAllocationOf,
  canTopUpRainyDay,
  centsToDecimal,
  dashboardAction,
  eligibleOverdueBills,
  overdueTotals,
  rainyDayTopUpErrors,
  showOverdueOption,
  topUpErrors,
  topUpView,
  visibleDashboardBills,
} from './bill-rules';
import { bpayAmountError, payingDetailsErrors } from './payment-details';

const messages = {
  notPayable: BILL_MESSAGES.notPayable,
  memberInArrears: BILL_MESSAGES.payInArrearsMember,
  reimburseInArrears: BILL_MESSAGES.reimburseInArrears,
};
const base = { agreementStatus: 7, isStaff: false, disableSubmit: false } as const;

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
        { ...base, agreementStatus: 4, action: 'reimburse', billerAddedDate: today, today },
        withAddedToday,
      ),
    ).toEqual({ kind: 'inArrears', message: BILL_MESSAGES.reimburseInArrears });
  });
});

describe('dashboardAction', () => {
  it('lets an active agreement pay and reimburse', () => {
    expect(dashboardAction({ ...base, action: 'pay' }, messages)).toEqual({ kind: 'go' });
    expect(dashboardAction({ ...base, action: 'reimburse' }, messages)).toEqual({ kind: 'go' });
  });
  it('blocks members in missed deposit with the in-arrears notice', () => {
    expect(dashboardAction({ ...base, agreementStatus: 4, action: 'pay' }, messages)).toEqual({
      kind: 'inArrears',
      message: BILL_MESSAGES.payInArrearsMember,
    });
  });
  it('asks staff for a manager approval in missed deposit', () => {
    expect(dashboardAction({ ...base, agreementStatus: 4, isStaff: true, action: 'pay' }, messages)).toEqual({
      kind: 'needsApproval',
    });
  });
  it('never reimburses in missed deposit', () => {
    expect(dashboardAction({ ...base, agreementStatus: 4, isStaff: true, action: 'reimburse' }, messages)).toEqual({
      kind: 'inArrears',
      message: 'Bills cannot be reimbursed while agreement is in Missed Deposit',
    });
  });
  it.each([1, 8, 0, null])('does not pay in agreement status %s', (status) => {
    expect(dashboardAction({ ...base, agreementStatus: status, action: 'pay' }, messages).kind).toBe('blocked');
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
    [1, true],
    [7, true],
    [4, false],
    [8, false],
  ])('status %s: %s', (status, expected) => expect(canTopUpRainyDay(status)).toBe(expected));
});

describe('the overdue option', () => {
  const today = '2026-11-21';
  const bills = [
    { billId: 3, expectedDueDate: '2026-11-21', amountAllocated: '30.00', status: 6 },
    { billId: 1, expectedDueDate: '2026-10-21', amountAllocated: '10.00', status: 1 },
    { billId: 2, expectedDueDate: '2026-11-01', amountAllocated: '20.50', status: 4 },
    { billId: 4, expectedDueDate: '2026-12-01', amountAllocated: '99.00', status: 6 },
  ];
  const eligible = eligibleOverdueBills(bills, today);
  it('keeps bills due today or earlier, due date ascending', () => {
    expect(eligible.map((bill) => bill.billId)).toEqual([1, 2, 3]);
  });
  it('shows only with more than one eligible bill', () => {
    expect(showOverdueOption(eligible, bills[0], 'bill', today)).toBe(true);
    expect(showOverdueOption(eligible.slice(0, 1), bills[0], 'bill', today)).toBe(false);
  });
  it('for an allocation, needs the selected bill due today or earlier', () => {
    expect(showOverdueOption(eligible, bills[3], 'allocation', today)).toBe(false);
    expect(showOverdueOption(eligible, bills[0], 'allocation', today)).toBe(true);
  });
  it('combine sums every eligible allocation and lists the overdue bills but the current one', () => {
    expect(overdueTotals('combine', eligible, bills[0])).toEqual({ total: 6050, count: 3, overdueBillIds: [1, 2] });
  });
  it('ignore pays the selected bill alone', () => {
    expect(overdueTotals('ignore', eligible, bills[0])).toEqual({ total: 3000, count: 1, overdueBillIds: [] });
  });
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
    expect(view.message).toBe('This payment takes the allocation further below zero, to $-162.30.');
    expect(view.rows).toEqual([
      ['Allocation balance now', '$-50.00'],
      ['This payment', '$112.30'],
      ['Allocation balance after', '$-162.30'],
    ]);
  });

  it('says below zero from a positive balance, and what is taken when it is not the whole payment', () => {
    const view = allocationWarningView(
      { balanceBefore: '30.00', amount: '112.30', taken: '100.00', balanceAfter: '-70.00' },
      money,
    );
    expect(view.message).toBe('This payment takes the allocation below zero, to $-70.00.');
    expect(view.rows).toContainEqual(['Taken from the allocation', '$100.00']);
  });
});
