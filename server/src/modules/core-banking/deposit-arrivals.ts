import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray, runSql } from '../../database/bulk.js';
import { formatCurrency, parseMoney, sub, type Cents } from '../../common/money.js';
import { formatDisplayDate, type LocalDate } from '../../common/local-date.js';
import { ActivityType } from '../activity/activity-type.js';
import { writeActivity } from '../activity/activity-writer.js';
import { DepositStatus, DepositType } from '../agreement/agreement-codes.js';
import { loadBillers, type BillerFacts } from '../agreement/agreement-billers.js';
import { AGREEMENT_COLUMNS, agreementFactsOf, type AgreementRow } from '../agreement/agreement-facts.js';
import type { AgreementStatus } from '../agreement/agreement-status.js';
import { storedDepositPlanData } from '../agreement/stored-plan.js';
import { LedgerTransactionType } from '../ledger/ledger-transaction-type.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { Posting } from '../ledger/ledger.types.js';
import { allocation, contingency, external, linkedAccount, rainyDay, type LedgerLine } from '../ledger/ledger.types.js';
import { calculateDepositPlan } from '../planner/planner.calculations.js';
import type { EventNotifier } from '../notification/events.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  arrearsStatus,
  missedOwing,
  depositSharesOf,
  RUNNING_STATUSES,
  splitDeposit,
  type DepositShares,
} from './bank-day.rules.js';
import type { CoreBanking, ExpectedDeposit } from './core-banking.adapter.js';
import { forEachConcurrently } from './concurrently.js';

export interface DepositDayResult {
  received: { agreementId: number; depositId: number; amount: Cents; late: boolean }[];
  missed: { agreementId: number; depositId: number; amount: Cents }[];
  arrearsCleared: number[];
  intoArrears: number[];
}

interface DueDeposit {
  id: number;
  agreement_id: number;
  due_date: string;
  expected_amount: string;
  received_amount: string;
  status: number;
}

interface LockedAgreement {
  id: number;
  status: AgreementStatus;
  account_id: number;
  deposit_type: number | null;
  periodical_payment_account_id: number | null;
  member_ids: number[];
}

/**
 * Test-only fault hooks (the kill -9 test, tests/integration/bank-day-kill.test.ts): with NODE_ENV=test, a pause of
 * BANK_DAY_TEST_PAUSE_MS after each batch of agreements' deposits, and batches of BANK_DAY_TEST_BATCH agreements,
 * so that the process can be killed half-way through a day.
 */
const TEST_PAUSE_MS = process.env.NODE_ENV === 'test' ? Number(process.env.BANK_DAY_TEST_PAUSE_MS ?? 0) || 0 : 0;
const TEST_BATCH = process.env.NODE_ENV === 'test' ? Number(process.env.BANK_DAY_TEST_BATCH ?? 0) || 0 : 0;

