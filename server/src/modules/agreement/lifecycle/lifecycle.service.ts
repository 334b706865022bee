import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, NO_ACCESS, requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import { isStaff } from '../../../common/auth/roles.js';
import type { Clock } from '../../../common/clock.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../../common/errors.js';
import { freeText } from '../../../common/free-text.js';
import { parseMoney } from '../../../common/money.js';
import { addDays, addYears, type LocalDate } from '../../../common/local-date.js';
import { dateOf } from '../../../database/row-values.js';
import type { EventBus } from '../../../graphql/event-bus.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { writeActivity } from '../../activity/activity-writer.js';
import { agreementBalances } from '../../ledger/ledger-balances.js';
import { AgreementChangeType, DepositStatus } from '../agreement-codes.js';
import { AgreementStatus } from '../agreement-status.js';
import { enqueueChangeApply } from '../change-jobs.js';
import { publishQueuedChange, queuedChangeStatus } from '../queued-change.events.js';
import { QueuedChangeStage } from '../queued-change.types.js';
import { copyAgreementVersion } from '../version-copy.js';
import type { EventNotifier } from '../../notification/events.js';
import type { AgreementApprovalService } from '../../approval/agreement-approval.service.js';
import {
  accountChangeFacts,
  ACTION_ACTIVITY,
  activationProblem,
  endDateProblem,
  LIFECYCLE_MESSAGES,
  LifecycleAction,
  staffActionRefusal,
  transition,
  type Refusal,
  type StaffLifecycleAction,
} from './lifecycle.rules.js';

export interface LifecycleRow {
  id: number;
  account_id: number;
  status: AgreementStatus;
  previous_id: number | null;
  start_date: string;
  end_date: string;
  contribution_date: string | null;
  deposit_amount: string;
  payment_capacity_confirmed: boolean;
  activated_by_id: number | null;
}

const COLUMNS = `id, account_id, status, previous_id, start_date::text as start_date, end_date::text as end_date,
  contribution_date::text as contribution_date, deposit_amount::text as deposit_amount, payment_capacity_confirmed,
  activated_by_id`;

/** An expected refusal of a lifecycle action: data for GraphQL, 400 for REST. */
export class LifecycleRefusal extends DomainError {
  constructor(refusal: Refusal) {
    super(refusal.code, refusal.message, refusal.field ?? undefined);
  }
}

export interface LifecycleOutcome {
  agreementId: number;
  accountId: number;
  status: AgreementStatus;
  /** What to tell the user (the spec's words where it has them). */
  message: string;
  /** The queued change's stage when the action queued one. */
  stage: QueuedChangeStage | null;
}

const toCents = (decimal: string | null): number => (decimal === null ? 0 : parseMoney(decimal));

/**
 * The agreement's lifecycle after the wizard (README.md): staff activation of a new agreement, save all of a
 * modification, renewal, end-date move, cancel, lock and unlock. Each action reads its version under a row lock,
 * asks the one transition rule, writes the status, its activity and (when it queues a change) the apply job in one
 * transaction, and publishes the queued stage after the commit. A refusal changes nothing.
 */
