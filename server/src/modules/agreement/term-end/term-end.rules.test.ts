import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { AgreementStatus } from '../agreement-status.js';
import {
  renderTemplate,
  SAMPLE_VALUES,
  SMS_MAX_LENGTH,
} from '../../../shared/notification/notification-templates.rules.js';
import { RENEWAL_DUE_SMS as RENEWAL_SMS } from '../../../../../migrations/Migration20261128200000_renewal_sms_term_end.js';
import {
  carriedIntoRenewal,
  choiceExplanation,
  choiceProblem,
  offeredChoices,
  renewalDepositsSentence,
  renewalHeldBills,
  renewalReviewTermEnd,
  termEndChoiceForStaff,
  termEndChoiceNotice,
  termEndChoiceSms,
  TERM_END_MESSAGES,
  TermEndChoiceKind as Kind,
  termEndDue,
  termEndPayout,
  type TermEndFacts,
} from './term-end.rules.js';

const TODAY = '2027-03-01' as LocalDate;
const facts = (over: Partial<TermEndFacts>): TermEndFacts => ({
  status: AgreementStatus.Active,
  endDate: '2027-03-20' as LocalDate,
  today: TODAY,
  renewalNoticeDays: 30,
  renewalUnderWay: false,
  applied: false,
  ...over,
});

describe('termEndDue (rule "term end is due")', () => {
  it.each([
    ['active, ending within the notice window', {}, true],
    ['ending on the last day of the window', { endDate: '2027-03-31' as LocalDate }, true],
    ['ending today', { endDate: TODAY }, true],
    ['ending after the window, nothing under way', { endDate: '2027-04-01' as LocalDate }, false],
    [
      'ending after the window, a renewal under way',
      { endDate: '2028-01-01' as LocalDate, renewalUnderWay: true },
      true,
    ],
    ['in arrears (4)', { status: AgreementStatus.MissedDeposit }, true],
    ['locked (8)', { status: AgreementStatus.Locked }, true],
    ['a draft (0)', { status: AgreementStatus.PendingApproval }, false],
    ['renewed (10): taken over', { status: AgreementStatus.Renewed, renewalUnderWay: true }, false],
    ['cancelled (6)', { status: AgreementStatus.Cancelled }, false],
    ['already applied', { applied: true, renewalUnderWay: true }, false],
    ['notice days 0, nothing under way', { renewalNoticeDays: 0 }, false],
    ['notice days 0, a renewal under way', { renewalNoticeDays: 0, renewalUnderWay: true }, true],
    ['an end date already past', { endDate: '2027-02-28' as LocalDate }, false],
  ] as const)('%s → %s', (_name, over, due) => {
    expect(termEndDue(facts(over))).toBe(due);
  });
});

describe('offeredChoices (rule "choices offered")', () => {
  it.each([
    ['a surplus, linked accounts and a default savings', 120_00, 2, true, [Kind.Roll, Kind.Refund, Kind.Savings]],
    ['a surplus of one cent', 1, 1, true, [Kind.Roll, Kind.Refund, Kind.Savings]],
    ['a surplus, no default savings account', 120_00, 1, false, [Kind.Roll, Kind.Refund]],
    ['a surplus, no linked account at all', 120_00, 0, false, [Kind.Roll]],
    ['closing at exactly zero', 0, 2, true, [Kind.Roll]],
    ['a deficit: always rolled (spread over the renewal’s deposits)', -80_00, 2, true, [Kind.Roll]],
    ['no forecast', null, 2, true, [Kind.Roll]],
  ] as const)('%s', (_name, closing, linked, savings, offered) => {
    expect(
      offeredChoices({
        closingBalance: closing === null ? null : cents(closing),
        linkedAccounts: linked,
        hasDefaultSavings: savings,
      }),
    ).toEqual(offered);
  });
});

describe('choiceProblem', () => {
  const ok = {
    due: true,
    resigned: false,
    kind: Kind.Refund,
    offered: [Kind.Roll, Kind.Refund, Kind.Savings],
    closingBalance: cents(50_00),
    accountNumber: '12345678',
    accountLinked: true,
    hasDefaultSavings: true,
  };
  it.each([
    ['a refund to a linked account', {}, null],
    ['roll, even with a deficit', { kind: Kind.Roll, offered: [Kind.Roll], closingBalance: cents(-5_00) }, null],
    ['savings', { kind: Kind.Savings, accountNumber: null }, null],
    ['a resigned member', { resigned: true }, 'MEMBER_RESIGNED'],
    ['not due', { due: false }, 'TERM_END_NOT_DUE'],
    ['an unknown kind', { kind: null }, 'UNKNOWN_CHOICE'],
    ['a refund with a deficit', { offered: [Kind.Roll], closingBalance: cents(-5_00) }, 'NO_SURPLUS'],
    [
      'savings without a default savings account',
      { kind: Kind.Savings, hasDefaultSavings: false },
      'NO_DEFAULT_SAVINGS',
    ],
    ['a refund with no account named', { accountNumber: null }, 'ACCOUNT_REQUIRED'],
    ['a refund to an account not the members’', { accountLinked: false }, 'ACCOUNT_NOT_LINKED'],
  ] as const)('%s → %s', (_name, over, code) => {
    expect(choiceProblem({ ...ok, ...over })?.code ?? null).toBe(code);
  });

  it('says how much short a deficit is', () => {
    const refusal = choiceProblem({ ...ok, offered: [Kind.Roll], closingBalance: cents(-5_00) });
    expect(refusal?.message).toBe(TERM_END_MESSAGES.noSurplus(cents(-5_00)));
    expect(refusal?.message).toContain('$5.00 short');
  });
});

