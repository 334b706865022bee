import { describe, expect, it } from 'vitest';
import { cents } from '../../shared/money.js';
import { askedAgain, ASKED_DEPOSIT_STATUSES, depositStillAsked } from './deposit-asked.rules.js';
import { DepositStatus } from './deposit-status.js';

describe('depositStillAsked (rule "deposit still asked": what the bank day asks for, each night from the due date)', () => {
  it.each([
    ['scheduled: all of it', DepositStatus.Scheduled, 5000, 0, 5000, false],
    ['missed: all of it, asked for again', DepositStatus.Missed, 5000, 0, 5000, true],
    ['partly received: the rest, asked for again', DepositStatus.PartlyReceived, 5000, 1200, 3800, true],
    ['partly received in full since: nothing', DepositStatus.PartlyReceived, 5000, 5000, 0, false],
    ['received: nothing', DepositStatus.Received, 5000, 5000, 0, false],
    ['received short but marked received: nothing (no longer asked)', DepositStatus.Received, 5000, 4000, 0, false],
    ['reversed by staff: nothing', DepositStatus.Reversed, 5000, 0, 0, false],
    ['a hardship holiday: nothing', DepositStatus.Holiday, 5000, 0, 0, false],
    ['over-received: nothing, never below zero', DepositStatus.PartlyReceived, 5000, 6000, 0, false],
  ] as const)('%s', (_name, status, expected, received, asked, again) => {
    const deposit = { status, expectedAmount: cents(expected), receivedAmount: cents(received) };
    expect(depositStillAsked(deposit)).toBe(asked);
    expect(askedAgain(deposit)).toBe(again);
  });

  it('asks of the statuses the bank day selects, and only those', () => {
    expect([...ASKED_DEPOSIT_STATUSES].sort()).toEqual([
      DepositStatus.Scheduled,
      DepositStatus.Missed,
      DepositStatus.PartlyReceived,
    ]);
  });
});