/** Agreements whose deposits are posted in one transaction (their keys, locks, postings and activities). */
export const DEPOSIT_BATCH_SIZE = TEST_BATCH > 0 ? TEST_BATCH : 250;

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
    private readonly settings: SettingsService,
    private readonly coreBanking: CoreBanking,
    private readonly notifier: EventNotifier,
    private readonly concurrency = 1,
  ) {}

  async run(em: EntityManager, today: LocalDate, now: Date): Promise<DepositDayResult> {
    const result: DepositDayResult = { received: [], missed: [], arrearsCleared: [], intoArrears: [] };
    const agreements = await em.execute<{ agreement_id: number }[]>(
      `select distinct d.agreement_id from scheduled_deposit d join agreement g on g.id = d.agreement_id
       where d.due_date <= ? and d.status in (${DepositStatus.Scheduled}, ${DepositStatus.Missed},
         ${DepositStatus.PartlyReceived}) and g.status in (${RUNNING_STATUSES.join(', ')})
         and not exists (select 1 from bank_day_step k where k.step = 'deposits' and k.business_date = ?
                         and k.agreement_id = d.agreement_id)
       order by d.agreement_id`,
      [today, today],
    );
    const batches: number[][] = [];
    for (let i = 0; i < agreements.length; i += DEPOSIT_BATCH_SIZE) {
      batches.push(agreements.slice(i, i + DEPOSIT_BATCH_SIZE).map((row) => Number(row.agreement_id)));
    }
    await forEachConcurrently(batches, this.concurrency, async (batch) => {
      const shares = await this.sharesOf(em.fork(), batch);
      await em.fork().transactional((tx) => this.runBatch(tx, batch, shares, today, now, result));
      if (TEST_PAUSE_MS > 0) await new Promise((resolve) => setTimeout(resolve, TEST_PAUSE_MS));
    });
    if (result.missed.length > 0) this.notifier.wake();
    result.received.sort((a, b) => a.agreementId - b.agreementId || a.depositId - b.depositId);
    result.missed.sort((a, b) => a.agreementId - b.agreementId || a.depositId - b.depositId);
    result.arrearsCleared.sort((a, b) => a - b);
    result.intoArrears.sort((a, b) => a - b);
    return result;
  }

  /** Each agreement's plan as agreed (from its start, nothing held): how each deposit is shared. */
  private async sharesOf(em: EntityManager, agreementIds: readonly number[]): Promise<Map<number, DepositShares>> {
    const rows = await em.execute<AgreementRow[]>(
      `select ${AGREEMENT_COLUMNS} from agreement g left join overdraw_rule r on r.id = g.overdraw_rule_id
       where g.id = any(?::int[])`,
      [intArray(agreementIds)],
    );
    const [billers, settings] = await Promise.all([loadBillers(em, agreementIds), this.settings.serverSettings(em)]);
    const billersOf = new Map<number, BillerFacts[]>();
    for (const biller of billers) {
      billersOf.set(biller.agreementId, [...(billersOf.get(biller.agreementId) ?? []), biller]);
    }
    const shares = new Map<number, DepositShares>();
    for (const row of rows) {
      const facts = agreementFactsOf(row);
      if (!facts) continue;
      try {
        const plan = calculateDepositPlan(
          storedDepositPlanData(facts, billersOf.get(facts.id) ?? [], parseMoney('0')),
          facts.startDate,
          {
            approvedOverdraw: settings.contractApprovedOverDrawOfAmount,
            upperContractLimit: settings.businessUpperContractLimit,
            overdrawRuleDurationDays: settings.initialOverdrawRuleDays,
          },
        ).plan;
        shares.set(facts.id, depositSharesOf(plan.breakdown, facts.depositAmount));
      } catch {
        // Stored details the planner refuses: the whole deposit is allocation.
        shares.set(facts.id, depositSharesOf(null, facts.depositAmount));
      }
    }
    return shares;
  }

  private async runBatch(
    tx: EntityManager,
    batch: readonly number[],
    shares: Map<number, DepositShares>,
    today: LocalDate,
    now: Date,
    result: DepositDayResult,
  ): Promise<void> {
    const claimed = await claimSteps(tx, 'deposits', today, batch);
    if (claimed.length === 0) return;
    const lockedRows = await tx.execute<LockedAgreement[]>(
      `select g.id, g.status, g.account_id, g.deposit_type, g.periodical_payment_account_id,
         coalesce(array(select l.member_id from member_account_link l where l.account_id = g.account_id and l.is_active
                        order by l.is_primary desc, l.id), '{}') as member_ids
       from agreement g where g.id = any(?::int[]) order by g.id for update of g`,
      [intArray(claimed)],
    );
    const locked = new Map(lockedRows.map((row) => [Number(row.id), row]));
    await this.ledger.lockBalances(tx, claimed);
    const deposits = await tx.execute<DueDeposit[]>(
      `select id, agreement_id, due_date::text, expected_amount, received_amount, status from scheduled_deposit
       where agreement_id = any(?::int[]) and due_date <= ? and status in (0, 2, 3)
       order by agreement_id, due_date, id`,
      [intArray(claimed), today],
    );
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
        const late = status !== DepositStatus.Scheduled || deposit.dueDate < today;
        const agreementShares = shares.get(deposit.agreementId) ?? depositSharesOf(null, deposit.amount);
        postings.push(this.posting(deposit, arriving, agreementShares, late, today, now));
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
    await this.ledger.postMany(tx, postings);
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
        facts: { amount: short, date: deposit.dueDate },
      });
      result.missed.push({ agreementId: deposit.agreementId, depositId: deposit.depositId, amount: short });
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
      await tx.execute(
        'update agreement set status = ?, updated_at = ? where id = any(?::int[])',
        [status, now, intArray(ids)],
        'run',
      );
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
    const split = splitDeposit(amount, shares);
    const fromLinked = deposit.fromLinkedAccountId;
    const lines: LedgerLine[] = [
      { account: fromLinked ? linkedAccount(fromLinked) : external(), amount: sub(parseMoney('0'), amount) },
      { account: allocation(), amount: split.allocation },
      { account: contingency(), amount: split.contingency },
      { account: rainyDay(), amount: split.rainyDay },
    ].filter((line) => line.amount !== 0);
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