describe('carriedIntoRenewal (rule "what the renewal opens with")', () => {
  it.each([
    ['a surplus rolled', 90_00, Kind.Roll, 90_00],
    ['nothing chosen: rolled', 90_00, null, 90_00],
    ['a surplus refunded', 90_00, Kind.Refund, 0],
    ['a surplus moved to savings', 90_00, Kind.Savings, 0],
    ['a deficit with refund chosen earlier: still carried', -30_00, Kind.Refund, -30_00],
    ['a deficit rolled', -30_00, Kind.Roll, -30_00],
    ['zero', 0, Kind.Savings, 0],
  ] as const)('%s', (_name, balance, kind, carried) => {
    expect(carriedIntoRenewal(cents(balance), kind)).toBe(carried);
  });
});

describe('renewalHeldBills (rule "the bills the renewal takes over")', () => {
  const bill = (date: string, amount: number, contingency = 0) => ({
    billerKey: 'biller:1',
    label: 'Electricity',
    date: date as LocalDate,
    amount: cents(amount),
    contingency: cents(contingency),
  });
  const paid = [{ billerKey: 'biller:2', date: '2027-04-02' as LocalDate }];
  it.each([
    ['nothing owed', [], [], 0],
    ['an overdue bill: taken over, with its contingency', [bill('2027-02-20', 380_00, 38_00)], [0], 380_00],
    ['a failed bill overdue, owed again', [bill('2027-01-17', 482_50)], [0], 482_50],
    ['a bill due today: the old term pays it today', [bill(TODAY, 120_00)], [], 0],
    ['a bill due later in the old term: paid on its date', [bill('2027-03-15', 150_00)], [], 0],
    [
      'overdue and coming together: only the overdue',
      [bill('2027-02-27', 120_00), bill('2027-02-28', 150_00, 15_00), bill('2027-03-02', 89_00, 8_90)],
      [0, 1],
      270_00,
    ],
  ] as const)('%s', (_name, owed, kept, heldFor) => {
    const taken = renewalHeldBills({ owed: [...owed], paid, kept: paid }, TODAY);
    expect(taken.held.owed).toEqual(kept.map((i) => owed[i]));
    expect(taken.held.paid).toEqual(paid);
    expect(taken.held.kept).toEqual(paid);
    expect(taken.heldFor).toBe(heldFor);
  });
});

describe('termEndPayout (rule "the surplus paid out at term end")', () => {
  it.each([
    ['a refund with nothing owed: all it holds', 90_00, 0, Kind.Refund, 90_00],
    [
      'a refund: what it holds less the bills still owed (the closing balance shown)',
      9_501_94,
      6_340_00,
      Kind.Refund,
      3_161_94,
    ],
    ['savings: the same', 9_501_94, 6_340_00, Kind.Savings, 3_161_94],
    ['the bills owed take it all: nothing', 100_00, 100_00, Kind.Refund, 0],
    ['a deficit after the bills: nothing', 100_00, 150_00, Kind.Savings, 0],
    ['overdrawn: nothing', -30_00, 0, Kind.Refund, 0],
    ['a roll: nothing', 90_00, 0, Kind.Roll, 0],
    ['nothing chosen: nothing', 90_00, 0, null, 0],
  ] as const)('%s', (_name, held, owed, kind, paid) => {
    expect(termEndPayout(cents(held), cents(owed), kind)).toBe(paid);
  });
});

describe('renewalDepositsSentence (rule "the renewal\'s deposits and the choice")', () => {
  const agreed = cents(250_00);
  it.each([
    [
      'still with staff: worked out again',
      false,
      cents(180_00),
      'Staff are still preparing the renewal: its deposits ($250.00 a deposit (fortnightly) so far) are worked out again with this choice when they save them; with it the renewal needs $180.00 a deposit.',
    ],
    [
      'agreed, the choice needs more: worked out again, raised',
      true,
      cents(312_50),
      'The renewal’s deposits are agreed at $250.00 a deposit (fortnightly): with this choice they are worked out again to $312.50 a deposit, $62.50 more.',
    ],
    [
      'agreed, the choice needs less: worked out again, lowered',
      true,
      cents(200_00),
      'The renewal’s deposits are agreed at $250.00 a deposit (fortnightly): with this choice they are worked out again to $200.00 a deposit, $50.00 less.',
    ],
    [
      'agreed, exactly what is needed',
      true,
      cents(250_00),
      'The renewal’s deposits are agreed at $250.00 a deposit (fortnightly): with this choice they are what the renewal needs.',
    ],
    ['agreed, not worked out', true, null, 'The renewal’s deposits are agreed at $250.00 a deposit (fortnightly).'],
  ] as const)('%s', (_name, fixed, needed, sentence) => {
    expect(renewalDepositsSentence({ agreed, frequency: 'Fortnightly', fixed, needed })).toBe(sentence);
  });

  it('a roll lowers the renewal’s deposits (worked out again even once agreed); a shortfall is spread', () => {
    expect(choiceExplanation(Kind.Roll, cents(500_00), '2027-03-31' as LocalDate)).toBe(
      'What the agreement holds after 31-03-2027 is carried into the renewal and lowers its deposits.',
    );
    expect(choiceExplanation(Kind.Roll, cents(-500_00), '2027-03-31' as LocalDate)).toBe(
      'The shortfall is carried into the renewal and spread over its deposits.',
    );
  });
});

