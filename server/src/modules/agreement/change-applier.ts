import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors.js';
import type { EventBus } from '../../graphql/event-bus.js';
import { ActivityType } from '../activity/activity-type.js';
import { writeActivity } from '../activity/activity-writer.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { AgreementStatus } from './agreement-status.js';
import { publishQueuedChange, queuedChangeStatus } from './queued-change.events.js';
import { QueuedChangeStage, type QueuedChangeStatus } from './queued-change.types.js';
import { rescheduleModification } from './modification-schedule.js';
import { materializeSchedule } from './schedule-materializer.js';
import { payTopupNow, TopupNowRefused, type TopupNowPaid } from './topup-now.js';
import type { CoreBanking } from '../core-banking/core-banking.adapter.js';
import { CoreBankingSimulator } from '../core-banking/core-banking.simulator.js';
import { carryOverToNewVersion } from './version-carry-over.js';
import { dateOf } from '../../database/row-values.js';
import { LifecycleAction, transition } from './lifecycle/lifecycle.rules.js';
import { MODIFIABLE_STATUSES } from './version-copy.js';
import type { EventNotifier } from '../notification/events.js';

const GENERIC_FAILURE = 'The change could not be applied. Please contact support.';

interface VersionRow {
  id: number;
  account_id: number;
  status: AgreementStatus;
  previous_id: number | null;
}

