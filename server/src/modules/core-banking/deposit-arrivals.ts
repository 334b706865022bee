import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray, runSql } from '../../database/bulk.js';
import { FiguresChangeReason, figuresChanged } from '../../common/figures-changed.js';
import { formatCurrency, parseMoney, sub, type Cents } from '../../shared/money.js';
import { formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { ActivityType, writeActivity } from '../activity/index.js';
import {
  AgreementEvent,
  AgreementStatus,
  changeStatus,
  depositLines,
  DepositStatus,
  DepositType,
  storedShares,
  type DepositShares,
} from '../agreement/index.js';
import { ASKED_DEPOSIT_STATUSES } from '../deposit/index.js';
import { accountHasResignedMember } from '../member/index.js';
import { MoneyMovement, moneyRefusal, statusesMoving } from '../../shared/money-movement.rules.js';
import { LedgerTransactionType, type LedgerService, type Posting } from '../ledger/index.js';
import type { EventNotifier } from '../notification/index.js';
import { EVERY_AGREEMENT, inAgreementRange, type AgreementRange } from '../../jobs/agreement-ranges.rules.js';
import { arrearsStatus, arrivesLate, missedOwing } from './bank-day.rules.js';
import type { CoreBanking, ExpectedDeposit } from './core-banking.adapter.js';
import { forEachConcurrently } from './concurrently.js';

export interface DepositDayResult {
  received: { agreementId: number; depositId: number; amount: Cents; late: boolean }[];
  missed: { agreementId: number; depositId: number; amount: Cents }[];
  arrearsCleared: number[];
  intoArrears: number[];
}

/** A deposit the day's deposits step asks the bank for (`depositsAsked`). */
export interface DueDeposit {
  id: number;
  agreement_id: number;
  due_date: string;
  expected_amount: string;
  received_amount: string;
  status: number;
  /** The deposit's stored plan (null: none, the whole deposit is allocation). */
  plan_deposit_amount: string | null;
  contingency_share: string | null;
  rainy_day_share: string | null;
}

interface LockedAgreement {
  id: number;
  previous_id: number | null;
  status: AgreementStatus;
  account_id: number;
  deposit_type: number | null;
  periodical_payment_account_id: number | null;
  member_ids: number[];
  resigned: boolean;
}

/**
 * Test-only fault hooks (the kill -9 test, tests/integration/bank-day-kill.test.ts): with NODE_ENV=test, a pause of
 * BANK_DAY_TEST_PAUSE_MS after each batch of agreements' deposits (and of automatic payments, bill-days.ts), and
 * batches of BANK_DAY_TEST_BATCH agreements, so that the process can be killed half-way through a day. The batch size
 * is read when the module loads; the pause each time it is taken, so that a test needing no pause can set it to 0.
 */
export async function bankDayTestPause(): Promise<void> {
  const ms = process.env.NODE_ENV === 'test' ? Number(process.env.BANK_DAY_TEST_PAUSE_MS ?? 0) || 0 : 0;
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}
/** Agreements per transaction of a bank-day step: 250, or BANK_DAY_TEST_BATCH under test (read when a module loads). */
export function bankDayBatchSize(): number {
  const test = process.env.NODE_ENV === 'test' ? Number(process.env.BANK_DAY_TEST_BATCH ?? 0) || 0 : 0;
  return test > 0 ? test : 250;
}

/** Agreements whose deposits are posted in one transaction (their keys, locks, postings and activities). */
export const DEPOSIT_BATCH_SIZE = bankDayBatchSize();

/** Deposits asked of the bank again each day until they have arrived (rule "deposit still asked", deposit/). */
const ASKED_STATUSES = ASKED_DEPOSIT_STATUSES.join(', ');

/** A step of the bank's day for one agreement, once: false when the key was already there (done before). */
export async function claimStep(
  tx: EntityManager,
  step: string,
  date: LocalDate,
  agreementId: number,
): Promise<boolean> {
  return (await claimSteps(tx, step, date, [agreementId])).length > 0;
}

/** The step for these agreements, once each: the ones claimed now, in id order (the others were done before). */
export async function claimSteps(
  tx: EntityManager,
  step: string,
  date: LocalDate,
  agreementIds: readonly number[],
): Promise<number[]> {
  if (agreementIds.length === 0) return [];
  const sorted = [...agreementIds].sort((a, b) => a - b);
  const rows = await runSql<{ agreement_id: number }>(
    tx,
    `insert into bank_day_step (step, business_date, agreement_id)
     select ?, ?::date, k.id from unnest(?::int[]) with ordinality as k(id, n) order by k.n
     on conflict do nothing returning agreement_id`,
    [step, date, intArray(sorted)],
  );
  return rows.map((row) => Number(row.agreement_id)).sort((a, b) => a - b);
}

/**
 * The agreements whose deposits the deposits step of `date` asks the bank for (one agreement: `onlyAgreementId`; a
 * part of the step: those in `range`), in id order: a deposit due by that day still scheduled, missed or partly received, an agreement money may move
 * into (shared/money-movement.rules.ts, no resigned member), its step for the day not done yet. The step and the
 * preview of the day (bank-day-run.ts) read this one rule.
 */
export async function agreementsAskingDeposits(
  em: EntityManager,
  date: LocalDate,
  onlyAgreementId: number | null = null,
  range: AgreementRange = EVERY_AGREEMENT,
): Promise<number[]> {
  const part = inAgreementRange(['g.id', 'd.agreement_id'], range);
  const rows = await em.execute<{ agreement_id: number }[]>(
    `select distinct d.agreement_id from scheduled_deposit d join agreement g on g.id = d.agreement_id
     where d.due_date <= ? and d.status in (${ASKED_STATUSES}) and g.status = any(?::smallint[])
       and (?::int is null or d.agreement_id = ?::int)
       and ${part.sql}
       and not ${accountHasResignedMember('g.account_id')}
       and not exists (select 1 from bank_day_step k where k.step = 'deposits' and k.business_date = ?
                       and k.agreement_id = d.agreement_id)
     order by d.agreement_id`,
    [
      date,
      `{${statusesMoving(MoneyMovement.Deposit, 'job').join(',')}}`,
      onlyAgreementId,
      onlyAgreementId,
      ...part.values,
      date,
    ],
  );
  return rows.map((row) => Number(row.agreement_id));
}

/**
 * The deposits the deposits step of `date` asks the bank for, of these agreements, in the order it posts them
 * (agreement, due date, id), each with the stored plan it is split by.
 */
export async function depositsAsked(
  em: EntityManager,
  agreementIds: readonly number[],
  date: LocalDate,
): Promise<DueDeposit[]> {
  if (agreementIds.length === 0) return [];
  return em.execute<DueDeposit[]>(
    `select d.id, d.agreement_id, d.due_date::text, d.expected_amount, d.received_amount, d.status,
       p.deposit_amount as plan_deposit_amount, p.contingency_share, p.rainy_day_share
     from scheduled_deposit d left join agreement_plan p on p.id = d.plan_id
     where d.agreement_id = any(?::int[]) and d.due_date <= ? and d.status in (${ASKED_STATUSES})
     order by d.agreement_id, d.due_date, d.id`,
    [intArray(agreementIds), date],
  );
}

/**
 * Deposits arriving (DOMAIN "Deposits", "Arrears and locks"): each scheduled deposit due by today is asked of core
 * banking; what arrived is posted to the agreement's pockets as its plan shares it (activity 2, or 20 for a missed
 * deposit arriving late); a deposit short on its date is marked missed (activity 14) and puts the agreement in
 * arrears (4) until the whole missed amount has arrived, then it is active (7) again. Agreements are worked on in
 * batches, each in one transaction with its keys (`bank_day_step` 'deposits' per agreement and day): a crashed
 * batch leaves nothing, a batch done is never done again.
 */
export class DepositArrivals {
  constructor(
    private readonly ledger: LedgerService,
    private readonly coreBanking: CoreBanking,
    private readonly notifier: EventNotifier,
    private readonly concurrency = 1,
  ) {}

  /** The deposits of the agreements in `range` (a part of the step: core-banking.jobs.ts), or of every agreement. */
  async run(
    em: EntityManager,
    today: LocalDate,
    now: Date,
    range: AgreementRange = EVERY_AGREEMENT,
  ): Promise<DepositDayResult> {
    const result: DepositDayResult = { received: [], missed: [], arrearsCleared: [], intoArrears: [] };
    const agreements = await agreementsAskingDeposits(em, today, null, range);
    const batches: number[][] = [];
    for (let i = 0; i < agreements.length; i += DEPOSIT_BATCH_SIZE) {
      batches.push(agreements.slice(i, i + DEPOSIT_BATCH_SIZE));
    }
    await forEachConcurrently(batches, this.concurrency, async (batch) => {
      await em.fork().transactional((tx) => this.runBatch(tx, batch, today, now, result));
      await bankDayTestPause();
    });
    if (result.missed.length > 0) this.notifier.wake();
    result.received.sort((a, b) => a.agreementId - b.agreementId || a.depositId - b.depositId);
    result.missed.sort((a, b) => a.agreementId - b.agreementId || a.depositId - b.depositId);
    result.arrearsCleared.sort((a, b) => a - b);
    result.intoArrears.sort((a, b) => a - b);
    return result;
  }

  private async runBatch(
    tx: EntityManager,
    batch: readonly number[],
    today: LocalDate,
    now: Date,
    result: DepositDayResult,
  ): Promise<void> {
    let claimed = await claimSteps(tx, 'deposits', today, batch);
    if (claimed.length === 0) return;
    const lockedRows = await tx.execute<LockedAgreement[]>(
      `select g.id, g.previous_id, g.status, g.account_id, g.deposit_type, g.periodical_payment_account_id,
         coalesce(array(select l.member_id from member_account_link l where l.account_id = g.account_id and l.is_active
                        order by l.is_primary desc, l.id), '{}') as member_ids,
         ${accountHasResignedMember('g.account_id')} as resigned
       from agreement g where g.id = any(?::int[]) order by g.id for update of g`,
      [intArray(claimed)],
    );
    // The money rule under the lock: an agreement locked or a membership resigned since it was chosen takes nothing
    // today (its step is done; its deposits wait until money may move again).
    const moving = lockedRows.filter(
      (row) =>
        moneyRefusal(MoneyMovement.Deposit, {
          status: Number(row.status) as AgreementStatus,
          mover: 'job',
          resigned: row.resigned === true,
        }) === null,
    );
    const locked = new Map(moving.map((row) => [Number(row.id), row]));
    claimed = claimed.filter((id) => locked.has(id));
    const lockedPockets = await this.ledger.lockBalances(tx, claimed);
    // Each deposit with the split of the plan it was agreed on (plan/): never planned again here.
    const deposits = await depositsAsked(tx, claimed, today);
    const expected: ExpectedDeposit[] = deposits.map((deposit) => {
      const agreement = locked.get(Number(deposit.agreement_id))!;
      return {
        depositId: deposit.id,
        agreementId: Number(deposit.agreement_id),
        memberIds: agreement.member_ids.map(Number),
        dueDate: deposit.due_date as LocalDate,
        amount: parseMoney(String(deposit.expected_amount)),
        received: parseMoney(String(deposit.received_amount)),
        depositType: agreement.deposit_type,
        fromLinkedAccountId:
          agreement.deposit_type === DepositType.PeriodicalPayment ? agreement.periodical_payment_account_id : null,
      };
    });
    const banked = await this.coreBanking.depositArrivals(tx, expected, today);
    const postings: Posting[] = [];
    const missed: { deposit: ExpectedDeposit; short: Cents }[] = [];
    const owing = new Map<number, { dueDate: LocalDate; expected: Cents; received: Cents }[]>();
    for (const [i, deposit] of expected.entries()) {
      const status = deposits[i].status;
      const arriving = sub(banked[i], deposit.received);
      if (arriving > 0) {
        const late = arrivesLate(status, deposit.dueDate, today);
        postings.push(this.posting(deposit, arriving, storedShares(deposits[i], deposit.amount), late, today, now));
        result.received.push({
          agreementId: deposit.agreementId,
          depositId: deposit.depositId,
          amount: arriving,
          late,
        });
      }
      const received = arriving > 0 ? banked[i] : deposit.received;
      owing.set(deposit.agreementId, [
        ...(owing.get(deposit.agreementId) ?? []),
        { dueDate: deposit.dueDate, expected: deposit.amount, received },
      ]);
      const short = sub(deposit.amount, received);
      if (short > 0 && status === DepositStatus.Scheduled) missed.push({ deposit, short });
    }
    // The agreements as read under their lock above: the ledger's checks need nothing more of them.
    const agreements = new Map(
      moving.map((row) => [
        Number(row.id),
        {
          id: Number(row.id),
          previous_id: row.previous_id === null ? null : Number(row.previous_id),
          account_id: Number(row.account_id),
          member_ids: row.member_ids.map(Number),
        },
      ]),
    );
    await this.ledger.postMany(tx, postings, { lockedPockets, agreements });
    if (missed.length > 0) {
      // Missed on its date, in whole or in part (a part received is status 3, set by the ledger with its posting).
      await tx.execute(
        'update scheduled_deposit set status = ? where id = any(?::int[]) and status = ?',
        [DepositStatus.Missed, intArray(missed.map((m) => m.deposit.depositId)), DepositStatus.Scheduled],
        'run',
      );
    }
    for (const { deposit, short } of missed) {
      const agreement = locked.get(deposit.agreementId)!;
      const what = `Deposit of ${formatCurrency(deposit.amount)} due on ${formatDisplayDate(deposit.dueDate)}`;
      await writeActivity(tx, {
        type: ActivityType.MemberMissedDeposit,
        accountId: agreement.account_id,
        memberId: deposit.memberIds[0] ?? null,
        agreementId: deposit.agreementId,
        details:
          short === deposit.amount
            ? `${what} was not received`
            : `${what} was only partly received: ${formatCurrency(short)} was not received`,
        data: { depositId: deposit.depositId, amount: formatCurrency(short) },
        occurredAt: now,
      });
      await this.notifier.notifyEvent(tx, {
        agreementId: deposit.agreementId,
        event: 'missedDeposit',
        key: `deposit:${deposit.depositId}`,
        facts: { amount: short, date: deposit.dueDate },
      });
      result.missed.push({ agreementId: deposit.agreementId, depositId: deposit.depositId, amount: short });
    }
    // A deposit missed changes the deposits still to come and the arrears, also of an agreement already in arrears
    // (no status change, so nothing else announces it): its account is announced, so that its open screens and its
    // open deposit review follow (the review's rework, agreement/review/review-jobs.ts).
    const missedAccounts = new Set(missed.map((m) => Number(locked.get(m.deposit.agreementId)!.account_id)));
    if (missedAccounts.size > 0) {
      figuresChanged(tx, { accountIds: missedAccounts, reason: FiguresChangeReason.DepositsChanged });
    }
    const wentIntoArrears = new Set(missed.map((m) => m.deposit.agreementId));
    const moves = new Map<AgreementStatus, number[]>();
    for (const agreementId of claimed) {
      const agreement = locked.get(agreementId);
      if (!agreement) continue;
      const next = arrearsStatus(agreement.status, missedOwing(owing.get(agreementId) ?? [], today));
      if (next === agreement.status) continue;
      moves.set(next, [...(moves.get(next) ?? []), agreementId]);
      (wentIntoArrears.has(agreementId) ? result.intoArrears : result.arrearsCleared).push(agreementId);
    }
    for (const [status, ids] of moves) {
      await changeStatus(tx, {
        event: status === AgreementStatus.MissedDeposit ? AgreementEvent.MissDeposit : AgreementEvent.DepositsRecovered,
        by: 'job',
        agreementIds: ids,
        now,
        whenNotAllowed: 'skip',
      });
    }
  }

  private posting(
    deposit: ExpectedDeposit,
    amount: Cents,
    shares: DepositShares,
    late: boolean,
    today: LocalDate,
    now: Date,
  ): Posting {
    const fromLinked = deposit.fromLinkedAccountId;
    const { split, lines } = depositLines(amount, shares, fromLinked);
    const how = fromLinked ? 'from a linked savings account' : 'by payroll deduction';
    const part = amount < deposit.amount ? ` (part of ${formatCurrency(deposit.amount)})` : '';
    const due = formatDisplayDate(deposit.dueDate);
    const details = late
      ? `Missed deposit of ${formatCurrency(amount)}${part} due on ${due} received ${how}`
      : `Deposit of ${formatCurrency(amount)}${part} received ${how}`;
    return {
      type: LedgerTransactionType.Deposit,
      agreementId: deposit.agreementId,
      effectiveDate: today,
      description: details,
      lines,
      depositId: deposit.depositId,
      createdAt: now,
      activity: {
        type: late ? ActivityType.ExtraMemberDeposit : ActivityType.MemberDeposit,
        details,
        data: {
          depositId: deposit.depositId,
          allocation: formatCurrency(split.allocation),
          contingency: formatCurrency(split.contingency),
          rainyDay: formatCurrency(split.rainyDay),
        },
        occurredAt: now,
      },
    };
  }
}
