import { describe, expect, it } from 'vitest';
import { cents } from '../../shared/money.js';
import { BillStatus } from '../bill/bill-status.rules.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import { ZERO_BALANCES } from '../ledger/ledger-balances.js';
import {
  accountStandingName,
  agreementStatusName,
  replacementOf,
  billerOnHoldMessage,
  billersOnHold,
  overviewBiller,
  splitBillers,
  standingTone,
  toAgreementSummary,
} from './agreement-summary.rules.js';
import { agreementFacts, billerFacts, billFacts, d } from './test-facts.js';

const TODAY = d('2026-06-15');
const NO_PROJECTION = { balances: ZERO_BALANCES, nextDeposit: null, forecast: null };

describe('billers on hold (spec 1 §4)', () => {
  it('says the spec’s sentence with the date as DD-MM-YYYY', () => {
    expect(billerOnHoldMessage('Council rates', d('2026-09-26'))).toBe(
      'Council rates bill paid on the 26-09-2026 has failed and has been placed on hold awaiting resolution',
    );
  });

  it('lists billers in status 5 with their hold date, else their latest failed bill’s date', () => {
    const billers = [
      billerFacts(1, { status: BillerStatus.OnHold, onHoldDate: d('2026-05-05'), nickname: 'Water' }),
      billerFacts(2, { status: BillerStatus.OnHold, nickname: 'Gas' }),
      billerFacts(3),
    ];
    const bills = [
      billFacts(10, 'biller:2', '2026-03-01', { status: BillStatus.Failed }),
      billFacts(11, 'biller:2', '2026-04-01', { status: BillStatus.Failed }),
      billFacts(12, 'biller:2', '2026-05-01', { status: BillStatus.Paid }),
    ];
    expect(billersOnHold(billers, bills)).toEqual([
      expect.objectContaining({ billerId: 1, date: '2026-05-05' }),
      {
        billerId: 2,
        billerName: 'Gas',
        date: '2026-04-01',
        message: 'Gas bill paid on the 01-04-2026 has failed and has been placed on hold awaiting resolution',
      },
    ]);
  });
});

describe('agreement summary', () => {
  it.each([
    [0, 'Pending approval'],
    [4, 'Missed Deposit'],
    [7, 'Active'],
    [8, 'Locked'],
    [9, 'Modification pending approval'],
    [42, 'Unknown'],
  ])('names status %i "%s"', (status, name) => {
    expect(agreementStatusName(status)).toBe(name);
  });

  it.each([
    ['a renewal starting the day after its end', '2027-03-02', 'Renewed'],
    ['a renewal starting later still', '2027-04-01', 'Renewed'],
    ['a modification starting within its period', '2026-12-01', 'Replaced by a modification'],
    ['a modification starting on its last day', '2027-03-01', 'Replaced by a modification'],
    ['no version known to have replaced it', null, 'Renewed'],
  ] as const)('names a version in status 10 replaced by %s "%s" (rule "renewed or replaced")', (_, start, name) => {
    const replacement = replacementOf({ endDate: d('2027-03-01') }, start === null ? null : { startDate: d(start) });
    expect(agreementStatusName(10, replacement)).toBe(name);
    expect(accountStandingName(10, false, replacement)).toBe(name);
  });

  it('names only status 10 by what replaced it', () => {
    expect(agreementStatusName(5, 'modification')).toBe('Expired');
    expect(agreementStatusName(7, 'modification')).toBe('Active');
  });

  it.each([
    [7, false, 'Active'],
    [1, false, 'Approved'],
    [2, false, 'Queued'],
    [4, false, 'Missed Deposit'],
    [7, true, 'Suspended: membership resigned'],
    [1, true, 'Suspended: membership resigned'],
    [null, false, 'No agreement'],
  ])('reads an account with agreement status %s (resigned %s) as "%s"', (status, resigned, name) => {
    expect(accountStandingName(status, resigned)).toBe(name);
  });

  it.each([
    [7, false, 'ok'],
    [4, false, 'warning'],
    [8, false, 'danger'],
    [0, false, 'neutral'],
    [5, false, 'neutral'],
    [7, true, 'warning'],
  ])(
    'gives status %s (resigned %s) the tone "%s" (issue 25, seen 3: no green badge when resigned)',
    (status, resigned, tone) => {
      expect(standingTone(status, resigned)).toBe(tone);
    },
  );

  it('names the summary’s status from the standing: a resigned member’s active agreement is suspended', () => {
    expect(toAgreementSummary(agreementFacts(), NO_PROJECTION, []).statusName).toBe('Active');
    expect(toAgreementSummary(agreementFacts(), NO_PROJECTION, [], true).statusName).toBe(
      'Suspended: membership resigned',
    );
  });

  it('takes the next deposit from the projection (never the stored column), and the frequency’s name', () => {
    const projection = {
      balances: ZERO_BALANCES,
      nextDeposit: { date: d('2026-12-21'), amount: cents(18_500) },
      forecast: null,
    };
    const summary = toAgreementSummary(agreementFacts({ nextDepositDate: d('2026-11-22') }), projection, []);
    expect(summary).toMatchObject({
      contractId: 3,
      statusName: 'Active',
      contributionFrequencyName: 'Fortnightly',
      nextDepositAmount: 18_500,
      nextDepositDate: '2026-12-21',
      overdrawRuleDuration: 56,
    });
    expect(toAgreementSummary(agreementFacts(), NO_PROJECTION, [])).toMatchObject({
      nextDepositAmount: null,
      nextDepositDate: null,
    });
  });

  it('says in words why a deposit of 0.00 has none to come, never a bare $0.00 (rule "no next deposit in words")', () => {
    expect(toAgreementSummary(agreementFacts({ depositAmount: cents(0) }), NO_PROJECTION, []).depositWords).toBe(
      'No deposit is scheduled.',
    );
    expect(toAgreementSummary(agreementFacts(), NO_PROJECTION, []).depositWords).toBeNull();
  });
});

