import { describe, expect, it } from 'vitest';
import { NotificationChannel, NotificationStatus } from '../../shared/notification/notification-codes.js';
import {
  DELIVERY_RETRY,
  DELIVERY_RETRY_WINDOW_MIN_SECONDS,
  notificationMessageId,
  retryDelayRange,
  retryWindowSeconds,
  sentActivityDetails,
  statusAfterAttempt,
  undeliverableReason,
} from './outbox.rules.js';

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

describe('retryDelayRange and retryWindowSeconds (pg-boss 10’s back-off)', () => {
  it.each([
    [{ retryLimit: 3, retryDelaySeconds: 10, retryBackoff: false }, 1, { min: 10, max: 10 }],
    [{ retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true }, 1, { min: 10, max: 20 }],
    [{ retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true }, 3, { min: 40, max: 80 }],
    [{ retryLimit: 30, retryDelaySeconds: 1, retryBackoff: true }, 20, { min: 32768, max: 65536 }],
    [{ retryLimit: 3, retryDelaySeconds: 0, retryBackoff: true }, 1, { min: 1, max: 2 }],
  ])('%j, retry %i → %j', (policy, n, range) => {
    expect(retryDelayRange(policy, n)).toEqual(range);
  });

  it.each([
    [
      { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true },
      { min: 310, max: 620 },
    ],
    [
      { retryLimit: 4, retryDelaySeconds: 60, retryBackoff: false },
      { min: 240, max: 240 },
    ],
    [
      { retryLimit: 0, retryDelaySeconds: 60, retryBackoff: true },
      { min: 0, max: 0 },
    ],
  ])('%j → %j', (policy, window) => {
    expect(retryWindowSeconds(policy)).toEqual(window);
  });

  it('keeps a message trying for at least a day, and never longer than three days', () => {
    const window = retryWindowSeconds(DELIVERY_RETRY);
    expect(window.min).toBeGreaterThanOrEqual(DELIVERY_RETRY_WINDOW_MIN_SECONDS);
    expect(window.max).toBeLessThanOrEqual(3 * 24 * 60 * 60);
  });
});

describe('sentActivityDetails', () => {
  it.each([
    [
      { channel: NotificationChannel.Email, to: 'a@b.example', subject: 'Subject', body: 'Dear Jack,\n\nText.' },
      'E-mail to a@b.example: Subject\n\nDear Jack,\n\nText.',
    ],
    [
      { channel: NotificationChannel.Sms, to: '0412345678', subject: null, body: 'Short text.' },
      'Text message to 0412345678: Short text.',
    ],
  ])('%j', (message, details) => {
    expect(sentActivityDetails(message)).toBe(details);
  });
});