describe('renewalReviewTermEnd (rule "the term-end choice in the renewal\'s review")', () => {
  const base = { accountNumber: null, deposit: cents(180_00), depositFromZero: cents(200_00) };
  it.each([
    [
      'nothing chosen, a surplus rolled: the deposit is lower',
      { ...base, kind: Kind.Roll, chosen: false, closingBalance: cents(520_00) },
      520_00,
      -20_00,
      'You have not made a term-end choice: the balance is rolled into the renewal. The $520.00 your agreement is forecast to close with is carried into the renewal and lowers its deposit to $180.00 ($20.00 less than starting from zero).',
    ],
    [
      'refund chosen: paid out, from zero',
      {
        ...base,
        kind: Kind.Refund,
        chosen: true,
        accountNumber: '062-1',
        deposit: cents(200_00),
        closingBalance: cents(520_00),
      },
      0,
      0,
      'Your term-end choice: Refund the surplus to linked account 062-1. The $520.00 your agreement is forecast to close with is paid out when the renewal takes over, so the renewal starts from zero and its deposit of $200.00 carries nothing in.',
    ],
    [
      'a deficit spread: the deposit is higher',
      { ...base, kind: Kind.Roll, chosen: true, deposit: cents(215_01), closingBalance: cents(-390_26) },
      -390_26,
      15_01,
      'Your term-end choice: Roll the balance into the renewal. The $390.26 your agreement is forecast to close short is carried into the renewal and spread over its deposits: $215.01 a deposit ($15.01 more than starting from zero).',
    ],
    [
      'no forecast: the choice only',
      { ...base, kind: Kind.Roll, chosen: false, closingBalance: null, depositFromZero: null },
      0,
      null,
      'You have not made a term-end choice: the balance is rolled into the renewal.',
    ],
  ] as const)('%s', (_name, input, carried, effect, sentence) => {
    expect(renewalReviewTermEnd(input)).toEqual({ carried, effect, sentence });
  });
});

describe('the choice in the renewal notice and on the worklist', () => {
  it.each([
    [
      'nothing chosen: rolled by default, and where to choose',
      null,
      'What happens to the balance when it ends is your choice: roll it into the renewal, or have a surplus refunded to a linked account or moved to savings. You have not chosen yet, so it will be rolled into the renewal. You can choose on your account’s overview in the portal.',
      'Term-end choice: none made yet, so the balance will be rolled into the renewal.',
      'Balance at end: rolled into renewal unless you choose in the portal.',
    ],
    [
      'a refund',
      { kind: Kind.Refund, accountNumber: '30000002' },
      'Your choice for the balance when it ends: Refund the surplus to linked account 30000002. You can change it on your account’s overview in the portal until the renewal takes over.',
      'Term-end choice: Refund the surplus to linked account 30000002.',
      'Balance at end: surplus refunded to 30000002.',
    ],
    [
      'savings',
      { kind: Kind.Savings, accountNumber: '30000001' },
      'Your choice for the balance when it ends: Move the surplus to savings account 30000001. You can change it on your account’s overview in the portal until the renewal takes over.',
      'Term-end choice: Move the surplus to savings account 30000001.',
      'Balance at end: surplus moved to savings 30000001.',
    ],
    [
      'a roll chosen',
      { kind: Kind.Roll, accountNumber: null },
      'Your choice for the balance when it ends: Roll the balance into the renewal. You can change it on your account’s overview in the portal until the renewal takes over.',
      'Term-end choice: Roll the balance into the renewal.',
      'Balance at end: rolled into renewal, as you chose.',
    ],
  ] as const)('%s', (_name, choice, member, staff, sms) => {
    expect(termEndChoiceNotice(choice)).toBe(member);
    expect(termEndChoiceForStaff(choice)).toBe(staff);
    expect(termEndChoiceSms(choice)).toBe(sms);
    // The default renewal-due SMS with typical details and this choice is one message.
    expect(renderTemplate(RENEWAL_SMS, { ...SAMPLE_VALUES, balanceAtEnd: sms }).length).toBeLessThanOrEqual(
      SMS_MAX_LENGTH,
    );
  });
});
