import { NotificationChannel, NotificationStatus } from '../../shared/notification/notification-codes.js';

/** A delivery job running longer than this is taken to be lost; its claim on a message may then be taken again. */
export const DELIVERY_EXPIRE_SECONDS = 60;

/** How pg-boss retries a delivery whose mail server or SMS gateway did not take it (issue 21 item 4). */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
}

/**
 * Delivery retries: 12 after the first attempt, from 30 s doubling (30 s, 1 min, 2 min … 17 h, each up to twice
 * that with pg-boss's jitter): at least 34 hours before a message is given up, so a mail server down for a day
 * loses nothing.
 */
export const DELIVERY_RETRY: RetryPolicy = { retryLimit: 12, retryDelaySeconds: 30, retryBackoff: true };

/** The least a message waits before it is given up for good. */
export const DELIVERY_RETRY_WINDOW_MIN_SECONDS = 24 * 60 * 60;

/**
 * The delay before retry `n` (1 for the first) as pg-boss 10 sets it: with back-off `delay·2^(n-1)` plus up to as
 * much again at random (the exponent capped at 16), else `delay`. Answers the least and the most.
 */
export function retryDelayRange(policy: RetryPolicy, n: number): { min: number; max: number } {
  if (!policy.retryBackoff) return { min: policy.retryDelaySeconds, max: policy.retryDelaySeconds };
  const base = (Math.max(policy.retryDelaySeconds, 1) * 2 ** Math.min(16, n)) / 2;
  return { min: base, max: 2 * base };
}

/** From the first attempt to the last: the sum of the retries' delays, least and most. */
export function retryWindowSeconds(policy: RetryPolicy): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (let n = 1; n <= policy.retryLimit; n += 1) {
    const delay = retryDelayRange(policy, n);
    min += delay.min;
    max += delay.max;
  }
  return { min, max };
}

/** The status a message goes to after an attempt: sent, back to the queue for a retry, or failed for good. */
export function statusAfterAttempt(outcome: { sent: boolean; retryable: boolean; lastAttempt: boolean }) {
  if (outcome.sent) return NotificationStatus.Sent;
  return outcome.retryable && !outcome.lastAttempt ? NotificationStatus.Queued : NotificationStatus.Failed;
}

/** Why a message cannot be sent at all (no retry would help), or null when it can. */
export function undeliverableReason(message: {
  channel: NotificationChannel;
  recipientEmail: string | null;
  recipientMobile: string | null;
  emailBody: string | null;
  smsBody: string | null;
}): string | null {
  if (message.channel === NotificationChannel.Email) {
    if (!message.recipientEmail) return 'No e-mail address to send to.';
    if (!message.emailBody) return 'The e-mail has no body.';
    return null;
  }
  if (!message.recipientMobile) return 'No mobile number to send to.';
  if (!message.smsBody) return 'The SMS has no text.';
  return null;
}

/** The e-mail's Message-ID: the same for every attempt, so a receiver can drop a copy a crash made us resend. */
export function notificationMessageId(notificationId: number): string {
  return `<notification-${notificationId}@billsmoothing.example>`;
}

/** What a message sent tells the member's activity history: the channel, the address and the text itself. */
export function sentActivityDetails(message: {
  channel: NotificationChannel;
  to: string;
  subject: string | null;
  body: string;
}): string {
  if (message.channel === NotificationChannel.Sms) return `Text message to ${message.to}: ${message.body}`;
  return `E-mail to ${message.to}: ${message.subject ?? ''}\n\n${message.body}`.trim();
}
