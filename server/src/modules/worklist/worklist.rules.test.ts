import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import {
  actionLabel,
  approvalItem,
  arrearsItem,
  compareWorkItems,
  failedPaymentItem,
  goingShortItem,
  hardshipItem,
  isWorkItemKey,
  lockedItem,
  messageItem,
  reconciliationItem,
  renewalItem,
  depositReviewItem,
  shortWithin,
  type WorkItem,
  WorkKind,
  workCounts,
} from './worklist.rules.js';

const jack = { agreementId: 6, accountId: 4, memberId: 3, memberNumber: '100002', memberName: 'Jack Smith' };
const contact = { at: '2026-11-10' as LocalDate, what: '“Your agreement is in arrears by $1,072.00”' };

describe('the rows, in words (issue 22 item 3)', () => {
  it('in arrears: how much, since when, the last contact, and the fitting actions', () => {
    const item = arrearsItem(
      jack,
      { amount: 214400 as Cents, since: '2026-11-06' as LocalDate, missedDeposits: 2 },
      contact,
      false,
    );
    expect(item).toMatchObject({
      key: 'arrears:6:2026-11-06:2',
      kind: WorkKind.InArrears,
      title: 'In arrears: $2,144.00 owing since 06-11-2026',
      detail:
        '2 deposits not received in full; bill payments are paused until the whole amount is in. ' +
        'Last contact 10-11-2026: “Your agreement is in arrears by $1,072.00”.',
    });
    expect(item.actions).toEqual([
      { action: 'contact', templateName: 'ArrearsReminder' },
      { action: 'lock' },
      { action: 'open' },
      { action: 'markDone' },
    ]);
    expect(
      arrearsItem(jack, { amount: 1 as Cents, since: '2026-11-06' as LocalDate, missedDeposits: 1 }, null, true),
    ).toMatchObject({ detail: expect.stringContaining('No message sent to the member yet.') });
    expect(
      arrearsItem(jack, { amount: 1 as Cents, since: '2026-11-06' as LocalDate, missedDeposits: 1 }, null, true)
        .actions,
    ).not.toContainEqual({ action: 'lock' });
  });

  it('locked: since when and why', () => {
    expect(lockedItem(jack, { since: '2026-11-20' as LocalDate, reason: 'Checking a complaint.' }, null)).toMatchObject(
      {
        key: 'locked:6:2026-11-20',
        title: 'Locked since 20-11-2026',
        detail:
          'Reason: Checking a complaint. No bills are paid while it is locked: review it, then unlock it. No message sent to the member yet.',
        actions: [
          { action: 'contact', templateName: 'LockedAgreementContact' },
          { action: 'open' },
          { action: 'markDone' },
        ],
      },
    );
  });

  it('going short: the projection’s words, the first short day in the key', () => {
    const item = goingShortItem(
      jack,
      {
        firstShortDate: '2026-12-14' as LocalDate,
        headline: 'Goes short by $312.40 on 14-12-2026',
        details: ['Car registration ($781.20, due 14-12-2026) takes it short.', 'To avoid it, top up $312.40 today.'],
      },
      null,
    );
    expect(item).toMatchObject({
      key: 'short:6:2026-12-14',
      title: 'Goes short by $312.40 on 14-12-2026',
      detail:
        'Car registration ($781.20, due 14-12-2026) takes it short. To avoid it, top up $312.40 today. No message sent to the member yet.',
    });
    expect(item.actions[0]).toEqual({ action: 'contact', templateName: 'ShortfallWarning' });
  });

  it('failed and part-paid payments, mismatches, approvals, messages and renewals', () => {
    const bill = { billId: 9, billerName: 'Water', amount: 9000 as Cents, dueDate: '2026-11-07' as LocalDate };
    expect(failedPaymentItem(jack, { ...bill, failed: true, onHold: true })).toMatchObject({
      key: 'bill:9:failed',
      title: 'Payment to Water failed',
      detail:
        'The Water payment of $90.00 was returned by the biller’s bank (bill due 07-11-2026). Water is on hold until its details are checked. The member may need to pay it directly.',
    });
    expect(failedPaymentItem(jack, { ...bill, failed: false, onHold: false })).toMatchObject({
      key: 'bill:9:short',
      title: 'Water bill part-paid',
    });
    expect(
      reconciliationItem(jack, {
        activityId: 77,
        day: '2026-11-08' as LocalDate,
        sentence:
          'Reconciliation of 08-11-2026: the bank has credited $1.00 for deposit 5, the ledger has recorded $0.00',
      }),
    ).toMatchObject({ key: 'reconciliation:77', actions: [{ action: 'open' }, { action: 'markDone' }] });
    expect(
      approvalItem(null, { approvalId: 3, requestedOn: '2026-11-09' as LocalDate, what: 'x', requestedBy: null }),
    ).toMatchObject({ detail: 'Requested by an agent on 09-11-2026.', actions: [{ action: 'approve' }] });
    expect(
      messageItem(null, {
        notificationId: 12,
        queuedOn: '2026-11-01' as LocalDate,
        what: '“We did not receive your deposit”',
        channel: 'e-mail',
        to: 'jack@example.com',
        attempts: 13,
        error: 'connect ECONNREFUSED 127.0.0.1:9',
      }),
    ).toMatchObject({
      title: 'Not sent: “We did not receive your deposit”',
      detail:
        'The e-mail to jack@example.com queued on 01-11-2026 failed after 13 attempts: connect ECONNREFUSED 127.0.0.1:9.',
      actions: [{ action: 'resend', notificationId: 12 }, { action: 'markDone' }],
    });
    expect(renewalItem(jack, { endDate: '2026-12-31' as LocalDate }, contact)).toMatchObject({
      key: 'renewal:6:2026-12-31',
      title: 'Ends on 31-12-2026: renewal due',
    });
    // The member's term-end choice (or that none was made yet) is said before the last contact.
    const termEnd = 'Term-end choice: none made yet, so the balance will be rolled into the renewal.';
    const withChoice = renewalItem(jack, { endDate: '2026-12-31' as LocalDate, termEnd }, contact);
    expect(
      withChoice.detail.startsWith(`No renewal is under way. Renew it with the member before it ends. ${termEnd} `),
    ).toBe(true);
  });
});

