import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money.js';
import { splitDeposit, storedShares, type DepositShares } from './deposit-split.rules.js';

describe('splitDeposit (the plan shares each deposit between the pockets)', () => {
  const shares: DepositShares = { depositAmount: cents(10000), contingency: cents(1200), rainyDay: cents(3) };
  it.each([
    ['the regular deposit: the breakdown shares', 10000, [8797, 1200, 3]],
    ['another amount: in proportion, rounded down, allocation takes the cents', 5001, [4400, 600, 1]],
    ['nothing', 0, [0, 0, 0]],
  ] as const)('%s', (_name, amount, [allocation, contingency, rainyDay]) => {
    const split = splitDeposit(cents(amount), shares);
    expect(split).toEqual({ allocation, contingency, rainyDay });
    expect(split.allocation + split.contingency + split.rainyDay).toBe(amount);
  });
  it('never puts more in the other pockets than the deposit', () => {
    expect(splitDeposit(cents(10), { depositAmount: cents(10), contingency: cents(8), rainyDay: cents(5) })).toEqual({
      allocation: 0,
      contingency: 5,
      rainyDay: 5,
    });
  });
});

describe('storedShares (a deposit read with its stored plan)', () => {
  it('reads the plan’s shares of one regular deposit', () => {
    expect(
      storedShares({ plan_deposit_amount: '100.00', contingency_share: '12.00', rainy_day_share: '0.03' }, cents(5000)),
    ).toEqual({ depositAmount: 10000, contingency: 1200, rainyDay: 3 });
  });
  it('without a stored plan, the whole expected deposit is allocation', () => {
    expect(
      storedShares({ plan_deposit_amount: null, contingency_share: null, rainy_day_share: null }, cents(5000)),
    ).toEqual({ depositAmount: 5000, contingency: 0, rainyDay: 0 });
  });
});
