import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../shared/clock.js';
import { formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { DomainError } from '../../shared/errors.js';
import type { LedgerService } from '../ledger/index.js';
import { AgreementStatus } from './agreement-status.js';
import { queuedChangeStatus } from './queued-change.events.js';
import { QueuedChangeStage, type QueuedChangeStatus } from './queued-change.types.js';
import { rescheduleModification } from './modification-schedule.js';
import { materializeRenewal, materializeSchedule } from './schedule-materializer.js';
import { isRenewalOf } from './lifecycle/lifecycle.rules.js';
import { payTopupNow, TopupNowRefused, type TopupNowPaid } from './topup-now.js';
import type { CoreBanking } from '../core-banking/index.js';
import { carryOverToNewVersion } from './version-carry-over.js';
import { carryChoiceToModification, payOutAtTakeOver } from './term-end/term-end-payout.js';
import { toDecimalString } from '../../shared/money.js';
import { dateOf } from '../../database/row-values.js';
import { changeStatus } from './state/status-writer.js';
import { AgreementEvent } from './state/transitions.rules.js';
import { MODIFIABLE_STATUSES } from './version-copy.js';
import type { BankDayDeposits } from './deposits/deposits.service.js';
import { bankFirstDepositDay } from './plan/plan-schedule.rules.js';

const GENERIC_FAILURE = 'The change could not be applied. Please contact support.';

interface VersionRow {
  id: number;
  account_id: number;
  status: AgreementStatus;
  previous_id: number | null;
}

/**
 * What applying needs of the bank's day (core-banking, given at construction: it imports this module). Besides
 * `depositsTakenOn`: `autopayAfterStep` sends, in the applying transaction, the automatic payments of the agreement's
 * bills due by `date` when that day's automatic payments step has begun (it would not see them), through the step's
 * own payment path and keys; answers whether it sent them.
 */
export interface BankDayOfApplied extends BankDayDeposits {
  autopayAfterStep(tx: EntityManager, agreementId: number, date: LocalDate): Promise<boolean>;
}

/** An expected reason a change cannot be applied: its message is shown to the member. */
class ChangeFailure extends DomainError {
  constructor(message: string) {
    super('CHANGE_FAILED', message);
  }
}

/** Ends a preview's transaction (rolled back: nothing of it is kept). */
class PreviewDone extends Error {}

/**
 * Moves queued agreement changes through their stages: 2 (queued) → 3 (applying) → applied. A new agreement (no
 * previous version) becomes active (7), or approved (1) until its start date. A modification or renewal is applied
 * when the new version becomes the account's current agreement (7, or still 4 / 8 when the old one was in arrears
 * or locked: a change does not lift those) and the old one is superseded (10). Each stage is its own transaction with row locks and
 * is published after its commit. A failure cancels the new version (6), keeps the old one, and publishes FAILED.
 * Run by the `agreement-change-apply` job (change-jobs.ts); safe to run twice for one version (at-least-once
 * delivery): the second run finds it applied and changes nothing.
 */
export class ChangeApplier {
  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly ledger: LedgerService,
    private readonly coreBanking: CoreBanking,
    /**
     * Core banking's record of today's steps: whether the deposits step ran (a deposit of today written by applying is
     * then tomorrow's, onBankDays), and the automatic payments of an agreement applied after that step ran.
     */
    private readonly bankDay: BankDayOfApplied | null = null,
  ) {}

  /**
   * Applies one queued version now; answers the stage it ended in (as it is when it was already applied). An
   * unexpected error (the database gone, a bug) is thrown so that the job is tried again, except on the
   * `lastAttempt`, which records it as FAILED with a generic message instead.
   */
  async applyQueued(
    em: EntityManager,
    agreementId: number,
    { lastAttempt = true }: { lastAttempt?: boolean } = {},
  ): Promise<QueuedChangeStatus> {
    const claimed = await this.claim(em, agreementId, AgreementEvent.BeginApply);
    if (!claimed) return this.statusOf(em, agreementId);
    return this.run(em, claimed, lastAttempt);
  }

  /**
   * The bank day's first step on `today` (issue 26 item 1): every renewal approved and waiting (1) whose first day has
   * come takes over from the version in force, exactly once (the claim 1 → 3 is the status writer's conditional
   * update: a re-run, a retried job or a second instance finds nothing to claim). Answers the renewals that took over.
   */
  async takeOverRenewals(em: EntityManager, today: LocalDate): Promise<number[]> {
    const due = await em.execute<{ id: number }[]>(
      `select id from agreement where status = ? and previous_id is not null and start_date <= ?::date order by id`,
      [AgreementStatus.Approved, today],
    );
    const taken: number[] = [];
    for (const { id } of due) {
      const claimed = await this.claim(em, Number(id), AgreementEvent.TakeOver);
      if (!claimed) continue;
      const status = await this.run(em, claimed, true);
      if (status.stage === QueuedChangeStage.APPLIED) taken.push(Number(id));
    }
    return taken;
  }

  /** Applies a claimed version (3) in one transaction; a failure is recorded as FAILED (or thrown to be retried). */
  private async run(em: EntityManager, claimed: VersionRow, lastAttempt: boolean): Promise<QueuedChangeStatus> {
    const agreementId = claimed.id;
    // The status writer announces each stage (APPLYING, APPLIED, FAILED) after its commit.
    const accountId = claimed.account_id;
    let message: string;
    try {
      const applied = await em.fork().transactional((tx) => this.apply(tx, agreementId));
      if (!applied) return this.statusOf(em, agreementId); // applied meanwhile by another run
      return queuedChangeStatus(accountId, QueuedChangeStage.APPLIED, agreementId);
    } catch (error) {
      if (error instanceof ChangeFailure) {
        message = error.message;
      } else {
        this.logger.error({ err: error, agreementId, lastAttempt }, 'change applier failed');
        if (!lastAttempt) throw error; // stays APPLYING (3) until the retry
        message = GENERIC_FAILURE;
      }
    }
    await this.markFailed(em.fork(), agreementId, message);
    return queuedChangeStatus(accountId, QueuedChangeStage.FAILED, agreementId, message);
  }

  /**
   * What applying the change `agreementId` (a modification waiting for the member) would make of it, read by `read`
   * inside a transaction that is then rolled back: the same carry-over, schedule and top-up as `apply`, so that the
   * member's review shows the forecast of exactly what approving applies; nothing is kept and nothing announced.
   * Null for a version that changes no other (a new agreement: its planned schedule is its forecast).
   */
  async preview<T>(em: EntityManager, agreementId: number, read: (tx: EntityManager) => Promise<T>): Promise<T | null> {
    const outcome: { value: T | null } = { value: null };
    try {
      await em.fork().transactional(async (tx) => {
        const [version] = await tx.execute<VersionRow[]>(
          'select id, account_id, status, previous_id from agreement where id = ?',
          [agreementId],
        );
        if (!version || version.previous_id === null) throw new PreviewDone();
        const today = this.clock.today();
        await carryOverToNewVersion(tx, this.ledger, version.previous_id, version.id, today);
        const firstBankDay = await this.firstBankDay(tx, today);
        await rescheduleModification(tx, version.id, version.previous_id, today, this.clock.now(), firstBankDay);
        try {
          await this.topupNow(tx, version.id);
        } catch (error) {
          if (!(error instanceof ChangeFailure)) throw error; // applying would fail: the forecast goes without it
        }
        outcome.value = await read(tx);
        throw new PreviewDone();
      });
    } catch (error) {
      if (!(error instanceof PreviewDone)) throw error;
    }
    return outcome.value;
  }

  /** The versions waiting to be applied (2) or left half-way (3): what the sweep makes sure has a job. */
  async waitingVersions(em: EntityManager): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>('select id from agreement where status in (?, ?) order by id', [
      AgreementStatus.Queued,
      AgreementStatus.InProgress,
    ]);
    return rows.map((row) => row.id);
  }

  /**
   * 2 → 3, or a 3 taken over: the version's job is its only runner (a 3 is left by a run that failed or died,
   * which the job queue retries), and a second run racing it is stopped by the row lock in `apply`.
   */
  private async claim(
    em: EntityManager,
    agreementId: number,
    event: AgreementEvent.BeginApply | AgreementEvent.TakeOver,
  ): Promise<VersionRow | null> {
    const [claimed] = await em.fork().transactional((tx) =>
      changeStatus(tx, {
        event,
        by: 'job',
        agreementIds: [agreementId],
        now: this.clock.now(),
        // The version it changes: whether it still stands in front of the change on the screens (status-seen.rules.ts).
        facts: async (tx, row) => ({ isChange: true, replacedStatus: await statusOfVersion(tx, row.previous_id) }),
        whenNotAllowed: 'skip',
      }),
    );
    if (!claimed) return null;
    return {
      id: claimed.agreementId,
      account_id: claimed.accountId,
      status: claimed.to,
      previous_id: claimed.previousId,
    };
  }

  /** The change in one transaction; false when another run applied (or failed) it first. */
  private async apply(tx: EntityManager, agreementId: number): Promise<boolean> {
    const [version] = await tx.execute<(VersionRow & { start_date: string })[]>(
      'select id, account_id, status, previous_id, start_date::text as start_date from agreement where id = ? for update',
      [agreementId],
    );
    if (!version) throw new ChangeFailure('The change is no longer waiting to be applied.');
    if (version.status !== AgreementStatus.InProgress) return false;
    if (version.previous_id === null) return this.applyNew(tx, version);
    const [previous] = await tx.execute<(VersionRow & { end_date: string })[]>(
      'select id, account_id, status, previous_id, end_date::text as end_date from agreement where id = ? for update',
      [version.previous_id],
    );
    const today = this.clock.today();
    const startDate = dateOf(version.start_date);
    const renewal = previous !== undefined && isRenewalOf({ startDate }, { endDate: dateOf(previous.end_date) });
    // A renewal approved before its first day waits (1) while the version in force runs to its end; the bank day
    // on its first day makes it take over (takeOverRenewals). Nothing moves now.
    if (renewal && startDate > today) return this.awaitTakeOver(tx, version, startDate);
    // A renewal whose version in force has just expired (its end date passed) still takes over from it.
    const running = previous !== undefined && MODIFIABLE_STATUSES.includes(previous.status);
    const expiredRenewed = renewal && previous?.status === AgreementStatus.Expired;
    if (!previous || previous.account_id !== version.account_id || !(running || expiredRenewed)) {
      throw new ChangeFailure('The agreement it changes is no longer current.');
    }

    // A renewal: the term-end choice first (a surplus refunded or moved to savings leaves nothing to carry over).
    const termEnd = renewal
      ? await payOutAtTakeOver(tx, this.ledger, {
          agreementId: previous.id,
          renewalId: version.id,
          today,
          now: this.clock.now(),
        })
      : null;
    const carried = await carryOverToNewVersion(tx, this.ledger, previous.id, version.id, today);
    // A modification keeps the member's term-end choice: the new version is the one its renewal replaces.
    const choiceCarried = renewal ? false : await carryChoiceToModification(tx, previous.id, version.id);
    // A renewal's own period: its bills and deposits from its first day, its plan holding what was carried over.
    // A modification: its added, changed and removed billers' bills and its deposit plan (modification-schedule.ts).
    const schedule = renewal
      ? await materializeRenewal(tx, version.id, previous.id, today)
      : await rescheduleModification(
          tx,
          version.id,
          previous.id,
          today,
          this.clock.now(),
          await this.firstBankDay(tx, today),
        );
    const topup = await this.topupNow(tx, version.id);
    // Its bills due today are paid today, by the day's step or (it has begun) by their own job.
    const autopaySent = await this.autopayAfterStep(tx, version.id, today);
    const now = this.clock.now();
    // The replaced version first (it leaves the running statuses), then the change takes its status: 7, or 4 / 8
    // kept (a modification does not lift arrears or a lock).
    if (running)
      await changeStatus(tx, { event: AgreementEvent.Supersede, by: 'job', agreementIds: [previous.id], now });
    await changeStatus(tx, {
      event: AgreementEvent.ApplyChange,
      by: 'job',
      agreementIds: [version.id],
      now,
      facts: { replacedStatus: running ? previous.status : AgreementStatus.Active },
      set: { activated_at: now },
      activity: () => ({
        details: renewal ? 'Agreement renewal took over' : 'Agreement modification applied',
        data: {
          previousContractId: previous.id,
          billsMoved: carried.billsMoved,
          depositsMoved: carried.depositsMoved,
          ...schedule,
          topupNowTransactionId: topup?.transactionId ?? null,
          ...(autopaySent ? { autopayAfterStep: today } : {}),
          ...(termEnd ? { termEnd: { ...termEnd, amount: toDecimalString(termEnd.amount) } } : {}),
          ...(choiceCarried ? { termEndChoiceCarried: true } : {}),
        },
      }),
    });
    await tx.execute('update agreement_change set applied_at = now() where agreement_id = ? and applied_at is null', [
      version.id,
    ]);
    return true;
  }

  /** A renewal approved before its first day: approved (1), waiting for the version in force to end. */
  private async awaitTakeOver(tx: EntityManager, version: VersionRow, startDate: LocalDate): Promise<boolean> {
    const [waiting] = await changeStatus(tx, {
      event: AgreementEvent.AwaitTakeOver,
      by: 'job',
      agreementIds: [version.id],
      now: this.clock.now(),
      facts: { isChange: true },
      activity: () => ({
        details: `Agreement renewal approved; it takes over on ${formatDisplayDate(startDate)}`,
        data: { status: AgreementStatus.Approved, startDate },
      }),
    });
    if (!waiting) throw new ChangeFailure('The change is no longer waiting to be applied.');
    return true;
  }

  /**
   * A new agreement (no previous version) approved by the member: active (7) from its start date, or approved (1)
   * until then (the bank day starts it, `lifecycle/start-approved.ts`). Activity 15.
   */
  private async applyNew(tx: EntityManager, version: VersionRow): Promise<boolean> {
    const [row] = await tx.execute<{ start_date: string }[]>(
      'select start_date::text as start_date from agreement where id = ?',
      [version.id],
    );
    const today = this.clock.today();
    const startsLater = dateOf(row.start_date) > today;
    // Its bills and scheduled deposits, so that the bank's day pays and collects for it from now on: a first deposit
    // dated today once today's deposits step ran is tomorrow's (never asked for today, it would read as missed).
    const schedule = await materializeSchedule(tx, version.id, await this.firstBankDay(tx, today));
    // The deposits step's TopupNow, from the member's linked account into the agreement's rainy day.
    const topup = await this.topupNow(tx, version.id);
    // Its bills due today are paid today (it starts today): by the day's step, or by their own job once it has begun.
    const autopaySent = startsLater ? false : await this.autopayAfterStep(tx, version.id, today);
    const now = this.clock.now();
    const [applied] = await changeStatus(tx, {
      event: AgreementEvent.ApplyNew,
      by: 'job',
      agreementIds: [version.id],
      now,
      facts: { startsLater },
      set: { activated_at: { first: now } },
      activity: () => ({
        details: startsLater ? `Agreement approved; it starts on ${dateOf(row.start_date)}` : 'Agreement activated',
        data: {
          status: startsLater ? AgreementStatus.Approved : AgreementStatus.Active,
          billsScheduled: schedule.bills,
          depositsScheduled: schedule.deposits,
          topupNowTransactionId: topup?.transactionId ?? null,
          ...(autopaySent ? { autopayAfterStep: today } : {}),
        },
      }),
    });
    if (!applied) throw new ChangeFailure('The change is no longer waiting to be applied.');
    await tx.execute('update agreement_change set applied_at = now() where agreement_id = ? and applied_at is null', [
      version.id,
    ]);
    return true;
  }

  /**
   * The bank's first day for a deposit written now (`bankFirstDepositDay`): today, or tomorrow once today's deposits
   * step ran (core-banking's record of the day): a deposit of today written after it would be asked for only the
   * next day, as a missed one.
   */
  private async firstBankDay(tx: EntityManager, today: LocalDate): Promise<LocalDate> {
    return bankFirstDepositDay(today, (await this.bankDay?.depositsTakenOn(tx, today)) === true);
  }

  /**
   * The automatic payments of the version's bills due by today when today's automatic payments step has begun (it
   * would not see them): sent with this transaction through core banking (`BankDayOfApplied#autopayAfterStep`).
   */
  private async autopayAfterStep(tx: EntityManager, agreementId: number, today: LocalDate): Promise<boolean> {
    return (await this.bankDay?.autopayAfterStep(tx, agreementId, today)) === true;
  }

  /** Pays the version's TopupNow (topup-now.ts); a refusal fails the change with its message. */
  private async topupNow(tx: EntityManager, agreementId: number): Promise<TopupNowPaid | null> {
    try {
      return await payTopupNow(tx, this.ledger, this.coreBanking, agreementId, {
        today: this.clock.today(),
        now: this.clock.now(),
      });
    } catch (error) {
      if (error instanceof TopupNowRefused) throw new ChangeFailure(error.message);
      throw error;
    }
  }

  private async markFailed(em: EntityManager, agreementId: number, message: string): Promise<boolean> {
    return em.transactional(async (tx) => {
      const failed = await changeStatus(tx, {
        event: AgreementEvent.ApplyFailed,
        by: 'job',
        agreementIds: [agreementId],
        now: this.clock.now(),
        set: { cancelled_at: this.clock.now() },
        whenNotAllowed: 'skip',
        failure: message,
      });
      await tx.execute(
        'update agreement_change set failed_at = now(), failure_message = ? where agreement_id = ? and applied_at is null',
        [message, agreementId],
        'run',
      );
      return failed.length > 0;
    });
  }

  private async statusOf(em: EntityManager, agreementId: number): Promise<QueuedChangeStatus> {
    const [row] = await em.execute<VersionRow[]>(
      'select id, account_id, status, previous_id from agreement where id = ?',
      [agreementId],
    );
    if (!row) throw new ChangeFailure('No such agreement.');
    const stage =
      row.status === AgreementStatus.Queued
        ? QueuedChangeStage.QUEUED
        : row.status === AgreementStatus.InProgress
          ? QueuedChangeStage.APPLYING
          : row.status === AgreementStatus.Cancelled
            ? QueuedChangeStage.FAILED
            : QueuedChangeStage.APPLIED;
    return queuedChangeStatus(row.account_id, stage, row.id);
  }
}

async function statusOfVersion(tx: EntityManager, id: number | null): Promise<AgreementStatus | undefined> {
  if (id === null) return undefined;
  const [row] = await tx.execute<{ status: number }[]>('select status from agreement where id = ?', [id]);
  return row ? (Number(row.status) as AgreementStatus) : undefined;
}
