import { describe, expect, it } from 'vitest';
import { agreementNumberOf, deliveryStatusLine, maySendMessages } from './outbox-status';

describe('maySendMessages', () => {
  it.each([
    [['AGENT'], true],
    [['MANAGER'], true],
    [['REPORTER'], false],
    [['MEMBER'], false],
    [[], false],
  ])('%j → %s', (roles, allowed) => {
    expect(maySendMessages(roles)).toBe(allowed);
  });
});

describe('deliveryStatusLine', () => {
  it.each([
    [
      { status: 'Failed', attempts: 13, lastError: 'connect ECONNREFUSED' },
      'Not sent after 13 attempts: connect ECONNREFUSED',
    ],
    [
      { status: 'Failed', attempts: 1, lastError: 'No e-mail address to send to.' },
      'Not sent after 1 attempt: No e-mail address to send to.',
    ],
    [{ status: 'Queued', attempts: 2, lastError: 'timeout' }, 'Trying again (2 attempts so far): timeout'],
    [{ status: 'Sent', attempts: 1, lastError: 'old' }, 'old'],
  ])('%j', (message, line) => {
    expect(deliveryStatusLine(message)).toBe(line);
  });
});

describe('agreementNumberOf', () => {
  it.each([
    ['42', 42],
    [' 7 ', 7],
    ['0', null],
    ['-3', null],
    ['4.5', null],
    ['abc', null],
    ['', null],
    ['1234567890', null],
  ])('%j → %j', (text, number) => {
    expect(agreementNumberOf(text)).toBe(number);
  });
});
