import { effectivePreferences, type EventKey, type EventSubscriptions } from '../preferences/preferences.rules.js';
import { NotificationChannel, NotificationEvent, NotificationPreference } from './notification-codes.js';

/**
 * What happened, as the bank day and the lifecycle say it. Each kind is one of the five subscribed events of
 * spec 3 §9 and is told with its own template (a payment that failed and one delayed by a technical difficulty are
 * the same event, told differently; so are a change and a cancellation).
 */
export type EventKind =
  | 'missedDeposit'
  | 'billPaymentFailed'
  | 'billPaymentDelayed'
  | 'renewalDue'
  | 'agreementChanged'
  | 'agreementCancelled'
  | 'shortPaidBill';

export const EVENT_KINDS: Readonly<Record<EventKind, { event: NotificationEvent; template: string }>> = {
  missedDeposit: { event: NotificationEvent.MissedDeposit, template: 'MissedDepositNotification' },
  billPaymentFailed: { event: NotificationEvent.BillPaymentFailed, template: 'BillPaymentFailedNotification' },
  billPaymentDelayed: { event: NotificationEvent.BillPaymentFailed, template: 'BillPaymentDelayedNotification' },
  renewalDue: { event: NotificationEvent.RenewalDue, template: 'RenewalDueNotification' },
  agreementChanged: { event: NotificationEvent.AgreementChanged, template: 'AgreementChangedNotification' },
  agreementCancelled: { event: NotificationEvent.AgreementChanged, template: 'AgreementCancelledNotification' },
  shortPaidBill: { event: NotificationEvent.ShortPaidBill, template: 'ShortPaidBillNotification' },
};

/** The agreement's preferences column that says whether its members are told of an event. */
export const SUBSCRIPTION_OF: Readonly<Record<NotificationEvent, EventKey>> = {
  [NotificationEvent.MissedDeposit]: 'notifyMissedDeposit',
  [NotificationEvent.BillPaymentFailed]: 'notifyBillPaymentFailed',
  [NotificationEvent.RenewalDue]: 'notifyRenewalDue',
  [NotificationEvent.AgreementChanged]: 'notifyAgreementChanged',
  [NotificationEvent.ShortPaidBill]: 'notifyShortPaidBill',
};

export interface EventMember {
  memberId: number;
  email: string | null;
  mobilePhone: string | null;
}

export interface EventRecipient {
  memberId: number;
  channel: NotificationChannel;
  to: string;
}

/**
 * Who is told of an event, and how (spec 3 §3, §9): nobody when the agreement is not subscribed to it; otherwise
 * each member of the account by their preference for the agreement (the stored one, else the spec's default: Email
 * if an e-mail, else Sms if a mobile, else None). Email goes to the e-mail address, Sms to the mobile; None, or a
 * preference whose address is missing, is not told (an event is never sent by a channel the member did not choose).
 */
export function eventRecipients(
  event: NotificationEvent,
  subscriptions: EventSubscriptions,
  members: readonly EventMember[],
  stored: ReadonlyMap<number, NotificationPreference>,
): EventRecipient[] {
  if (!subscriptions[SUBSCRIPTION_OF[event]]) return [];
  const recipients: EventRecipient[] = [];
  for (const member of effectivePreferences(members, stored)) {
    const email = member.email?.trim() ?? '';
    const mobile = member.mobilePhone?.trim() ?? '';
    if (member.notificationPreference === NotificationPreference.Email && email) {
      recipients.push({ memberId: member.memberId, channel: NotificationChannel.Email, to: email });
    } else if (member.notificationPreference === NotificationPreference.Sms && mobile) {
      recipients.push({ memberId: member.memberId, channel: NotificationChannel.Sms, to: mobile });
    }
  }
  return recipients;
}
