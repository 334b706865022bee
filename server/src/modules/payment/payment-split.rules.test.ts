import { describe, expect, it } from 'vitest';
import { storedConfirmationFigures } from './payment-split.rules.js';

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
