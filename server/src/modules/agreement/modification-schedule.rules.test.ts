import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { BillerOverdueOption, BillerStatus, ModificationState } from '../../shared/biller/biller-codes.js';
import {
  billChanges,
  depositChanges,
  itemChange,
  overdueBillChanges,
  type ItemBills,
  type StoredBill,
  type WantedBill,
} from './modification-schedule.rules.js';

const d = (text: string) => text as LocalDate;
const c = (value: number) => value as Cents;
const TODAY = d('2030-03-10');

const stored = (id: number, date: string, amount = 10_000, contingency = 1_000, isFinalBill = false): StoredBill => ({
  id,
  dueDate: d(date),
  amount: c(amount),
  contingency: c(contingency),
  isFinalBill,
});
const wanted = (date: string, amount = 10_000, contingency = 1_000, isFinalBill = false): WantedBill => ({
  dueDate: d(date),
  amount: c(amount),
  contingency: c(contingency),
  isFinalBill,
});
const item = (fields: Partial<ItemBills>): ItemBills => ({
  change: 'changed',
  stored: [],
  wanted: [],
  held: [],
  finalBillDate: null,
  ...fields,
});

describe('itemChange', () => {
  it.each([
    [ModificationState.None, BillerStatus.Active, 'kept'],
    [ModificationState.None, BillerStatus.OnHold, 'kept'],
    [ModificationState.New, BillerStatus.Active, 'added'],
    [ModificationState.Edit, BillerStatus.Active, 'changed'],
    [ModificationState.Enable, BillerStatus.Active, 'changed'],
    [ModificationState.Removed, BillerStatus.Removed, 'removed'],
    [ModificationState.None, BillerStatus.Removed, 'removed'],
  ] as const)('state %s, status %s: %s', (state, status, change) => {
    expect(itemChange(state, status)).toBe(change);
  });
});

describe('billChanges', () => {
  it('a kept item keeps its bills, whatever the engine says', () => {
    const changes = billChanges(
      item({ change: 'kept', stored: [stored(1, '2030-03-20')], wanted: [wanted('2030-03-25')] }),
      TODAY,
    );
    expect(changes).toEqual({ update: [], remove: [], insert: [] });
  });

  it('an added item gets the engine’s bills from today on (not before)', () => {
    const changes = billChanges(
      item({ change: 'added', wanted: [wanted('2030-03-03'), wanted('2030-03-10'), wanted('2030-03-17')] }),
      TODAY,
    );
    expect(changes).toEqual({ update: [], remove: [], insert: [wanted('2030-03-10'), wanted('2030-03-17')] });
  });

  it('a changed amount updates the bills on the dates it keeps, in place', () => {
    const changes = billChanges(
      item({
        stored: [stored(1, '2030-03-20'), stored(2, '2030-04-20')],
        wanted: [wanted('2030-03-20', 12_000, 1_200), wanted('2030-04-20', 12_000, 1_200)],
      }),
      TODAY,
    );
    expect(changes).toEqual({
      update: [
        { id: 1, bill: wanted('2030-03-20', 12_000, 1_200) },
        { id: 2, bill: wanted('2030-04-20', 12_000, 1_200) },
      ],
      remove: [],
      insert: [],
    });
  });

  it('changed dates end the old dates’ bills and add the new ones; an identical bill is left alone', () => {
    const changes = billChanges(
      item({
        stored: [stored(1, '2030-03-20'), stored(2, '2030-04-20')],
        wanted: [wanted('2030-03-20'), wanted('2030-04-05'), wanted('2030-04-19')],
      }),
      TODAY,
    );
    expect(changes).toEqual({ update: [], remove: [2], insert: [wanted('2030-04-05'), wanted('2030-04-19')] });
  });

  it('a date whose bill stayed with the version in force (paid early) is not billed again', () => {
    const changes = billChanges(
      item({ change: 'added', wanted: [wanted('2030-03-20'), wanted('2030-04-20')], held: [d('2030-03-20')] }),
      TODAY,
    );
    expect(changes.insert).toEqual([wanted('2030-04-20')]);
  });

  it('a removed item’s bills end after its final bill date, the final bill and earlier ones stay', () => {
    const bills = [stored(1, '2030-03-20'), stored(2, '2030-04-20'), stored(3, '2030-05-20')];
    expect(billChanges(item({ change: 'removed', stored: bills, finalBillDate: d('2030-04-20') }), TODAY)).toEqual({
      update: [],
      remove: [3],
      insert: [],
    });
    expect(billChanges(item({ change: 'removed', stored: bills }), TODAY).remove).toEqual([1, 2, 3]);
  });

  it('is idempotent: what it asks for, applied, asks for nothing', () => {
    const first = item({
      stored: [stored(1, '2030-03-20'), stored(2, '2030-04-20')],
      wanted: [wanted('2030-03-20', 9_000), wanted('2030-05-01', 9_000)],
    });
    const changes = billChanges(first, TODAY);
    const after = [
      ...first.stored
        .filter((bill) => !changes.remove.includes(bill.id))
        .map((bill) => {
          const update = changes.update.find((u) => u.id === bill.id);
          return update ? { ...bill, ...update.bill } : bill;
        }),
      ...changes.insert.map((bill, index) => ({ id: 100 + index, ...bill })),
    ];
    expect(billChanges({ ...first, stored: after }, TODAY)).toEqual({ update: [], remove: [], insert: [] });
  });
});

