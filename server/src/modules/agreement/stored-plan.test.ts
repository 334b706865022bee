import { describe, expect, it } from 'vitest';
import { cents } from '../../shared/money.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import { BillerOverdueOption, BillerStatus } from '../../shared/biller/biller-codes.js';
import { BillStatus } from '../bill/index.js';
import type { DepositPlanBillerData } from '../planner/index.js';
import {
  allocationByCategory,
  billerFactsWith,
  billerPlanData,
  heldBills,
  keptDatesByItem,
  storedDepositPlanData,
} from './stored-plan.js';
import type { ItemChange } from './modification-schedule.rules.js';
import { agreementFacts, billerFacts, d } from './test-facts.js';

describe('allocationByCategory (the donut: expected bills over the agreement, by category)', () => {
  it('sums each biller’s bills with contingency per category, largest first', () => {
    const billers = [
      billerFacts(1, { categoryId: 1, categoryName: 'Electricity', expectedBillValue: cents(10_000) }),
      billerFacts(2, {
        categoryId: 1,
        categoryName: 'Electricity',
        amountVaries: true,
        expectedBillValue: cents(5_000),
      }),
      billerFacts(3, { categoryId: 2, categoryName: 'Water', frequency: 5, expectedBillValue: cents(20_000) }),
    ];
    // 12 monthly bills of $100, 12 of $50 + 10% contingency, 4 quarterly of $200 over 2026.
    expect(allocationByCategory(agreementFacts(), billers)).toEqual([
      { categoryId: 1, categoryName: 'Electricity', amount: 120_000 + 66_000 },
      { categoryId: 2, categoryName: 'Water', amount: 80_000 },
    ]);
  });

  it('uses a revised estimate and leaves out a biller whose stored details cannot be computed', () => {
    const billers = [
      billerFacts(1, { newEstimate: cents(12_000) }),
      billerFacts(2, { expectedBillValue: cents(0) }),
      billerFacts(3, { frequency: 9 }),
    ];
    expect(allocationByCategory(agreementFacts(), billers)).toEqual([
      { categoryId: 1, categoryName: 'Electricity', amount: 144_000 },
    ]);
  });
});

describe('storedDepositPlanData (the stored agreement as the planner’s input)', () => {
  it('starts deposits at the first deposit date, within the period, and uses an overriding duration', () => {
    const data = storedDepositPlanData(
      agreementFacts({
        contributionDate: d('2025-12-01'),
        overrideOverdrawRule: true,
        overrideOverdrawRuleDurationDays: 84,
        approvedOverdrawAmount: cents(100_000),
      }),
      [billerFacts(1, { paymentMethod: PaymentMethod.DirectDebit })],
      cents(2_500),
    );
    expect(data).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      openingBalance: 2_500,
      depositFrequency: 2,
      firstDepositDate: '2026-01-01',
      depositAmount: 18_500,
      overdrawRuleDurationDays: 84,
      approvedOverdraw: 100_000,
      isModification: false,
    });
    expect(data.billers).toEqual([
      expect.objectContaining({
        key: 'biller:1',
        label: 'Biller 1',
        amount: 10_000,
        paymentMethod: PaymentMethod.DirectDebit,
      }),
    ]);
  });
});

describe('billerFactsWith (a biller as saving the planner’s input would store it: billerPlanData’s inverse)', () => {
  const stored = billerFacts(7, {
    nickname: 'Gas',
    isAutoPayment: true,
    status: BillerStatus.OnHold,
    paymentMethod: PaymentMethod.Eft,
  });
  it.each<[string, DepositPlanBillerData]>([
    [
      'fixed monthly',
      { key: 'edited', label: 'Gas', frequency: 3, dateOfBill: d('2026-06-15'), amount: cents(43_117) },
    ],
    [
      'varying quarterly by direct debit',
      {
        key: 'edited',
        label: 'Gas',
        frequency: 5,
        dateOfBill: d('2026-06-16'),
        amount: cents(125_035),
        amountVaries: true,
        paymentMethod: PaymentMethod.DirectDebit,
      },
    ],
    [
      'seasonal with a final bill',
      {
        key: 'edited',
        label: 'Gas',
        frequency: 3,
        dateOfBill: d('2026-06-20'),
        finalBillDate: d('2026-11-20'),
        amount: cents(9_000),
        peakValue: cents(30_000),
        offPeakValue: cents(9_000),
        peakMonths: [6, 7, 8],
      },
    ],
    [
      'twice a month',
      {
        key: 'edited',
        label: 'Gas',
        frequency: 10,
        dateOfBill: d('2026-06-05'),
        secondDateOfBill: d('2026-06-20'),
        amount: cents(5_000),
      },
    ],
  ])('%s: billerPlanData reads back the edit, under the stored key', (_name, edited) => {
    const saved = billerFactsWith(stored, edited, 3);
    expect(billerPlanData(saved)).toEqual({
      secondDateOfBill: null,
      finalBillDate: null,
      peakValue: null,
      offPeakValue: null,
      peakMonths: null,
      amountVaries: false,
      paymentMethod: PaymentMethod.Eft,
      ...edited,
      key: 'biller:7',
    });
    // What the biller form does not send stays as stored.
    expect(saved).toMatchObject({ id: 7, isAutoPayment: true, status: BillerStatus.OnHold, categoryId: 1 });
  });

  it('is a new active biller keyed `edited` when nothing is stored', () => {
    const saved = billerFactsWith(null, { key: 'x', frequency: 5, dateOfBill: d('2026-07-01'), amount: cents(100) }, 3);
    expect(saved).toMatchObject({
      key: 'edited',
      id: 0,
      agreementId: 3,
      nickname: 'Edited',
      status: BillerStatus.Active,
    });
    expect(billerPlanData(saved)).toMatchObject({ frequency: 5, dateOfBill: '2026-07-01', amount: 100 });
  });
});