describe('a deposit review (issue 24 item 2)', () => {
  const review = {
    reviewId: 31,
    reviewedOn: '2026-11-23' as LocalDate,
    referred: false,
    currentDeposit: 13_950 as Cents,
    proposedDeposit: 15_012 as Cents,
    summary: 'Raise your deposit from $139.50 to $150.12 a fortnight.',
  };
  it.each([
    ['waiting for the member', false, 'review:31:pending', 'Deposit review of 23-11-2026 waiting for the member'],
    [
      'the member asked staff (a new key: open again)',
      true,
      'review:31:referred',
      'The member asked staff about the deposit review of 23-11-2026',
    ],
  ])('%s', (_case, referred, key, title) => {
    expect(depositReviewItem(jack, { ...review, referred })).toMatchObject({
      key,
      kind: WorkKind.DepositReview,
      date: '2026-11-23',
      title: `${title}: $139.50 to $150.12 a deposit`,
      detail: review.summary,
      actions: [{ action: 'open' }, { action: 'markDone' }],
    });
    expect(isWorkItemKey(key)).toBe(true);
  });
});

describe('a member who asked for help (issue 24 item 4)', () => {
  const facts = {
    caseId: 12,
    arranged: false,
    openedOn: '2026-11-20' as LocalDate,
    situation: 'My hours were cut until February.',
    requestWords: 'a deposit holiday from 01-12-2026 to 31-12-2026, re-spread over the rest of the term',
    arrangementWords: null,
    arrears: { amount: 10720 as Cents, since: '2026-11-06' as LocalDate },
    counsellingNote: 'Offer financial counselling (National Debt Helpline 1800 007 007).',
  };

  it('an open case: their words, what they asked, the debt not chased, the counselling note', () => {
    expect(hardshipItem(jack, facts, contact)).toMatchObject({
      key: 'hardship:12:open',
      kind: WorkKind.Hardship,
      date: '2026-11-20',
      title: 'Asked for help with payments on 20-11-2026',
      detail:
        'In their words: “My hours were cut until February.” They asked for a deposit holiday from 01-12-2026 to ' +
        '31-12-2026, re-spread over the rest of the term. $107.20 owing since 06-11-2026: do not chase it while the ' +
        'case is open. Offer financial counselling (National Debt Helpline 1800 007 007). Last contact 10-11-2026: ' +
        '“Your agreement is in arrears by $1,072.00”.',
      actions: [
        { action: 'contact', templateName: 'GeneralContact' },
        { action: 'arrange' },
        { action: 'open' },
        { action: 'markDone' },
      ],
    });
    expect(actionLabel({ action: 'arrange' })).toBe('Record an arrangement');
  });

  it('an arranged case is a new row (a new key) saying the arrangement; long words are cut', () => {
    const item = hardshipItem(
      jack,
      {
        ...facts,
        arranged: true,
        arrangementWords: 'a lower deposit of $50.00 until 31-01-2027',
        arrears: null,
        situation: 'x'.repeat(400),
      },
      null,
    );
    expect(item.key).toBe('hardship:12:arranged');
    expect(item.title).toBe('Hardship arrangement: a lower deposit of $50.00 until 31-01-2027');
    expect(item.detail).toContain(`“${'x'.repeat(297)}…”`);
    expect(isWorkItemKey(item.key)).toBe(true);
  });

  it('comes before arrears in the list', () => {
    const arrears = arrearsItem(
      jack,
      { amount: 100 as Cents, since: '2026-11-01' as LocalDate, missedDeposits: 1 },
      null,
      false,
    );
    expect([arrears, hardshipItem(jack, facts, null)].sort(compareWorkItems).map((i) => i.kind)).toEqual([
      WorkKind.Hardship,
      WorkKind.InArrears,
    ]);
  });
});