export class AgreementLifecycleService {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly jobs: JobQueue,
    private readonly approvals: AgreementApprovalService,
    /** Tells the members of a change or a cancellation (spec 3 §9), in the action's transaction. */
    private readonly notifier: EventNotifier | null = null,
  ) {}

  /**
   * PUT /api/ContractBatchAction/activate and /api/Contracts/StaffActivate: a new agreement (setup, step 8) is
   * activated and waits for the member's approval; a modification (9) is saved all (queued to be applied).
   */
  async activate(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<LifecycleOutcome> {
    const caller = this.staff(user);
    const row = await this.load(em, caller, agreementId);
    if (row.previous_id !== null) return this.saveAll(em, caller, agreementId);
    return em.transactional(async (tx) => {
      const locked = await this.lockRow(tx, agreementId);
      this.allowed(LifecycleAction.StaffActivate, locked.status);
      await this.checkActivation(tx, locked);
      await tx.execute(
        `update agreement set activated_by_id = ?, activated_at = ?, wizard_step = null, updated_at = ?
         where id = ? and status = ?`,
        [caller.userId, this.clock.now(), this.clock.now(), agreementId, AgreementStatus.PendingApproval],
      );
      await this.activity(
        tx,
        caller,
        locked,
        LifecycleAction.StaffActivate,
        'Agreement activated by staff; waiting for the member’s approval',
      );
      return this.outcome(locked, AgreementStatus.PendingApproval, LIFECYCLE_MESSAGES.sentForApproval, null);
    });
  }

  /** Modify step 7 (PUT /api/ContractBatchAction/saveall): the modification is queued (2) and applied by a job. */
  async saveAll(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<LifecycleOutcome> {
    const caller = requireUser(user);
    const outcome = await this.transition(em, caller, agreementId, LifecycleAction.SaveAll, async (tx, locked) => {
      if (locked.previous_id === null)
        this.refuse(transition(LifecycleAction.SaveAll, AgreementStatus.PendingApproval));
      await this.checkActivation(tx, locked);
      await tx.execute(
        `update agreement set status = ?, member_approved_at = coalesce(member_approved_at, ?), wizard_step = null,
           updated_at = ? where id = ? and status = ?`,
        [
          AgreementStatus.Queued,
          isStaff(caller.roles) ? null : this.clock.now(),
          this.clock.now(),
          agreementId,
          AgreementStatus.ModificationPendingApproval,
        ],
      );
      await this.activity(
        tx,
        caller,
        locked,
        LifecycleAction.SaveAll,
        'Agreement modification saved; queued to be applied',
      );
      await enqueueChangeApply(this.jobs, tx, agreementId);
      return this.outcome(
        locked,
        AgreementStatus.Queued,
        LIFECYCLE_MESSAGES.activationReceived,
        QueuedChangeStage.QUEUED,
      );
    });
    this.publishQueued(outcome);
    return outcome;
  }

  /** Staff renew the running agreement: a new version from its end date (9), opened as a modification. */
  async renew(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<LifecycleOutcome> {
    const caller = this.staff(user);
    return this.transition(em, caller, agreementId, LifecycleAction.Renew, async (tx, locked, to) => {
      await this.accountAllows(tx, locked, LifecycleAction.Renew);
      const start = addDays(dateOf(locked.end_date) as LocalDate, 1);
      const copy = await copyAgreementVersion(tx, agreementId, to, {
        start_date: { sql: '?::date', params: [start] },
        end_date: { sql: '?::date', params: [addDays(addYears(start, 1), -1)] },
        contribution_date: { sql: 'null' },
        next_deposit_date: { sql: 'null' },
        member_approved_at: { sql: 'null' },
        wizard_step: { sql: '0' },
        wizard_mode: { sql: 'null' },
        wizard_position: { sql: 'null' },
        saved_for_later_description: { sql: 'null' },
        locked_at: { sql: 'null' },
        lock_reason: { sql: 'null' },
      });
      await tx.execute(
        `insert into agreement_change (agreement_id, previous_agreement_id, change_type, changes, requested_by_id)
         values (?, ?, ?, ?::jsonb, ?)`,
        [
          copy.agreementId,
          agreementId,
          AgreementChangeType.Renewal,
          JSON.stringify({ source: 'renewAgreement', startDate: start, previousEndDate: dateOf(locked.end_date) }),
          caller.userId,
        ],
      );
      const renewed = { ...locked, id: copy.agreementId };
      await this.activity(tx, caller, renewed, LifecycleAction.Renew, `Agreement ${agreementId} renewed from ${start}`);
      return this.outcome(
        renewed,
        to,
        'The renewal has been created. Review it in the modify wizard, then save all or send it for the member’s approval.',
        null,
      );
    });
  }

  /** POST /api/contracts/MoveAgreementEndDate: the running agreement ends on another date. */
  async moveEndDate(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    newEndDate: string,
  ): Promise<LifecycleOutcome> {
    const caller = this.staff(user);
    return this.transition(em, caller, agreementId, LifecycleAction.MoveEndDate, async (tx, locked, to) => {
      await this.accountAllows(tx, locked, LifecycleAction.MoveEndDate);
      const [bills] = await tx.execute<{ last: string | null }[]>(
        'select max(due_date)::text as last from bill where agreement_id = ?',
        [agreementId],
      );
      const problem = endDateProblem({
        newEndDate: String(newEndDate ?? '').trim(),
        startDate: dateOf(locked.start_date),
        endDate: dateOf(locked.end_date),
        today: this.clock.today(),
        lastBillDate: bills?.last ?? null,
      });
      if (problem) throw new LifecycleRefusal(problem);
      const date = newEndDate.trim();
      await tx.execute('update agreement set end_date = ?::date, updated_at = ? where id = ?', [
        date,
        this.clock.now(),
        agreementId,
      ]);
      await tx.execute(
        `insert into agreement_change (agreement_id, previous_agreement_id, change_type, changes, requested_by_id,
           applied_at) values (?, null, ?, ?::jsonb, ?, now())`,
        [
          agreementId,
          AgreementChangeType.EndDateMove,
          JSON.stringify({ endDate: { before: dateOf(locked.end_date), after: date } }),
          caller.userId,
        ],
      );
      await this.activity(
        tx,
        caller,
        locked,
        LifecycleAction.MoveEndDate,
        `Agreement end date moved from ${dateOf(locked.end_date)} to ${date}`,
      );
      await this.notifier?.notifyEvent(tx, { agreementId, event: 'agreementChanged' });
      return this.outcome(locked, to, `The agreement now ends on ${date}.`, null);
    });
  }

  /** Staff cancel the agreement (a new one waiting for the member, or the one in force): status 6. */
  async cancel(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    reason: string,
  ): Promise<LifecycleOutcome> {
    const caller = this.staff(user);
    const text = freeText(reason, { kind: 'note', field: 'reason', required: true });
    return this.transition(em, caller, agreementId, LifecycleAction.Cancel, async (tx, locked, to) => {
      await this.accountAllows(tx, locked, LifecycleAction.Cancel);
      // A modification or renewal still open on it goes with it.
      await tx.execute(
        `update agreement set status = ?, cancelled_at = ?, updated_at = ?
         where account_id = ? and previous_id = ? and status in (?, ?)`,
        [
          AgreementStatus.Cancelled,
          this.clock.now(),
          this.clock.now(),
          locked.account_id,
          agreementId,
          AgreementStatus.ModificationPendingApproval,
          AgreementStatus.Approved,
        ],
      );
      await tx.execute('update agreement set status = ?, cancelled_at = ?, updated_at = ? where id = ?', [
        to,
        this.clock.now(),
        this.clock.now(),
        agreementId,
      ]);
      await this.activity(tx, caller, locked, LifecycleAction.Cancel, `Agreement cancelled: ${text}`, { reason: text });
      // A draft nobody has shown the member is cancelled quietly; anything the member was asked to approve or runs is told.
      if (locked.status !== AgreementStatus.PendingApproval || locked.activated_by_id !== null) {
        await this.notifier?.notifyEvent(tx, { agreementId, event: 'agreementCancelled' });
      }
      return this.outcome(locked, to, 'The agreement has been cancelled.', null);
    });
  }

  /** Staff lock the agreement (8, activity 26): no bills are paid while locked. */
  async lock(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    reason: string,
  ): Promise<LifecycleOutcome> {
    const caller = this.staff(user);
    const text = freeText(reason, { kind: 'note', field: 'reason', required: true });
    return this.transition(em, caller, agreementId, LifecycleAction.Lock, async (tx, locked, to) => {
      await tx.execute('update agreement set status = ?, locked_at = ?, lock_reason = ?, updated_at = ? where id = ?', [
        to,
        this.clock.now(),
        text,
        this.clock.now(),
        agreementId,
      ]);
      await this.activity(tx, caller, locked, LifecycleAction.Lock, `Agreement locked: ${text}`, { reason: text });
      await this.notifier?.notifyEvent(tx, { agreementId, event: 'agreementChanged' });
      return this.outcome(locked, to, 'The agreement has been locked.', null);
    });
  }

  /** Staff lift the lock (activity 33): back to active, or to missed deposit while deposits are still missed. */
  async unlock(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    reason: string,
  ): Promise<LifecycleOutcome> {
    const caller = this.staff(user);
    const text = freeText(reason, { kind: 'note', field: 'reason', required: true });
    const stillMissed = async (tx: EntityManager) => {
      // A deposit missed in whole or in part: arrears last until the full missed amount is received.
      const missed = await tx.execute(
        `select 1 from scheduled_deposit where agreement_id = ? and status in (?, ?)
           and received_amount < expected_amount limit 1`,
        [agreementId, DepositStatus.Missed, DepositStatus.PartlyReceived],
      );
      return { hasMissedDeposits: missed.length > 0 };
    };
    const unlock = async (tx: EntityManager, locked: LifecycleRow, to: AgreementStatus) => {
      await tx.execute(
        'update agreement set status = ?, locked_at = null, lock_reason = null, updated_at = ? where id = ?',
        [to, this.clock.now(), agreementId],
      );
      await this.activity(tx, caller, locked, LifecycleAction.Unlock, `Agreement unlocked: ${text}`, { reason: text });
      await this.notifier?.notifyEvent(tx, { agreementId, event: 'agreementChanged' });
      return this.outcome(locked, to, 'The agreement has been unlocked.', null);
    };
    return this.transition(em, caller, agreementId, LifecycleAction.Unlock, unlock, stillMissed);
  }

  /** Save for later (POST /api/contracts?contractId&isSaveForLater=true): the description, to continue later. */
  async saveForLater(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    description: string,
  ): Promise<{ agreementId: number; accountId: number; description: string; message: string }> {
    const caller = requireUser(user);
    const row = await this.load(em, caller, agreementId);
    const text = freeText(description, { kind: 'note', field: 'description', required: true });
    const open =
      (row.status === AgreementStatus.PendingApproval && row.previous_id === null && row.activated_by_id === null) ||
      (row.status === AgreementStatus.ModificationPendingApproval && row.previous_id !== null);
    if (!open) {
      throw new LifecycleRefusal({
        code: 'WIZARD_CLOSED',
        field: 'agreementId',
        message: 'This agreement is no longer open in the wizard.',
      });
    }
    if (row.previous_id === null && !isStaff(caller.roles)) throw new ForbiddenError(NO_ACCESS);
    await em.execute('update agreement set saved_for_later_description = ?, updated_at = ? where id = ?', [
      text,
      this.clock.now(),
      agreementId,
    ]);
    return {
      agreementId,
      accountId: Number(row.account_id),
      description: text,
      message: LIFECYCLE_MESSAGES.savedForLater,
    };
  }

  /** The account's agreement saved for later (the overview's message and continue link), if any. */
  async savedForLater(
    em: EntityManager,
    user: CurrentUser | null,
    accountId: number,
  ): Promise<{ agreementId: number; description: string } | null> {
    const caller = requireUser(user);
    await assertAccountAccess(em, caller, accountId);
    const rows = await em.execute<{ id: number; saved_for_later_description: string }[]>(
      `select id, saved_for_later_description from agreement where account_id = ?
         and saved_for_later_description is not null
         and ((status = ? and previous_id is null and activated_by_id is null) or (status = ? and previous_id is not null))
       order by id desc limit 1`,
      [accountId, AgreementStatus.PendingApproval, AgreementStatus.ModificationPendingApproval],
    );
    const row = rows[0];
    if (!row) return null;
    if (!isStaff(caller.roles)) {
      const [version] = await em.execute<{ previous_id: number | null }[]>(
        'select previous_id from agreement where id = ?',
        [row.id],
      );
      if (version?.previous_id === null) return null; // a member continues only a modification
    }
    return { agreementId: Number(row.id), description: row.saved_for_later_description };
  }

  /** Checks the caller may reach the version (a member: one refusal for every other id). */
  async assertReachable(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<void> {
    await this.load(em, requireUser(user), agreementId);
  }

  // --- helpers ---

  private staff(user: CurrentUser | null): CurrentUser {
    const caller = requireUser(user);
    if (!isStaff(caller.roles)) throw new ForbiddenError();
    return caller;
  }

  /** The version, checked to be the caller's (a member: one refusal for every other id). */
  private async load(em: EntityManager, caller: CurrentUser, agreementId: number): Promise<LifecycleRow> {
    if (!Number.isSafeInteger(agreementId) || agreementId <= 0) {
      throw new DomainError('INVALID_AGREEMENT_ID', 'Invalid agreementId.', 'agreementId');
    }
    const [row] = await em.execute<LifecycleRow[]>(`select ${COLUMNS} from agreement where id = ?`, [agreementId]);
    if (!row) {
      if (isStaff(caller.roles)) throw new NotFoundError('Could not load contract');
      throw new ForbiddenError(NO_ACCESS);
    }
    await assertAccountAccess(em, caller, Number(row.account_id));
    return row;
  }

  /**
   * Every transition but activation's first: the version reachable by the caller, its row locked, the transition rule
   * asked (with the facts `factsOf` reads under the lock) and a refusal thrown before anything is written, then
   * `apply` writes the change in the same transaction.
   */
  private async transition(
    em: EntityManager,
    caller: CurrentUser,
    agreementId: number,
    action: LifecycleAction,
    apply: (tx: EntityManager, locked: LifecycleRow, to: AgreementStatus) => Promise<LifecycleOutcome>,
    factsOf?: (tx: EntityManager) => Promise<object>,
  ): Promise<LifecycleOutcome> {
    await this.load(em, caller, agreementId);
    return em.transactional(async (tx) => {
      const locked = await this.lockRow(tx, agreementId);
      const to = this.allowed(action, locked.status, factsOf ? await factsOf(tx) : {});
      return apply(tx, locked, to);
    });
  }

  private async lockRow(tx: EntityManager, agreementId: number): Promise<LifecycleRow> {
    const [row] = await tx.execute<LifecycleRow[]>(`select ${COLUMNS} from agreement where id = ? for update`, [
      agreementId,
    ]);
    if (!row) throw new NotFoundError('Could not load contract');
    return { ...row, status: Number(row.status) as AgreementStatus };
  }

  private allowed(action: LifecycleAction, from: AgreementStatus, facts = {}): AgreementStatus {
    const result = transition(action, from, facts);
    if ('refusal' in result) throw new LifecycleRefusal(result.refusal);
    return result.to;
  }

  private refuse(result: ReturnType<typeof transition>): never {
    if ('refusal' in result) throw new LifecycleRefusal(result.refusal);
    throw new LifecycleRefusal({
      code: 'TRANSITION_NOT_ALLOWED',
      field: 'agreementId',
      message: 'This change is not allowed.',
    });
  }

  /** The rest of the account allows the staff action (staffActionRefusal: a second renewal, a change applying). */
  private async accountAllows(tx: EntityManager, row: LifecycleRow, action: StaffLifecycleAction): Promise<void> {
    const others = await tx.execute<{ status: number }[]>(
      'select status from agreement where account_id = ? and id <> ?',
      [row.account_id, row.id],
    );
    const refusal = staffActionRefusal(action, row.status, accountChangeFacts(others.map((o) => Number(o.status))));
    if (refusal) throw new LifecycleRefusal(refusal);
  }

  /** What activation (setup) or save all (modify) needs of the version. */
  private async checkActivation(tx: EntityManager, row: LifecycleRow): Promise<void> {
    const isNew = row.previous_id === null;
    const [account] = await tx.execute<{ is_active: boolean }[]>('select is_active from account where id = ?', [
      row.account_id,
    ]);
    let balance = 0;
    if (isNew) {
      const ids = (
        await tx.execute<{ id: number }[]>('select id from agreement where account_id = ?', [row.account_id])
      ).map((r) => Number(r.id));
      for (const balances of (await agreementBalances(tx, ids)).values()) balance += balances.total;
    }
    const [counts] = await tx.execute<{ n: number }[]>(
      `select (select count(*) from biller where agreement_id = ? and status <> 3)::int
            + (select count(*) from billing_sub_category where agreement_id = ? and status <> 3)::int as n`,
      [row.id, row.id],
    );
    const approvals = await this.approvals.stateForActivation(tx, row.id);
    const problem = activationProblem({
      isNew,
      accountActive: account?.is_active === true,
      accountBalanceCents: balance,
      billerCount: Number(counts?.n ?? 0),
      depositAmountCents: toCents(row.deposit_amount),
      contributionDate: row.contribution_date,
      paymentCapacityConfirmed: row.payment_capacity_confirmed === true,
      startDate: dateOf(row.start_date),
      today: this.clock.today(),
      alreadyActivated: row.activated_by_id !== null,
      approvalsMissing: approvals.missing,
      approvalsRefused: approvals.refused,
    });
    if (problem) throw new LifecycleRefusal(problem);
  }

  private async activity(
    tx: EntityManager,
    caller: CurrentUser,
    row: Pick<LifecycleRow, 'id' | 'account_id'>,
    action: LifecycleAction,
    details: string,
    data: Record<string, unknown> = {},
  ): Promise<void> {
    const type = ACTION_ACTIVITY[action];
    if (type === undefined) return;
    const holder = await tx.execute<{ member_id: number }[]>(
      `select member_id from member_account_link where account_id = ? and is_active order by is_primary desc, id limit 1`,
      [row.account_id],
    );
    await writeActivity(tx, {
      type,
      accountId: Number(row.account_id),
      memberId: holder[0]?.member_id ?? null,
      agreementId: Number(row.id),
      details,
      data: { ContractId: Number(row.id), ...data },
      agentName: isStaff(caller.roles) ? caller.displayName : null,
      userId: caller.userId,
      occurredAt: this.clock.now(),
    });
  }

  private outcome(
    row: Pick<LifecycleRow, 'id' | 'account_id'>,
    status: AgreementStatus,
    message: string,
    stage: QueuedChangeStage | null,
  ): LifecycleOutcome {
    return { agreementId: Number(row.id), accountId: Number(row.account_id), status, message, stage };
  }

  private publishQueued(outcome: LifecycleOutcome): void {
    publishQueuedChange(
      this.events,
      queuedChangeStatus(outcome.accountId, QueuedChangeStage.QUEUED, outcome.agreementId),
    );
  }
}
