import { describe, expect, it } from 'vitest';
import { NotificationChannel, NotificationStatus } from './notification-codes.js';
import { notificationMessageId, statusAfterAttempt, undeliverableReason } from './outbox.rules.js';

describe('statusAfterAttempt', () => {
  it.each([
    [{ sent: true, retryable: false, lastAttempt: false }, NotificationStatus.Sent],
    [{ sent: true, retryable: true, lastAttempt: true }, NotificationStatus.Sent],
    [{ sent: false, retryable: true, lastAttempt: false }, NotificationStatus.Queued],
    [{ sent: false, retryable: true, lastAttempt: true }, NotificationStatus.Failed],
    [{ sent: false, retryable: false, lastAttempt: false }, NotificationStatus.Failed],
  ])('%j → %s', (outcome, status) => {
    expect(statusAfterAttempt(outcome)).toBe(status);
  });
});

describe('undeliverableReason', () => {
  const email = {
    channel: NotificationChannel.Email,
    recipientEmail: 'a@b.example',
    recipientMobile: null,
    emailBody: 'Hello',
    smsBody: null,
  };
  const sms = { ...email, channel: NotificationChannel.Sms, recipientMobile: '0412345678', smsBody: 'Hi' };
  it.each([
    ['an e-mail with an address and a body', email, null],
    ['an e-mail without an address', { ...email, recipientEmail: null }, 'No e-mail address to send to.'],
    ['an e-mail without a body', { ...email, emailBody: '' }, 'The e-mail has no body.'],
    ['an SMS with a number and text', sms, null],
    ['an SMS without a number', { ...sms, recipientMobile: null }, 'No mobile number to send to.'],
    ['an SMS without text', { ...sms, smsBody: null }, 'The SMS has no text.'],
  ])('%s', (_name, message, reason) => {
    expect(undeliverableReason(message)).toBe(reason);
  });
});

describe('notificationMessageId', () => {
  it('is the same for every attempt of a message', () => {
    expect(notificationMessageId(42)).toBe('<notification-42@billsmoothing.example>');
  });
});
