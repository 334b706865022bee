import type { EntityManager } from '@mikro-orm/postgresql';
import { formatCurrency, parseMoney, sub, type Cents } from '../../common/money.js';
import { formatDisplayDate, type LocalDate } from '../../common/local-date.js';
import { ActivityType } from '../activity/activity-type.js';
import { writeActivity } from '../activity/activity-writer.js';
import { DepositStatus, DepositType } from '../agreement/agreement-codes.js';
import { loadBillers } from '../agreement/agreement-billers.js';
import { loadAgreementFacts } from '../agreement/agreement-facts.js';
import type { AgreementStatus } from '../agreement/agreement-status.js';
import { storedDepositPlanData } from '../agreement/stored-plan.js';
import { LedgerTransactionType } from '../ledger/ledger-transaction-type.js';
import type { LedgerService } from '../ledger/ledger.service.js';
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
import type { CoreBanking } from './core-banking.adapter.js';
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
  status: AgreementStatus;
  account_id: number;
  deposit_type: number | null;
  periodical_payment_account_id: number | null;
  member_ids: number[];
}

/** A step of the bank's day for one agreement, once: false when the key was already there (done before). */
/**
 * Test-only fault hook (the kill -9 test, tests/integration/bank-day-kill.test.ts): with NODE_ENV=test, a pause of
 * BANK_DAY_TEST_PAUSE_MS after each agreement's deposits, so that the process can be killed half-way through a day.
 */
const TEST_PAUSE_MS = process.env.NODE_ENV === 'test' ? Number(process.env.BANK_DAY_TEST_PAUSE_MS ?? 0) || 0 : 0;

export async function claimStep(
  tx: EntityManager,
  step: string,
  date: LocalDate,
  agreementId: number,
): Promise<boolean> {
  const rows = await tx.execute<{ agreement_id: number }[]>(
    `insert into bank_day_step (step, business_date, agreement_id) values (?, ?, ?)
     on conflict do nothing returning agreement_id`,
    [step, date, agreementId],
  );
  return rows.length > 0;
}