describe('heldBills (rule "held bills": which occurrences of a change’s items its stored bills already cover)', () => {
  // The version's copy of biller 1 of the version in force (biller 11), a biller of its own (2), biller 3 removed.
  const billers = [
    billerFacts(11, { previousKey: 'biller:1', nickname: 'Power' }),
    billerFacts(2, { nickname: 'Gas' }),
  ];
  // The first day (today): the deposits step's first simulated day, the day the change is applied.
  const from = d('2026-04-01');
  const row = (sourceKey: string, dueDate: string, status: BillStatus, contingency = 0) => ({
    sourceKey,
    dueDate: d(dueDate),
    expectedAmount: cents(15_000),
    contingency: cents(contingency),
    status,
  });
  const owedBill = (billerKey: string, label: string, date: string, contingency = 0) => ({
    billerKey,
    label,
    date: d(date),
    amount: cents(15_000),
    contingency: cents(contingency),
  });
  const on = (billerKey: string, date: string) => ({ billerKey, date: d(date) });
  it.each<[string, ReturnType<typeof row>, ReturnType<typeof heldBills>]>([
    [
      'an overdue bill of the version in force is owed, as its copy’s, with its contingency',
      row('biller:1', '2026-03-05', BillStatus.Overdue, 1_500),
      { owed: [owedBill('biller:11', 'Power', '2026-03-05', 1_500)], paid: [], kept: [] },
    ],
    [
      'an overdue bill the member was told of is owed',
      row('biller:1', '2026-03-05', BillStatus.OverdueNotified),
      { owed: [owedBill('biller:11', 'Power', '2026-03-05')], paid: [], kept: [] },
    ],
    [
      'a failed bill (its payment returned) is owed again',
      row('biller:1', '2026-03-05', BillStatus.Failed),
      { owed: [owedBill('biller:11', 'Power', '2026-03-05')], paid: [], kept: [] },
    ],
    [
      'a failed bill from the first day on is owed and kept on its date (not replaced, not billed twice)',
      row('biller:1', '2026-04-05', BillStatus.Failed),
      { owed: [owedBill('biller:11', 'Power', '2026-04-05')], paid: [], kept: [on('biller:11', '2026-04-05')] },
    ],
    [
      'a bill the version holds itself (carried over already) is owed as its own',
      row('biller:2', '2026-03-05', BillStatus.Overdue),
      { owed: [owedBill('biller:2', 'Gas', '2026-03-05')], paid: [], kept: [] },
    ],
    [
      'a scheduled bill is owed (the planner counts it only before the first day) and not kept (the engine’s replaces it)',
      row('biller:2', '2026-05-05', BillStatus.Scheduled),
      { owed: [owedBill('biller:2', 'Gas', '2026-05-05')], paid: [], kept: [] },
    ],
    [
      'a bill paid early is paid: not billed again, kept on its date',
      row('biller:1', '2026-05-05', BillStatus.Paid),
      { owed: [], paid: [on('biller:11', '2026-05-05')], kept: [on('biller:11', '2026-05-05')] },
    ],
    [
      'a bill paid on the first day is paid',
      row('biller:1', '2026-04-01', BillStatus.Paid),
      { owed: [], paid: [on('biller:11', '2026-04-01')], kept: [on('biller:11', '2026-04-01')] },
    ],
    [
      'a bill paid before the first day is history: it covers no occurrence still to come',
      row('biller:1', '2026-03-05', BillStatus.Paid),
      { owed: [], paid: [], kept: [] },
    ],
    [
      'a bill being paid (pending) is paid',
      row('biller:1', '2026-05-05', BillStatus.PaymentPending),
      { owed: [], paid: [on('biller:11', '2026-05-05')], kept: [on('biller:11', '2026-05-05')] },
    ],
    [
      'a short-paid bill is settled: paid',
      row('biller:2', '2026-05-05', BillStatus.ShortPaid),
      { owed: [], paid: [on('biller:2', '2026-05-05')], kept: [on('biller:2', '2026-05-05')] },
    ],
    [
      'a reversed bill is settled: paid',
      row('biller:1', '2026-05-05', BillStatus.Reversed),
      { owed: [], paid: [on('biller:11', '2026-05-05')], kept: [on('biller:11', '2026-05-05')] },
    ],
    [
      'a bill of a biller the version removed is no longer the agreement’s',
      row('biller:3', '2026-03-05', BillStatus.Overdue),
      { owed: [], paid: [], kept: [] },
    ],
  ])('%s', (_rule, bill, expected) => {
    expect(heldBills(billers, [bill], from)).toEqual(expected);
  });

  it('gives the applier each item’s kept dates (keptDatesByItem)', () => {
    const held = heldBills(
      billers,
      [
        row('biller:1', '2026-05-05', BillStatus.Paid),
        row('biller:11', '2026-06-05', BillStatus.Failed),
        row('biller:2', '2026-05-05', BillStatus.Reimbursed),
        row('biller:2', '2026-06-05', BillStatus.Upcoming),
      ],
      from,
    );
    expect(keptDatesByItem(held)).toEqual(
      new Map([
        ['biller:11', [d('2026-05-05'), d('2026-06-05')]],
        ['biller:2', [d('2026-05-05')]],
      ]),
    );
  });

  describe('with the biller form’s overdue option (the applier’s overdueBillChanges)', () => {
    // Biller 11 (a copy of biller 1) changed to $200 a month on the 5th, 10% contingency.
    const wanted = ['2026-02-05', '2026-03-05', '2026-04-05', '2026-05-05'].map((date) => ({
      dueDate: d(date),
      amount: cents(20_000),
      contingency: cents(2_000),
      isFinalBill: false,
    }));
    const options = (change: ItemChange, overdueOption: number | null) =>
      new Map([['biller:11', { change, overdueOption, wanted }]]);
    const at = (amount: number, contingency: number, date = '2026-03-05') => ({
      ...owedBill('biller:11', 'Power', date),
      amount: cents(amount),
      contingency: cents(contingency),
    });
    it.each<[string, ReturnType<typeof row>, ReturnType<typeof options>, ReturnType<typeof at>]>([
      [
        'all unpaid overdue bills: an overdue bill is owed at the amount applying gives it',
        row('biller:1', '2026-03-05', BillStatus.Overdue),
        options('changed', BillerOverdueOption.AllUnpaidBills),
        at(20_000, 2_000),
      ],
      [
        'all unpaid overdue bills: one the member was told of too',
        row('biller:1', '2026-03-05', BillStatus.OverdueNotified),
        options('changed', BillerOverdueOption.AllUnpaidBills),
        at(20_000, 2_000),
      ],
      [
        'all unpaid overdue bills: one on a date the new schedule lacks takes its next bill’s',
        row('biller:1', '2026-03-01', BillStatus.Overdue),
        options('changed', BillerOverdueOption.AllUnpaidBills),
        at(20_000, 2_000, '2026-03-01'),
      ],
      [
        'all unpaid overdue bills: a failed bill is not overdue, owed as it was',
        row('biller:1', '2026-03-05', BillStatus.Failed),
        options('changed', BillerOverdueOption.AllUnpaidBills),
        at(15_000, 0),
      ],
      [
        'current and future bills only: owed as it was',
        row('biller:1', '2026-03-05', BillStatus.Overdue),
        options('changed', BillerOverdueOption.CurrentAndFutureBills),
        at(15_000, 0),
      ],
      [
        'an item the change keeps: owed as it was',
        row('biller:1', '2026-03-05', BillStatus.Overdue),
        options('kept', BillerOverdueOption.AllUnpaidBills),
        at(15_000, 0),
      ],
    ])('%s', (_rule, bill, overdueOptions, owed) => {
      expect(heldBills(billers, [bill], from, overdueOptions).owed).toEqual([owed]);
    });
  });

  it('hands what it says to the planner with the stored agreement', () => {
    const held = heldBills(
      billers,
      [row('biller:1', '2026-03-05', BillStatus.Overdue), row('biller:2', '2026-05-05', BillStatus.Paid)],
      from,
    );
    expect(storedDepositPlanData(agreementFacts(), billers, cents(0), held)).toMatchObject({
      owedBills: held.owed,
      paidBills: held.paid,
    });
    expect(storedDepositPlanData(agreementFacts(), billers, cents(0))).toMatchObject({ owedBills: [], paidBills: [] });
  });
});