describe('overviewBiller’s amount (issue 25, seen 3: Electricity $420 in its row, $380 in the bills due)', () => {
  it('is what its next unpaid bill is expected to cost, else the biller’s revised estimate, else its value', () => {
    const electricity = billerFacts(1, { expectedBillValue: cents(42_000) });
    const bills = [
      billFacts(1, 'biller:1', '2026-05-10', { expectedAmount: cents(52_000), status: BillStatus.Paid }),
      billFacts(2, 'biller:1', '2026-07-10', { expectedAmount: cents(38_000) }),
    ];
    expect(overviewBiller(electricity, bills, TODAY).amount).toBe(38_000);
    expect(overviewBiller({ ...electricity, newEstimate: cents(40_000) }, [bills[0]], TODAY).amount).toBe(40_000);
    expect(overviewBiller(electricity, [], TODAY).amount).toBe(42_000);
  });
});

describe('overviewBiller’s payBillId (where its Pay leads, spec 1 §9)', () => {
  const biller = billerFacts(1);
  it.each<[string, { id: number; due: string; status?: BillStatus }[], number | null]>([
    ['no bills', [], null],
    [
      'paid, then overdue, then scheduled: the overdue one',
      [
        { id: 1, due: '2026-05-10', status: BillStatus.Paid },
        { id: 2, due: '2026-06-10', status: BillStatus.Overdue },
        { id: 3, due: '2026-08-10', status: BillStatus.Scheduled },
      ],
      2,
    ],
    [
      'an overdue bill the member was told of comes first',
      [
        { id: 4, due: '2026-05-01', status: BillStatus.OverdueNotified },
        { id: 5, due: '2026-07-01', status: BillStatus.Upcoming },
      ],
      4,
    ],
    [
      'pending, failed and short-paid are not offered; the upcoming one is',
      [
        { id: 6, due: '2026-05-01', status: BillStatus.PaymentPending },
        { id: 7, due: '2026-05-02', status: BillStatus.Failed },
        { id: 8, due: '2026-05-03', status: BillStatus.ShortPaid },
        { id: 9, due: '2026-07-01', status: BillStatus.Upcoming },
      ],
      9,
    ],
    [
      'only a bill not due yet: nothing to pay now',
      [{ id: 10, due: '2027-01-10', status: BillStatus.Scheduled }],
      null,
    ],
  ])('%s', (_name, bills, payBillId) => {
    const facts = bills.map((bill) => billFacts(bill.id, 'biller:1', bill.due, { status: bill.status }));
    expect(overviewBiller(biller, facts, TODAY).payBillId).toBe(payBillId);
  });
});

describe('splitBillers (the overview’s two tables)', () => {
  it('puts automatic billers in one table and manual billers then sub-categories in the other, each with its bills', () => {
    const billers = [
      billerFacts(1, { isAutoPayment: true }),
      billerFacts(2),
      billerFacts(3, { isSubCategory: true, isAutoPayment: true }),
    ];
    const bills = [
      billFacts(10, 'biller:1', '2026-05-10', {
        status: BillStatus.Paid,
        paidAmount: cents(10_000),
        paidDate: d('2026-05-10'),
      }),
      billFacts(11, 'biller:1', '2026-06-10'),
      billFacts(12, 'biller:1', '2026-08-10'),
      billFacts(13, 'subcategory:3', '2026-06-20'),
    ];
    const { auto, manual } = splitBillers(billers, bills, TODAY);
    expect(auto.map((b) => b.billerId)).toEqual([1]);
    expect(manual.map((b) => [b.billerId, b.isSubCategory, b.paymentType])).toEqual([
      [2, false, 'BPAY'],
      [3, true, 'Allocation'],
    ]);
    expect(auto[0].bills.map((b) => [b.billId, b.status, b.statusName, b.paidAmount])).toEqual([
      [10, BillStatus.Paid, 'Paid', 10_000],
      [11, BillStatus.Overdue, 'Overdue', null],
      [12, BillStatus.Scheduled, 'Scheduled', null],
    ]);
    expect(auto[0].nextDueDate).toBe('2026-06-10');
    expect(auto[0].frequencyName).toBe('per month');
    expect(manual[0].bills).toEqual([]);
  });
});
