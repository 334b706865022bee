import { effectivePreferences, type EventKey, type EventSubscriptions } from '../preferences/preferences.rules.js';
import { NotificationChannel, NotificationEvent, NotificationPreference } from './notification-codes.js';

/**
 * What happened, as the bank day and the lifecycle say it: each kind is told with its own template. All but the
 * bill reminders come under one of the five subscribed events of spec 3 §9 (a payment that failed and one delayed
 * by a technical difficulty are the same event, told differently; so are a change, a cancellation, an approval and
 * a change applied; deposit reminders go with missed deposits, the profile's "Deposit reminders"). Bill reminders
 * follow each biller's own reminder setting (the profile's "Bill reminders"), checked where they are found.
 */
export type EventKind =
  | 'billReminder'
  | 'billReminderAutoPay'
  | 'depositReminder'
  | 'missedDeposit'
  | 'billPaymentFailed'
  | 'billPaymentDelayed'
  | 'renewalDue'
  | 'agreementChanged'
  | 'agreementCancelled'
  | 'agreementApproved'
  | 'agreementApplied'
  | 'shortPaidBill';

export const EVENT_KINDS: Readonly<Record<EventKind, { event: NotificationEvent | null; template: string }>> = {
  billReminder: { event: null, template: 'BillReminderNotification' },
  billReminderAutoPay: { event: null, template: 'BillReminderAutoPayNotification' },
  depositReminder: { event: NotificationEvent.MissedDeposit, template: 'DepositReminderNotification' },
  missedDeposit: { event: NotificationEvent.MissedDeposit, template: 'MissedDepositNotification' },
  billPaymentFailed: { event: NotificationEvent.BillPaymentFailed, template: 'BillPaymentFailedNotification' },
  billPaymentDelayed: { event: NotificationEvent.BillPaymentFailed, template: 'BillPaymentDelayedNotification' },
  renewalDue: { event: NotificationEvent.RenewalDue, template: 'RenewalDueNotification' },
  agreementChanged: { event: NotificationEvent.AgreementChanged, template: 'AgreementChangedNotification' },
  agreementCancelled: { event: NotificationEvent.AgreementChanged, template: 'AgreementCancelledNotification' },
  agreementApproved: { event: NotificationEvent.AgreementChanged, template: 'AgreementApprovedNotification' },
  agreementApplied: { event: NotificationEvent.AgreementChanged, template: 'AgreementAppliedNotification' },
  shortPaidBill: { event: NotificationEvent.ShortPaidBill, template: 'ShortPaidBillNotification' },
};

/** When each kind is sent, in words, for staff reading the templates. */
export const EVENT_WHEN: Readonly<Record<EventKind, string>> = {
  billReminder: 'Before each bill the member pays, by the reminder days setting, if the biller’s reminders are on.',
  billReminderAutoPay: 'Before each bill the bank pays automatically, by the same setting, if its reminders are on.',
  depositReminder: 'Before each deposit, by the deposit reminder days setting.',
  missedDeposit: 'When a deposit does not arrive in full on its date.',
  billPaymentFailed: 'When the biller’s bank returns a payment.',
  billPaymentDelayed: 'When the biller’s bank first answers that a payment must be tried again.',
  shortPaidBill: 'When a bill is paid only in part because the agreement did not hold enough.',
  renewalDue: 'When the agreement comes within the renewal days of its end date.',
  agreementChanged:
    'When staff move the end date, lock or unlock the agreement, or record a hardship arrangement that changes the deposits; when a request for help with payments is opened or closed.',
  agreementCancelled: 'When the agreement is cancelled.',
  agreementApproved: 'When a new agreement the member approved is set up.',
  agreementApplied: 'When a change or renewal the member approved takes effect.',
};

/**
 * The follow-up that pauses while the member has a request for help with payments open or arranged (issue 24 item 4,
 * Customer Owned Banking Code s24): the missed-deposit notice. Staff talk to the member instead (the worklist's
 * hardship row); every other notice (a bill paid or failed, the agreement changed) still tells them what happened.
 */
export const PAUSED_BY_HARDSHIP: readonly EventKind[] = ['missedDeposit'];

/** Whether a notice of this kind is held back because the member asked for help (a case open or arranged). */
export function pausedForHardship(kind: EventKind, hardshipActive: boolean): boolean {
  return hardshipActive && PAUSED_BY_HARDSHIP.includes(kind);
}

/** The event kinds in the order staff read them (previews, the template list). */
export const EVENT_KIND_ORDER = Object.keys(EVENT_KINDS) as EventKind[];

/** The kind whose template this is, or null for a manual template. */
export function eventKindOfTemplate(templateName: string): EventKind | null {
  return EVENT_KIND_ORDER.find((kind) => EVENT_KINDS[kind].template === templateName) ?? null;
}

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
 * Who is told of an event, and how (spec 3 §3, §9): nobody when the agreement is not subscribed to it (`event` null:
 * the caller checked the subscription, as for bill reminders); otherwise
 * each member of the account by their preference for the agreement (the stored one, else the spec's default: Email
 * if an e-mail, else Sms if a mobile, else None). Email goes to the e-mail address, Sms to the mobile; None, or a
 * preference whose address is missing, is not told (an event is never sent by a channel the member did not choose).
 */
export function eventRecipients(
  event: NotificationEvent | null,
  subscriptions: EventSubscriptions,
  members: readonly EventMember[],
  stored: ReadonlyMap<number, NotificationPreference>,
): EventRecipient[] {
  if (event !== null && !subscriptions[SUBSCRIPTION_OF[event]]) return [];
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
