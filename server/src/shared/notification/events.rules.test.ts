import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENTS } from '../preferences/preferences.rules.js';
import { NotificationChannel, NotificationEvent, NotificationPreference } from './notification-codes.js';
import { EVENT_KINDS, EVENT_KIND_ORDER, eventRecipients, pausedForHardship, SUBSCRIPTION_OF } from './events.rules.js';

const ann = { memberId: 1, email: 'ann@example.com', mobilePhone: '0400000001' };
const bob = { memberId: 2, email: null, mobilePhone: '0400000002' };
const cat = { memberId: 3, email: '  ', mobilePhone: null };
const none = new Map<number, NotificationPreference>();

describe('eventRecipients (spec 3 §3, §9: by subscription and each member’s preference)', () => {
  it.each([
    [
      'the default for a member with an e-mail is Email',
      [ann],
      none,
      [[1, NotificationChannel.Email, 'ann@example.com']],
    ],
    ['the default for a member with only a mobile is Sms', [bob], none, [[2, NotificationChannel.Sms, '0400000002']]],
    ['the default for a member with neither is None', [cat], none, []],
    [
      'a stored Sms preference goes to the mobile though an e-mail exists',
      [ann],
      new Map([[1, NotificationPreference.Sms]]),
      [[1, NotificationChannel.Sms, '0400000001']],
    ],
    ['a stored None is never told', [ann], new Map([[1, NotificationPreference.None]]), []],
    [
      'a stored Email without an address is not sent by another channel',
      [bob],
      new Map([[2, NotificationPreference.Email]]),
      [],
    ],
    [
      'each member of the account by their own preference',
      [ann, bob, cat],
      new Map([[1, NotificationPreference.Email]]),
      [
        [1, NotificationChannel.Email, 'ann@example.com'],
        [2, NotificationChannel.Sms, '0400000002'],
      ],
    ],
  ] as const)('%s', (_name, members, stored, expected) => {
    const recipients = eventRecipients(NotificationEvent.MissedDeposit, DEFAULT_EVENTS, members, stored);
    expect(recipients.map((r) => [r.memberId, r.channel, r.to])).toEqual(expected);
  });

  it.each(Object.values(NotificationEvent).filter((v): v is NotificationEvent => typeof v === 'number'))(
    'event %s: told when subscribed, not when its subscription is off (the others on)',
    (event) => {
      expect(eventRecipients(event, DEFAULT_EVENTS, [ann], none)).toHaveLength(1);
      const off = { ...DEFAULT_EVENTS, [SUBSCRIPTION_OF[event]]: false };
      expect(eventRecipients(event, off, [ann, bob], none)).toEqual([]);
      const othersOff = Object.fromEntries(
        Object.keys(DEFAULT_EVENTS).map((key) => [key, key === SUBSCRIPTION_OF[event]]),
      ) as typeof DEFAULT_EVENTS;
      expect(eventRecipients(event, othersOff, [ann], none)).toHaveLength(1);
    },
  );

  it('tells bill reminders whatever the agreement’s subscriptions (each biller’s own setting decides)', () => {
    const allOff = Object.fromEntries(Object.keys(DEFAULT_EVENTS).map((key) => [key, false])) as typeof DEFAULT_EVENTS;
    expect(eventRecipients(null, allOff, [ann], none)).toHaveLength(1);
  });

  it('maps every kind of event to one of the five subscribed events (bill reminders: none) and a template', () => {
    expect(Object.fromEntries(Object.entries(EVENT_KINDS).map(([kind, v]) => [kind, v.event]))).toEqual({
      billReminder: null,
      billReminderAutoPay: null,
      depositReminder: NotificationEvent.MissedDeposit,
      agreementApproved: NotificationEvent.AgreementChanged,
      agreementApplied: NotificationEvent.AgreementChanged,
      missedDeposit: NotificationEvent.MissedDeposit,
      billPaymentFailed: NotificationEvent.BillPaymentFailed,
      billPaymentDelayed: NotificationEvent.BillPaymentFailed,
      renewalDue: NotificationEvent.RenewalDue,
      agreementChanged: NotificationEvent.AgreementChanged,
      agreementCancelled: NotificationEvent.AgreementChanged,
      shortPaidBill: NotificationEvent.ShortPaidBill,
    });
  });
});

describe('pausedForHardship (issue 24 item 4: missed-deposit follow-up pauses while a request for help is active)', () => {
  it.each(EVENT_KIND_ORDER.map((kind) => [kind, kind === 'missedDeposit'] as const))(
    'with a case open or arranged, %s is held back: %s',
    (kind, paused) => {
      expect(pausedForHardship(kind, true)).toBe(paused);
    },
  );

  it.each(EVENT_KIND_ORDER)('without a case, %s is sent as usual', (kind) => {
    expect(pausedForHardship(kind, false)).toBe(false);
  });
});