/** An expected reason a change cannot be applied: its message is shown to the member. */
class ChangeFailure extends DomainError {
  constructor(message: string) {
    super('CHANGE_FAILED', message);
  }
}

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
    private readonly events: EventBus,
    private readonly ledger = new LedgerService(),
    private readonly coreBanking: CoreBanking = new CoreBankingSimulator(),
    /** Tells the members that their agreement changed (spec 3 §9), in the applying transaction. */
    private readonly notifier?: EventNotifier,
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
    const claimed = await this.claim(em, agreementId);
    if (!claimed) return this.statusOf(em, agreementId);
    const accountId = claimed.account_id;
    publishQueuedChange(this.events, queuedChangeStatus(accountId, QueuedChangeStage.APPLYING, agreementId));
    let message: string;
    try {
      const applied = await em.fork().transactional((tx) => this.apply(tx, agreementId));
      if (!applied) return this.statusOf(em, agreementId); // applied meanwhile by another run
      const status = queuedChangeStatus(accountId, QueuedChangeStage.APPLIED, agreementId);
      publishQueuedChange(this.events, status);
      return status;
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
    const status = queuedChangeStatus(accountId, QueuedChangeStage.FAILED, agreementId, message);
    publishQueuedChange(this.events, status);
    return status;
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
  private async claim(em: EntityManager, agreementId: number): Promise<VersionRow | null> {
    const rows = await em.execute<VersionRow[]>(
      `update agreement set status = ?, updated_at = now() where id = ? and status in (?, ?)
       returning id, account_id, status, previous_id`,
      [AgreementStatus.InProgress, agreementId, AgreementStatus.Queued, AgreementStatus.InProgress],
    );
    return rows[0] ?? null;
  }

  /** The change in one transaction; false when another run applied (or failed) it first. */
  private async apply(tx: EntityManager, agreementId: number): Promise<boolean> {
    const [version] = await tx.execute<VersionRow[]>(
      'select id, account_id, status, previous_id from agreement where id = ? for update',
      [agreementId],
    );
    if (!version) throw new ChangeFailure('The change is no longer waiting to be applied.');
    if (version.status !== AgreementStatus.InProgress) return false;
    if (version.previous_id === null) return this.applyNew(tx, version);
    const [previous] = await tx.execute<VersionRow[]>(
      'select id, account_id, status, previous_id from agreement where id = ? for update',
      [version.previous_id],
    );
    if (!previous || previous.account_id !== version.account_id || !MODIFIABLE_STATUSES.includes(previous.status)) {
      throw new ChangeFailure('The agreement it changes is no longer current.');
    }

    const today = this.clock.today();
    const carried = await carryOverToNewVersion(tx, this.ledger, previous.id, version.id, today);
    // Its added, changed and removed billers' bills and its deposit plan (modification-schedule.ts).
    const schedule = await rescheduleModification(tx, version.id, previous.id, today);
    const topup = await this.topupNow(tx, version.id);
    const newStatus = previous.status; // 7, or 4 / 8 kept: a modification does not lift arrears or a lock
    await tx.execute(
      'update agreement set status = ?, activated_at = now(), updated_at = now() where id = ?',
      [newStatus, version.id],
      'run',
    );
    await tx.execute(
      'update agreement set status = ?, updated_at = now() where id = ?',
      [AgreementStatus.Renewed, previous.id],
      'run',
    );
    await tx.execute('update agreement_change set applied_at = now() where agreement_id = ? and applied_at is null', [
      version.id,
    ]);
    const memberId = await accountHolder(tx, version.account_id);
    await writeActivity(tx, {
      type: ActivityType.AgreementModificationApplied,
      accountId: version.account_id,
      memberId,
      agreementId: version.id,
      details: 'Agreement modification applied',
      occurredAt: this.clock.now(),
      data: {
        ContractId: version.id,
        previousContractId: previous.id,
        billsMoved: carried.billsMoved,
        depositsMoved: carried.depositsMoved,
        ...schedule,
        topupNowTransactionId: topup?.transactionId ?? null,
      },
    });
    await this.notifier?.notifyEvent(tx, { agreementId: version.id, event: 'agreementChanged' });
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
    const result = transition(LifecycleAction.ApplyNew, version.status, {
      startsLater: dateOf(row.start_date) > this.clock.today(),
    });
    if ('refusal' in result) throw new ChangeFailure(result.refusal.message);
    // Its bills and scheduled deposits, so that the bank's day pays and collects for it from now on.
    const schedule = await materializeSchedule(tx, version.id);
    // The deposits step's TopupNow, from the member's linked account into the agreement's rainy day.
    const topup = await this.topupNow(tx, version.id);
    await tx.execute(
      'update agreement set status = ?, activated_at = coalesce(activated_at, now()), updated_at = now() where id = ?',
      [result.to, version.id],
      'run',
    );
    await tx.execute('update agreement_change set applied_at = now() where agreement_id = ? and applied_at is null', [
      version.id,
    ]);
    const memberId = await accountHolder(tx, version.account_id);
    await writeActivity(tx, {
      type: ActivityType.AgreementActivated,
      accountId: version.account_id,
      memberId,
      agreementId: version.id,
      details:
        result.to === AgreementStatus.Active
          ? 'Agreement activated'
          : `Agreement approved; it starts on ${dateOf(row.start_date)}`,
      occurredAt: this.clock.now(),
      data: {
        ContractId: version.id,
        status: result.to,
        billsScheduled: schedule.bills,
        depositsScheduled: schedule.deposits,
        topupNowTransactionId: topup?.transactionId ?? null,
      },
    });
    return true;
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

  private async markFailed(em: EntityManager, agreementId: number, message: string): Promise<void> {
    await em.transactional(async (tx) => {
      await tx.execute(
        'update agreement set status = ?, cancelled_at = now(), updated_at = now() where id = ? and status in (?, ?)',
        [AgreementStatus.Cancelled, agreementId, AgreementStatus.Queued, AgreementStatus.InProgress],
        'run',
      );
      await tx.execute(
        'update agreement_change set failed_at = now(), failure_message = ? where agreement_id = ? and applied_at is null',
        [message, agreementId],
        'run',
      );
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

/** The member an account's agreement activity is recorded for: its primary active member, else its first. */
async function accountHolder(tx: EntityManager, accountId: number): Promise<number | null> {
  const rows = await tx.execute<{ member_id: number }[]>(
    `select member_id from member_account_link where account_id = ? and is_active
     order by is_primary desc, id limit 1`,
    [accountId],
  );
  return rows[0]?.member_id ?? null;
}
