import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../shared/local-date.js';
import {
  simulatedDepositArrival,
  simulatedPaymentDebit,
  simulatedPaymentSettlement,
  simulatedStatementCredit,
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
  const deposit = { memberIds: [1], dueDate: d('2026-03-10'), fromLinkedAccount: null, expected: 100, received: 0 };
  const partial = (amount: number, over: Partial<OutcomeRule> = {}) =>
    rule({ outcome: SimulatedOutcome.Partial, amount, ...over });
  it.each([
    ['no rule: it arrives', [], deposit, '2026-03-10', 100],
    ['a missing rule for the member: missing', [rule({})], deposit, '2026-03-10', 0],
    ['another member: arrives', [rule({ memberId: 2 })], deposit, '2026-03-10', 100],
    ['due before the rule: arrives', [rule({ dateFrom: d('2026-03-11') })], deposit, '2026-03-10', 100],
    ['due after the rule: arrives', [rule({ dateTo: d('2026-03-09') })], deposit, '2026-03-10', 100],
    ['while the rule holds: missing', [rule({ until: d('2026-03-12') })], deposit, '2026-03-12', 0],
    ['the day after it holds: arrives', [rule({ until: d('2026-03-12') })], deposit, '2026-03-13', 100],
    ['a payment rule does not touch deposits', [rule({ event: SimulatedEvent.Payment })], deposit, '2026-03-10', 100],
    [
      'a savings account short of the amount: missing',
      [],
      { ...deposit, fromLinkedAccount: { balance: 99 } },
      '2026-03-10',
      0,
    ],
    [
      'a savings account holding it: arrives',
      [],
      { ...deposit, fromLinkedAccount: { balance: 100 } },
      '2026-03-10',
      100,
    ],
    ['partial: only its amount arrives', [partial(40)], deposit, '2026-03-10', 40],
    ['partial above the deposit: the deposit', [partial(150)], deposit, '2026-03-10', 100],
    ['partial, the part already in: nothing more', [partial(40)], { ...deposit, received: 40 }, '2026-03-11', 40],
    [
      'partial no longer holding: the rest arrives',
      [partial(40, { until: d('2026-03-12') })],
      { ...deposit, received: 40 },
      '2026-03-13',
      100,
    ],
    ['missing wins over partial', [partial(40), rule({})], deposit, '2026-03-10', 0],
    ['missing after a part arrived: what arrived stays', [rule({})], { ...deposit, received: 40 }, '2026-03-11', 40],
    [
      'a savings account holding the rest only: it arrives',
      [],
      { ...deposit, received: 40, fromLinkedAccount: { balance: 60 } },
      '2026-03-11',
      100,
    ],
  ] as const)('%s', (_name, rules, facts, today, expected) => {
    expect(simulatedDepositArrival(rules, facts, d(today))).toBe(expected);
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

describe('simulatedPaymentDebit (what the bank debits in the end, for reconciliation)', () => {
  const payment = { memberIds: [1], billerId: 7, paidDate: d('2026-03-10'), amount: 12000 };
  const pay = (over: Partial<OutcomeRule>) => rule({ event: SimulatedEvent.Payment, ...over });
  const settledFor = (amount: number, over: Partial<OutcomeRule> = {}) =>
    pay({ outcome: SimulatedOutcome.SettledFor, amount, ...over });
  it.each([
    ['settled: its amount', [], 'settled', 12000],
    ['failed: nothing', [], 'failed', 0],
    ['try again: no final answer yet', [], 'tryAgain', null],
    ['settled for another amount', [settledFor(13000)], 'settled', 13000],
    ['rejected to us but debited all the same', [settledFor(12000)], 'failed', 12000],
    ['settled-for another biller: its amount', [settledFor(13000, { billerId: 8 })], 'settled', 12000],
    ['settled-for another member: its amount', [settledFor(13000, { memberId: 2 })], 'settled', 12000],
    ['settled-for paid outside its dates', [settledFor(13000, { dateTo: d('2026-03-09') })], 'settled', 12000],
    ['settled-for no longer holding', [settledFor(13000, { until: d('2026-03-10') })], 'settled', 12000],
    ['settled-for while trying again: no final answer', [settledFor(13000)], 'tryAgain', null],
    [
      'a deposit rule does not touch payments',
      [rule({ outcome: SimulatedOutcome.Partial, amount: 1 })],
      'settled',
      12000,
    ],
  ] as const)('%s', (_name, rules, answer, expected) => {
    expect(simulatedPaymentDebit(rules, payment, answer, d('2026-03-11'))).toBe(expected);
  });
});

describe('simulatedStatementCredit (a deposit on the bank statement, for reconciliation)', () => {
  const deposit = { memberIds: [1], dueDate: d('2026-03-10'), expected: 10000 };
  it.each([
    ['no record, no rule: as its rules say, all of it', [], null, 10000],
    ['no record, missing: nothing', [rule({})], null, 0],
    ['recorded in full', [], 10000, 10000],
    ['recorded short (the savings account did not hold it): the record', [], 4000, 4000],
    ['recorded, then a missing rule added: nothing (a correction on its side)', [rule({})], 10000, 0],
    [
      'recorded, then a partial rule added: the part',
      [rule({ outcome: SimulatedOutcome.Partial, amount: 2500 })],
      10000,
      2500,
    ],
    ['recorded nothing yet', [], 0, 0],
  ] as const)('%s', (_name, rules, recorded, expected) => {
    expect(simulatedStatementCredit(rules, deposit, d('2026-03-11'), recorded)).toBe(expected);
  });
});