/**
 * Deposits arriving (DOMAIN "Deposits", "Arrears and locks"): each scheduled deposit due by today is asked of core
 * banking; one that arrived is posted to the agreement's pockets as its plan shares it (activity 2, or 20 for a
 * missed deposit arriving late); one that did not is marked missed (activity 14) and puts the agreement in arrears
 * (4) until every missed deposit has arrived, then it is active (7) again.
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
       order by d.agreement_id`,
      [today],
    );
    await forEachConcurrently(agreements, this.concurrency, async ({ agreement_id: agreementId }) => {
      const shares = await this.sharesOf(em.fork(), agreementId);
      await em.fork().transactional((tx) => this.runAgreement(tx, agreementId, shares, today, now, result));
      if (TEST_PAUSE_MS > 0) await new Promise((resolve) => setTimeout(resolve, TEST_PAUSE_MS));
    });
    if (result.missed.length > 0) this.notifier.wake();
    result.received.sort((a, b) => a.agreementId - b.agreementId || a.depositId - b.depositId);
    result.missed.sort((a, b) => a.agreementId - b.agreementId || a.depositId - b.depositId);
    return result;
  }

  /** The agreement's plan as agreed (from its start, nothing held): how each deposit is shared. */
  private async sharesOf(em: EntityManager, agreementId: number): Promise<DepositShares> {
    const facts = await loadAgreementFacts(em, agreementId);
    if (!facts) throw new Error(`Agreement ${agreementId} not found`);
    try {
      const [billers, settings] = await Promise.all([loadBillers(em, [agreementId]), this.settings.serverSettings(em)]);
      const plan = calculateDepositPlan(storedDepositPlanData(facts, billers, parseMoney('0')), facts.startDate, {
        approvedOverdraw: settings.contractApprovedOverDrawOfAmount,
        upperContractLimit: settings.businessUpperContractLimit,
        overdrawRuleDurationDays: settings.initialOverdrawRuleDays,
      }).plan;
      return depositSharesOf(plan.breakdown, facts.depositAmount);
    } catch {
      // Stored details the planner refuses: the whole deposit is allocation.
      return depositSharesOf(null, facts.depositAmount);
    }
  }

  private async runAgreement(
    tx: EntityManager,
    agreementId: number,
    shares: DepositShares,
    today: LocalDate,
    now: Date,
    result: DepositDayResult,
  ): Promise<void> {
    if (!(await claimStep(tx, 'deposits', today, agreementId))) return;
    const [agreement] = await tx.execute<LockedAgreement[]>(
      `select g.status, g.account_id, g.deposit_type, g.periodical_payment_account_id,
         coalesce(array(select l.member_id from member_account_link l where l.account_id = g.account_id and l.is_active
                        order by l.is_primary desc, l.id), '{}') as member_ids
       from agreement g where g.id = ? for update of g`,
      [agreementId],
    );
    await this.ledger.lockBalances(tx, [agreementId]);
    const deposits = await tx.execute<DueDeposit[]>(
      `select id, agreement_id, due_date::text, expected_amount, received_amount, status from scheduled_deposit
       where agreement_id = ? and due_date <= ? and status in (0, 2, 3) order by due_date, id`,
      [agreementId, today],
    );
    const memberIds = agreement.member_ids.map(Number);
    const fromLinked =
      agreement.deposit_type === DepositType.PeriodicalPayment ? agreement.periodical_payment_account_id : null;
    const owing: { dueDate: LocalDate; expected: Cents; received: Cents }[] = [];
    let wentIntoArrears = false;
    for (const deposit of deposits) {
      const expected = parseMoney(String(deposit.expected_amount));
      const recorded = parseMoney(String(deposit.received_amount));
      const dueDate = deposit.due_date as LocalDate;
      const banked = await this.coreBanking.depositArrival(
        tx,
        {
          depositId: deposit.id,
          agreementId,
          memberIds,
          dueDate,
          amount: expected,
          received: recorded,
          depositType: agreement.deposit_type,
          fromLinkedAccountId: fromLinked,
        },
        today,
      );
      const arriving = sub(banked, recorded);
      if (arriving > 0) {
        const late = deposit.status !== DepositStatus.Scheduled || dueDate < today;
        await this.post(tx, agreementId, deposit.id, arriving, expected, shares, fromLinked, late, dueDate, today, now);
        result.received.push({ agreementId, depositId: deposit.id, amount: arriving, late });
      }
      const received = arriving > 0 ? banked : recorded;
      owing.push({ dueDate, expected, received });
      const short = sub(expected, received);
      if (short <= 0 || deposit.status !== DepositStatus.Scheduled) continue;
      // Missed on its date, in whole or in part (a part received is status 3, set by the ledger with its posting).
      await tx.execute(
        'update scheduled_deposit set status = ? where id = ? and status = ?',
        [DepositStatus.Missed, deposit.id, DepositStatus.Scheduled],
        'run',
      );
      const details =
        short === expected
          ? `Deposit of ${formatCurrency(expected)} due on ${formatDisplayDate(dueDate)} was not received`
          : `Deposit of ${formatCurrency(expected)} due on ${formatDisplayDate(dueDate)} was only partly received: ` +
            `${formatCurrency(short)} was not received`;
      await writeActivity(tx, {
        type: ActivityType.MemberMissedDeposit,
        accountId: agreement.account_id,
        memberId: memberIds[0] ?? null,
        agreementId,
        details,
        data: { depositId: deposit.id, amount: formatCurrency(short) },
        occurredAt: now,
      });
      await this.notifier.notifyEvent(tx, {
        agreementId,
        event: 'missedDeposit',
        facts: { amount: short, date: dueDate },
      });
      result.missed.push({ agreementId, depositId: deposit.id, amount: short });
      wentIntoArrears = true;
    }
    const next = arrearsStatus(agreement.status, missedOwing(owing, today));
    if (next !== agreement.status) {
      await tx.execute('update agreement set status = ?, updated_at = ? where id = ?', [next, now, agreementId], 'run');
      (wentIntoArrears ? result.intoArrears : result.arrearsCleared).push(agreementId);
    }
  }

  private async post(
    tx: EntityManager,
    agreementId: number,
    depositId: number,
    amount: Cents,
    expected: Cents,
    shares: DepositShares,
    fromLinked: number | null,
    late: boolean,
    dueDate: LocalDate,
    today: LocalDate,
    now: Date,
  ): Promise<void> {
    const split = splitDeposit(amount, shares);
    const lines: LedgerLine[] = [
      { account: fromLinked ? linkedAccount(fromLinked) : external(), amount: sub(parseMoney('0'), amount) },
      { account: allocation(), amount: split.allocation },
      { account: contingency(), amount: split.contingency },
      { account: rainyDay(), amount: split.rainyDay },
    ].filter((line) => line.amount !== 0);
    const how = fromLinked ? 'from a linked savings account' : 'by payroll deduction';
    const part = amount < expected ? ` (part of ${formatCurrency(expected)})` : '';
    const details = late
      ? `Missed deposit of ${formatCurrency(amount)}${part} due on ${formatDisplayDate(dueDate)} received ${how}`
      : `Deposit of ${formatCurrency(amount)}${part} received ${how}`;
    await this.ledger.post(tx, {
      type: LedgerTransactionType.Deposit,
      agreementId,
      effectiveDate: today,
      description: details,
      lines,
      depositId,
      createdAt: now,
      activity: {
        type: late ? ActivityType.ExtraMemberDeposit : ActivityType.MemberDeposit,
        details,
        data: {
          depositId,
          allocation: formatCurrency(split.allocation),
          contingency: formatCurrency(split.contingency),
          rainyDay: formatCurrency(split.rainyDay),
        },
        occurredAt: now,
      },
    });
  }
}
