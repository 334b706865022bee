import { describe, expect, it } from 'vitest';
import { cents } from '../../shared/money.js';
import {
  allocationWarning,
  automaticTopUpOption,
  setAsideFrom,
  storedConfirmationFigures,
} from './payment-split.rules.js';

describe('setAsideFrom (which pocket a bill’s set-aside leaves)', () => {
  it.each([
    ['the pocket holds the whole contingency', 10_000, 1_000, 5_000, { allocation: 10_000, contingency: 1_000 }],
    [
      'the pocket holds part of it: the rest is allocation',
      10_000,
      1_000,
      400,
      { allocation: 10_600, contingency: 400 },
    ],
    ['the pocket is empty', 10_000, 1_000, 0, { allocation: 11_000, contingency: 0 }],
    ['the pocket is already negative (older data)', 10_000, 1_000, -2_000, { allocation: 11_000, contingency: 0 }],
    ['a fixed bill has no contingency', 10_000, 0, 5_000, { allocation: 10_000, contingency: 0 }],
  ])('%s', (_case, allocation, contingency, balance, expected) => {
    const result = setAsideFrom(cents(allocation), cents(contingency), cents(balance));
    expect(result).toEqual(expected);
    // The total set aside never changes: only the pocket it is taken from.
    expect(result.allocation + result.contingency).toBe(allocation + contingency);
  });
});

describe('storedConfirmationFigures', () => {
  it('reads figures stored by paying here as they are', () => {
    const figures = {
      actualAmount: 5000,
      pouredIntoRainyDay: 100,
      totalPaidOut: 4000,
      overdueBillsCount: 1,
      fromRainyDay: 200,
      fromSavings: 800,
      amountOwing: 1000,
      fromAllocation: 3000,
      fromContingency: 0,
      combinedAllocation: 6000,
    };
    expect(storedConfirmationFigures({ ...figures, billIds: [1], idempotencyKey: 'k' })).toEqual(figures);
  });

  it("reads the old system's shape of the demo histories (billAmount, topupAmount, contingencyAmount)", () => {
    expect(
      storedConfirmationFigures({
        ContractId: 1,
        billAmount: 20128,
        amountOwing: 0,
        topupAmount: 300,
        fromAllocation: 18500,
        contingencyAmount: 1628,
        pouredIntoRainyDay: 222,
      }),
    ).toEqual({
      actualAmount: 20128,
      pouredIntoRainyDay: 222,
      totalPaidOut: 20128,
      overdueBillsCount: 0,
      fromRainyDay: 0,
      fromSavings: 300,
      amountOwing: 0,
      fromAllocation: 18500,
      fromContingency: 1628,
      combinedAllocation: 18500,
    });
  });

  it('takes anything missing or not whole cents as zero', () => {
    expect(storedConfirmationFigures({ actualAmount: '12.50', fromSavings: 1.5 })).toMatchObject({
      actualAmount: 0,
      fromSavings: 0,
      totalPaidOut: 0,
    });
  });
});

describe('allocationWarning (an approved arrears payment that takes the allocation below zero)', () => {
  it.each([
    ['already negative, taken further', true, -5_000, 11_230, 11_230, { balanceBefore: -5_000, balanceAfter: -16_230 }],
    ['positive, taken below zero', true, 3_000, 11_230, 11_230, { balanceBefore: 3_000, balanceAfter: -8_230 }],
    ['part of the payment from allocation', true, -100, 11_230, 5_000, { balanceBefore: -100, balanceAfter: -5_100 }],
    ['stays at zero: no warning', true, 11_230, 11_230, 11_230, null],
    ['stays above zero: no warning', true, 20_000, 11_230, 11_230, null],
    ['nothing taken from allocation: no warning', true, -5_000, 11_230, 0, null],
    ['no approval (not an arrears payment): no warning', false, -5_000, 11_230, 11_230, null],
  ])('%s', (_case, approved, before, amount, taken, expected) => {
    const warning = allocationWarning({
      approved,
      balanceBefore: cents(before),
      amount: cents(amount),
      taken: cents(taken),
    });
    expect(warning).toEqual(expected && { ...expected, amount, taken });
  });
});

describe('automaticTopUpOption (what an automatic payment tops up with)', () => {
  it.each([
    ['rainy day when offered', { rainyDay: true, linkedAccount: true, shortPay: true, canProceed: true }, 'rainyDay'],
    ['else a short pay', { rainyDay: false, linkedAccount: true, shortPay: true, canProceed: true }, 'shortPay'],
    ['never a linked account', { rainyDay: false, linkedAccount: true, shortPay: false, canProceed: true }, null],
    [
      'none when nothing is offered',
      { rainyDay: false, linkedAccount: false, shortPay: false, canProceed: false },
      null,
    ],
  ] as const)('%s', (_, offered, expected) => {
    expect(automaticTopUpOption(offered)).toBe(expected);
  });
});