describe('depositChanges', () => {
  const deposit = (id: number, date: string, amount = 5_000) => ({ id, dueDate: d(date), amount: c(amount) });

  it('follows the plan: new dates added, dates no longer in it ended, a new amount on the dates kept', () => {
    expect(
      depositChanges(
        [deposit(1, '2030-03-12'), deposit(2, '2030-03-26')],
        [d('2030-03-05'), d('2030-03-12'), d('2030-03-19')],
        c(6_000),
        [],
        TODAY,
      ),
    ).toEqual({ update: [{ id: 1, amount: 6_000 }], remove: [2], insert: [d('2030-03-19')] });
  });

  it('does not collect twice on a date the version in force holds (received or missed)', () => {
    expect(depositChanges([], [d('2030-03-10'), d('2030-03-17')], c(5_000), [d('2030-03-10')], TODAY)).toEqual({
      update: [],
      remove: [],
      insert: [d('2030-03-17')],
    });
  });

  it('a plan with no dates changes nothing rather than stopping every deposit', () => {
    const deposits = [deposit(1, '2030-03-12')];
    expect(depositChanges(deposits, [], c(5_000), [], TODAY)).toEqual({ update: [], remove: [], insert: [] });
    expect(depositChanges(deposits, [], c(0), [], TODAY)).toEqual({ update: [], remove: [], insert: [] });
  });

  it('a deposit of 0.00 (the balance covers the rest of the term) ends every deposit from today, none added', () => {
    const deposits = [deposit(1, '2030-03-09'), deposit(2, '2030-03-12'), deposit(3, '2030-03-26')];
    expect(depositChanges(deposits, [d('2030-03-12'), d('2030-03-26')], c(0), [], TODAY)).toEqual({
      update: [],
      remove: [2, 3],
      insert: [],
    });
  });

  it('applied after today’s deposits step ran: a new deposit of today is tomorrow’s, one held today stays held', () => {
    const stored = [deposit(1, '2030-03-10'), deposit(2, '2030-03-17')];
    const plan = [d('2030-03-10'), d('2030-03-17')];
    expect(depositChanges(stored, plan, c(5_000), [], TODAY, d('2030-03-11'))).toEqual({
      update: [],
      remove: [1],
      insert: [d('2030-03-11')],
    });
    // The version in force's deposit of today was taken (held): not collected again tomorrow.
    expect(depositChanges([deposit(2, '2030-03-17')], plan, c(5_000), [TODAY], TODAY, d('2030-03-11'))).toEqual({
      update: [],
      remove: [],
      insert: [],
    });
  });

  it('the plan unchanged: nothing to do', () => {
    expect(depositChanges([deposit(1, '2030-03-12')], [d('2030-02-26'), d('2030-03-12')], c(5_000), [], TODAY)).toEqual(
      { update: [], remove: [], insert: [] },
    );
  });
});