describe('compareWorkItems and workCounts (ordered by urgency; the dashboard counts the same list)', () => {
  const row = (kind: WorkKind, date: string, done = false): WorkItem => ({
    key: `${kind.toLowerCase()}:${date}`,
    kind,
    date: date as LocalDate,
    title: '',
    detail: '',
    subject: null,
    actions: [],
    done: done ? { at: new Date(0), by: 'Agent', action: 'contacted' } : null,
  });

  it('puts open rows first, then by kind, then the earliest date', () => {
    const rows = [
      row(WorkKind.RenewalDue, '2026-12-01'),
      row(WorkKind.InArrears, '2026-11-06', true),
      row(WorkKind.GoingShort, '2026-12-14'),
      row(WorkKind.InArrears, '2026-11-20'),
      row(WorkKind.GoingShort, '2026-12-02'),
      row(WorkKind.InArrears, '2026-11-01'),
    ];
    expect([...rows].sort(compareWorkItems).map((r) => r.key)).toEqual([
      'inarrears:2026-11-01',
      'inarrears:2026-11-20',
      'goingshort:2026-12-02',
      'goingshort:2026-12-14',
      'renewaldue:2026-12-01',
      'inarrears:2026-11-06',
    ]);
    expect(workCounts(rows).filter((c) => c.open > 0)).toEqual([
      { kind: WorkKind.InArrears, label: 'In arrears', open: 2 },
      { kind: WorkKind.GoingShort, label: 'Going short', open: 2 },
      { kind: WorkKind.RenewalDue, label: 'Renewal due', open: 1 },
    ]);
    expect(workCounts([])).toHaveLength(10);
  });
});

describe('shortWithin, isWorkItemKey, actionLabel', () => {
  it.each([
    ['2026-12-01', true],
    ['2027-01-25', true],
    ['2027-01-26', false],
    [null, false],
  ])('first short day %s within 8 weeks of 01-12-2026: %s', (day, within) => {
    expect(shortWithin(day as LocalDate | null, '2026-12-01' as LocalDate, 8)).toBe(within);
  });

  it.each([
    ['arrears:6:2026-11-06:2', true],
    ['message:12', true],
    ['arrears', false],
    ['arrears:6; drop table', false],
    [`short:${'1'.repeat(200)}`, false],
  ])('%s is a key: %s', (key, valid) => {
    expect(isWorkItemKey(key)).toBe(valid);
  });

  it('says what each button does', () => {
    expect(actionLabel({ action: 'contact', templateName: 'ArrearsReminder' })).toBe('Contact member');
    expect(actionLabel({ action: 'open' })).toBe('Open the agreement');
    expect(actionLabel({ action: 'resend', notificationId: 1 })).toBe('Resend');
  });
});
