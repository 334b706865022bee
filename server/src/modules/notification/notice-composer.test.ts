import { describe, expect, it } from 'vitest';
import type { Cents } from '../../shared/money.js';
import { DEFAULT_EVENTS } from '../../shared/preferences/preferences.rules.js';
import { NotificationChannel, NotificationPreference } from '../../shared/notification/notification-codes.js';
import {
  composeNotice,
  eventValues,
  type NoticeContext,
  NoticeNotComposed,
  noticeValues,
  renderNotice,
} from './notice-composer.js';
import { RENEWAL_DUE_SMS } from '../../../../migrations/Migration20261128200000_renewal_sms_term_end.js';

const ann = {
  memberId: 1,
  firstName: 'Ann',
  lastName: 'Lee',
  memberNumber: '100001',
  email: 'ann@example.com',
  mobilePhone: '0400000001',
  preference: null,
};
const bob = { ...ann, memberId: 2, firstName: 'Bob', email: null, preference: NotificationPreference.Sms };

function context(templates: Record<string, { emailSubject: string; emailTemplate: string; smsTemplate: string }>) {
  return {
    agreementId: 6,
    accountId: 4,
    accountNumber: '1000020001',
    nextDepositAmount: '1072.00',
    nextDepositDate: '2026-12-13',
    arrears: 321600 as Cents,
    endDate: '2027-06-30',
    institution: {
      institutionName: 'Harbourside Mutual Bank',
      institutionShortName: 'Harbourside',
      supportPhone: '1300 555 010',
      supportEmail: 'help@example.com',
    },
    subscriptions: { ...DEFAULT_EVENTS },
    members: [ann, bob],
    templates: new Map(Object.entries(templates).map(([name, t], i) => [name, { id: i + 1, ...t }])),
    hardshipActive: false,
  } satisfies NoticeContext;
}

const missed = {
  MissedDepositNotification: {
    emailSubject: 'We did not receive {amount}',
    emailTemplate: 'Dear {firstName}, {amount} due {date}; {totalOwed} owing. Pay into {accountNumber}.',
    smsTemplate: '{institutionShortName}: {totalOwed} owing.',
  },
};

describe('renderNotice', () => {
  it('fills the event’s values over the agreement’s: {amount} is the missed deposit, {totalOwed} all arrears', () => {
    const values = noticeValues(context(missed), 'missedDeposit', { amount: 107200 as Cents, date: '2026-12-06' });
    expect(renderNotice(context(missed), 'missedDeposit', ann, values)).toEqual({
      templateId: 1,
      subject: 'We did not receive $1,072.00',
      emailBody: 'Dear Ann, $1,072.00 due 06-12-2026; $3,216.00 owing. Pay into 1000020001.',
      smsBody: 'Harbourside: $3,216.00 owing.',
    });
  });

  it('refuses a placeholder the event cannot fill (the next deposit is not the missed deposit’s amount)', () => {
    expect(() => renderNotice(context(missed), 'missedDeposit', ann, eventValues({}, '$3,216.00'))).toThrow(
      new NoticeNotComposed('MissedDepositNotification for agreement 6: nothing to fill {amount}, {date} with.'),
    );
  });

  it('refuses a template that is missing', () => {
    expect(() => renderNotice(context({}), 'renewalDue', ann, {})).toThrow(NoticeNotComposed);
  });
});

describe('the renewal-due notice', () => {
  const renewal = {
    RenewalDueNotification: {
      emailSubject: 'Your agreement ends on {date}',
      emailTemplate: 'Renew before {date}.\n\n{termEndChoice}',
      smsTemplate: RENEWAL_DUE_SMS,
    },
  };
  const told = {
    ...context(renewal),
    termEndChoice: 'Your choice for the balance when it ends: Refund the surplus to linked account 30000002.',
    balanceAtEnd: 'Balance at end: surplus refunded to 30000002.',
  };

  it('says the term-end choice whole in the e-mail and in a few words in the SMS, one message long', () => {
    const messages = composeNotice(told, 'renewalDue', { date: '2027-06-30' });
    expect(messages.map((m) => [m.memberId, m.channel, m.body])).toEqual([
      [
        1,
        NotificationChannel.Email,
        'Renew before 30-06-2027.\n\nYour choice for the balance when it ends: Refund the surplus to linked account 30000002.',
      ],
      [
        2,
        NotificationChannel.Sms,
        'Harbourside: agreement 6 ends 30-06-2027. Please renew by then: call 1300 555 010. Balance at end: surplus refunded to 30000002.',
      ],
    ]);
  });

  it('is not composed without the choice (nothing fills {balanceAtEnd})', () => {
    expect(() => composeNotice(context(renewal), 'renewalDue', { date: '2027-06-30' })).toThrow(NoticeNotComposed);
  });
});

describe('composeNotice', () => {
  it('one message per member told, by their channel', () => {
    const messages = composeNotice(context(missed), 'missedDeposit', { amount: 107200 as Cents, date: '2026-12-06' });
    expect(messages.map((m) => [m.memberId, m.channel, m.to, m.subject])).toEqual([
      [1, NotificationChannel.Email, 'ann@example.com', 'We did not receive $1,072.00'],
      [2, NotificationChannel.Sms, '0400000001', null],
    ]);
  });

  it('nobody when the agreement is not subscribed to the event', () => {
    const off = { ...context(missed), subscriptions: { ...DEFAULT_EVENTS, notifyMissedDeposit: false } };
    expect(composeNotice(off, 'missedDeposit', { amount: 1 as Cents, date: '2026-12-06' })).toEqual([]);
  });
});