describe('overdueBillChanges (the biller form’s overdue option)', () => {
  const overdue = (id: number, date: string, amount = 10_000, contingency = 1_000) => ({
    id,
    dueDate: d(date),
    amount: c(amount),
    contingency: c(contingency),
  });
  // The engine's bills of the changed item: $120.00 a month with $12.00 contingency, on the 1st.
  const engine = [
    wanted('2030-02-01', 12_000, 1_200),
    wanted('2030-03-01', 12_000, 1_200),
    wanted('2030-04-01', 12_000, 1_200),
  ];
  const ALL = BillerOverdueOption.AllUnpaidBills;
  const CURRENT = BillerOverdueOption.CurrentAndFutureBills;

  it.each([
    [
      'all unpaid overdue bills: the new amount on the same date',
      'changed',
      ALL,
      [overdue(1, '2030-02-01')],
      [[1, 12_000, 1_200]],
    ],
    [
      'all unpaid overdue bills: a date no longer billed takes the next bill’s amount',
      'changed',
      ALL,
      [overdue(2, '2030-02-15')],
      [[2, 12_000, 1_200]],
    ],
    [
      'all unpaid overdue bills: one already at the new amount is left alone',
      'changed',
      ALL,
      [overdue(3, '2030-03-01', 12_000, 1_200)],
      [],
    ],
    [
      'current and future bills only: overdue bills keep their amount',
      'changed',
      CURRENT,
      [overdue(4, '2030-02-01')],
      [],
    ],
    [
      'no option chosen (the item had no overdue bills when edited): nothing changes',
      'changed',
      null,
      [overdue(5, '2030-02-01')],
      [],
    ],
    ['an item kept as it was: nothing changes, whatever the option', 'kept', ALL, [overdue(6, '2030-02-01')], []],
    ['an item removed: its overdue bills are still owed as they were', 'removed', ALL, [overdue(7, '2030-02-01')], []],
    ['a bill due today or later is not overdue: billChanges owns it', 'changed', ALL, [overdue(8, '2030-03-10')], []],
  ] as const)('%s', (_name, change, option, bills, expected) => {
    const result = overdueBillChanges(change, option, bills, engine, TODAY);
    expect(result.map((u) => [u.id, u.amount, u.contingency])).toEqual(expected);
  });

  it('an engine with no bills leaves the overdue bills as they are', () => {
    expect(overdueBillChanges('changed', ALL, [overdue(9, '2030-02-01')], [], TODAY)).toEqual([]);
  });

  it('after the last bill of the new schedule, the last one’s amount applies', () => {
    const late = overdueBillChanges('changed', ALL, [overdue(10, '2030-03-05')], engine.slice(0, 2), TODAY);
    expect(late).toEqual([{ id: 10, amount: 12_000, contingency: 1_200 }]);
  });

  it('is idempotent: the bills it brought to the new amount ask for nothing more', () => {
    const bills = [overdue(11, '2030-02-01'), overdue(12, '2030-02-20', 5_000, 0)];
    const first = overdueBillChanges('changed', ALL, bills, engine, TODAY);
    const applied = bills.map((bill) => {
      const update = first.find((u) => u.id === bill.id);
      return update ? { ...bill, amount: update.amount, contingency: update.contingency } : bill;
    });
    expect(first).toHaveLength(2);
    expect(overdueBillChanges('changed', ALL, applied, engine, TODAY)).toEqual([]);
  });
});
