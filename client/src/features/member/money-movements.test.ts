import { describe, expect, it } from 'vitest';
import { carriedOver, moneyMovements, VERSION_TRANSFER } from './money-movements';

describe('moneyMovements (a transaction as a member reads it, never raw ledger lines)', () => {
  it('reads a bill payment as taken from the agreement’s pockets and paid to the biller', () => {
    const lines = [
      { account: 'Allocation', amount: '-100.00' },
      { account: 'Contingency', amount: '-12.30' },
      { account: 'External', amount: '112.30' },
    ];
    expect(moneyMovements(lines, 'Car insurance')).toEqual({
      from: [
        { label: 'Your agreement’s money set aside for bills', amount: 100 },
        { label: 'Your agreement’s contingency', amount: 12.3 },
      ],
      to: [{ label: 'Car insurance (the biller)', amount: 112.3 }],
    });
  });

  it('reads a deposit as paid in from outside the bank', () => {
    const lines = [
      { account: 'External', amount: '-200.00' },
      { account: 'Allocation', amount: '180.00' },
      { account: 'Rainy day', amount: '20.00' },
    ];
    expect(moneyMovements(lines, null)).toEqual({
      from: [{ label: 'Paid in from outside the bank', amount: 200 }],
      to: [
        { label: 'Your agreement’s money set aside for bills', amount: 180 },
        { label: 'Your rainy day', amount: 20 },
      ],
    });
  });

  it('names the member’s own savings account', () => {
    const lines = [
      { account: 'Savings account 30000001', amount: '-10.00' },
      { account: 'Rainy day', amount: '10.00' },
    ];
    expect(moneyMovements(lines, null).from).toEqual([{ label: 'Your savings account 30000001', amount: 10 }]);
  });
});

describe('carriedOver (a changed agreement takes over the balances of the one before)', () => {
  const lines = [
    { account: 'Allocation', amount: '552.54', agreementId: 3 },
    { account: 'Allocation', amount: '-552.54', agreementId: 2 },
    { account: 'Contingency', amount: '-33.04', agreementId: 2 },
    { account: 'Contingency', amount: '33.04', agreementId: 3 },
    { account: 'Rainy day', amount: '45.85', agreementId: 2 },
    { account: 'Rainy day', amount: '-45.85', agreementId: 3 },
  ];

  it('reads the new version’s lines: what was carried over, a balance below zero as it is', () => {
    expect(carriedOver({ type: VERSION_TRANSFER, agreementId: 3, lines })).toEqual([
      { label: 'Set aside for bills', amount: 552.54 },
      { label: 'Contingency', amount: 33.04 },
      { label: 'Rainy day', amount: -45.85 },
    ]);
  });

  it('leaves out a pocket with nothing in it', () => {
    const some = [...lines, { account: 'Allocation', amount: '0.00', agreementId: 3 }];
    expect(carriedOver({ type: VERSION_TRANSFER, agreementId: 3, lines: some })).toHaveLength(3);
  });

  it('is null for any other transaction', () => {
    expect(carriedOver({ type: 2, agreementId: 3, lines })).toBeNull();
  });
});
