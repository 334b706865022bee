/** A member's preferred contact method for an agreement (spec 3 §3: Email, Sms or None). */
export enum NotificationPreference {
  None = 0,
  Email = 1,
  Sms = 2,
}

export const NOTIFICATION_PREFERENCE_LABELS: Readonly<Record<NotificationPreference, string>> = {
  [NotificationPreference.None]: 'None',
  [NotificationPreference.Email]: 'Email',
  [NotificationPreference.Sms]: 'Sms',
};

/** Where a queued notification came from (spec 1 §3: notificationSourceType ManualNotification). */
export enum NotificationSourceType {
  ManualNotification = 1,
  ContractApprovingNotification = 2,
  /** Sent by the system for a subscribed event. */
  EventNotification = 3,
  /** The contact-support modal: a message to the support team. */
  SupportMessage = 4,
}

export enum NotificationStatus {
  Queued = 0,
  Sent = 1,
  Failed = 2,
  Cancelled = 3,
  /** Claimed by a delivery job and being handed to the mail server or SMS provider. */
  Sending = 4,
}

export const NOTIFICATION_STATUS_LABELS: Readonly<Record<NotificationStatus, string>> = {
  [NotificationStatus.Queued]: 'Queued',
  [NotificationStatus.Sent]: 'Sent',
  [NotificationStatus.Failed]: 'Failed',
  [NotificationStatus.Cancelled]: 'Cancelled',
  [NotificationStatus.Sending]: 'Sending',
};

/** How an outbox message travels: one row per channel, so each is delivered (and retried) on its own. */
export enum NotificationChannel {
  Email = 1,
  Sms = 2,
}

export const NOTIFICATION_CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = {
  [NotificationChannel.Email]: 'Email',
  [NotificationChannel.Sms]: 'Sms',
};

/** The events a member can subscribe to (spec 3 §9); all are subscribed by default. */
export enum NotificationEvent {
  MissedDeposit = 1,
  BillPaymentFailed = 2,
  RenewalDue = 3,
  AgreementChanged = 4,
  ShortPaidBill = 5,
}

export const NOTIFICATION_EVENT_LABELS: Readonly<Record<NotificationEvent, string>> = {
  [NotificationEvent.MissedDeposit]: 'Missed deposit',
  [NotificationEvent.BillPaymentFailed]: 'Bill payment failed or technically difficult',
  [NotificationEvent.RenewalDue]: 'Agreement due for renewal',
  [NotificationEvent.AgreementChanged]: 'Agreement changed or cancelled',
  [NotificationEvent.ShortPaidBill]: 'Short-paid bill',
};

/**
 * What became of a member notice: waiting for its job, told (messages queued), nobody to tell, not composable, or
 * held back because the member asked for help with payments (a hardship case open or arranged: `pausedForHardship`).
 */
export enum MemberNoticeStatus {
  Waiting = 0,
  Queued = 1,
  NobodyToTell = 2,
  Failed = 3,
  PausedForHardship = 4,
}
