import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../common/local-date.js';
import {
  simulatedDepositArrival,
  simulatedPaymentSettlement,
  SimulatedEvent,
  SimulatedOutcome,
  type OutcomeRule,
} from './simulator.rules.js';

const d = (text: string) => text as LocalDate;
const rule = (over: Partial<OutcomeRule>): OutcomeRule => ({
  memberId: 1,
  event: SimulatedEvent.Deposit,
  outcome: SimulatedOutcome.Missing,
  billerId: null,
  dateFrom: null,
  dateTo: null,
  until: null,
  ...over,
});

describe('simulatedDepositArrival', () => {
  const deposit = { memberIds: [1], dueDate: d('2026-03-10'), fromLinkedAccount: null };
  it.each([
    ['no rule: it arrives', [], deposit, '2026-03-10', 'arrived'],
    ['a missing rule for the member: missing', [rule({})], deposit, '2026-03-10', 'missing'],
    ['another member: arrives', [rule({ memberId: 2 })], deposit, '2026-03-10', 'arrived'],
    ['due before the rule: arrives', [rule({ dateFrom: d('2026-03-11') })], deposit, '2026-03-10', 'arrived'],
    ['due after the rule: arrives', [rule({ dateTo: d('2026-03-09') })], deposit, '2026-03-10', 'arrived'],
    ['while the rule holds: missing', [rule({ until: d('2026-03-12') })], deposit, '2026-03-12', 'missing'],
    ['the day after it holds: arrives', [rule({ until: d('2026-03-12') })], deposit, '2026-03-13', 'arrived'],
    [
      'a payment rule does not touch deposits',
      [rule({ event: SimulatedEvent.Payment })],
      deposit,
      '2026-03-10',
      'arrived',
    ],
    [
      'a savings account short of the amount: missing',
      [],
      { ...deposit, fromLinkedAccount: { balance: 99 } },
      '2026-03-10',
      'missing',
    ],
    [
      'a savings account holding it: arrives',
      [],
      { ...deposit, fromLinkedAccount: { balance: 100 } },
      '2026-03-10',
      'arrived',
    ],
  ] as const)('%s', (_name, rules, facts, today, expected) => {
    expect(simulatedDepositArrival(rules, facts, 100, d(today))).toBe(expected);
  });
});

describe('simulatedPaymentSettlement', () => {
  const payment = { memberIds: [1], billerId: 7, paidDate: d('2026-03-10') };
  const pay = (over: Partial<OutcomeRule>) => rule({ event: SimulatedEvent.Payment, ...over });
  it.each([
    ['no rule: settled', [], 'settled'],
    ['failed for every biller', [pay({ outcome: SimulatedOutcome.Failed })], 'failed'],
    ['failed for this biller', [pay({ outcome: SimulatedOutcome.Failed, billerId: 7 })], 'failed'],
    ['failed for another biller: settled', [pay({ outcome: SimulatedOutcome.Failed, billerId: 8 })], 'settled'],
    ['try again', [pay({ outcome: SimulatedOutcome.TryAgain })], 'tryAgain'],
    [
      'failed wins over try again',
      [pay({ outcome: SimulatedOutcome.TryAgain }), pay({ outcome: SimulatedOutcome.Failed })],
      'failed',
    ],
    [
      'try again no longer holding: settled',
      [pay({ outcome: SimulatedOutcome.TryAgain, until: d('2026-03-10') })],
      'settled',
    ],
    ['a deposit rule does not touch payments', [rule({})], 'settled'],
  ] as const)('%s', (_name, rules, expected) => {
    expect(simulatedPaymentSettlement(rules, payment, d('2026-03-11'))).toBe(expected);
  });
});
