import { NotificationChannel, NotificationStatus } from './notification-codes.js';

/** A delivery job running longer than this is taken to be lost; its claim on a message may then be taken again. */
export const DELIVERY_EXPIRE_SECONDS = 60;

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
