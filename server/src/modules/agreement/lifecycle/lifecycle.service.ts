import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, NO_ACCESS, requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import { isStaff } from '../../../common/auth/roles.js';
import type { Clock } from '../../../shared/clock.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { freeText } from '../../../common/free-text.js';
import { parseMoney } from '../../../shared/money.js';
import { addDays, addYears, formatDisplayDate, type LocalDate } from '../../../shared/local-date.js';
import { dateOf } from '../../../database/row-values.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { agreementBalances } from '../../ledger/index.js';
import { AgreementChangeType, DepositStatus } from '../agreement-codes.js';
import type { AgreementDepositsService } from '../deposits/deposits.service.js';
import { AgreementStatus } from '../agreement-status.js';
import { accountHasResignedMember } from '../account-standing.sql.js';
import { enqueueChangeApply } from '../change-jobs.js';
import { QueuedChangeStage } from '../queued-change.types.js';
import { copyAgreementVersion } from '../version-copy.js';
import { loadChangeReview } from '../member-approval/change-review.js';
import { changeDetails } from '../member-approval/change-review.rules.js';
import type { AgreementSettlementService } from '../settlement/settlement.service.js';
import type { AgreementApprovalService } from '../../approval/index.js';
import { changeStatus, actorsOf, type ActivityText, type StatusColumns } from '../state/status-writer.js';
import { AgreementEvent, decideTransition, type TransitionFacts } from '../state/transitions.rules.js';
import {
  accountChangeFacts,
  activationProblem,
  endDateProblem,
  isRenewalOf,
  LIFECYCLE_MESSAGES,
  modificationSavedAtZero,
  staffActionRefusal,
  type Refusal,
  type StaffLifecycleAction,
  withdrawProblem,
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
    private readonly jobs: JobQueue,
    private readonly approvals: AgreementApprovalService,
    /** Settles a cancelled agreement's money (settlement/README.md), in the cancelling transaction. */
    private readonly settlement: AgreementSettlementService | null = null,
    /** What a modification saved at 0.00 still needs (the deposits step's plan, asked again at save all). */
    private readonly deposits: Pick<AgreementDepositsService, 'depositNeed'> | null = null,
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
      this.allowed(AgreementEvent.StaffActivate, locked.status, caller);
      await this.checkActivation(tx, locked);
      await this.write(tx, caller, locked, AgreementEvent.StaffActivate, {
        set: { activated_by_id: caller.userId, activated_at: this.clock.now(), wizard_step: null },
        activity: { details: 'Agreement activated by staff; waiting for the member’s approval' },
      });
      return this.outcome(locked, AgreementStatus.PendingApproval, LIFECYCLE_MESSAGES.sentForApproval, null);
    });
  }

  /**
   * Modify step 7 (PUT /api/ContractBatchAction/saveall): a renewal (issue 26 item 1), or a modification that alters
   * what the member agreed to, is sent to them (it stays 9, closed in the wizard, `activated_by_id`) and waits for their
   * approval; a modification staff may apply alone (../member-approval/README.md) is queued (2) and applied by a job.
   * A modification's activity says what changed, before → after.
   */
  async saveAll(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<LifecycleOutcome> {
    const caller = requireUser(user);
    return this.transition(em, caller, agreementId, AgreementEvent.SaveAll, async (tx, locked) => {
      if (locked.previous_id === null) this.allowed(AgreementEvent.SaveAll, AgreementStatus.PendingApproval, caller);
      const renewal = await this.isRenewal(tx, locked);
      await this.checkActivation(tx, locked, renewal);
      const review = await loadChangeReview(tx, agreementId);
      const needsMemberApproval = renewal || (review?.needsMemberApproval ?? true);
      const now = this.clock.now();
      const set: StatusColumns = needsMemberApproval
        ? { wizard_step: null, activated_by_id: caller.userId, activated_at: now }
        : { wizard_step: null };
      if (!isStaff(caller.roles)) set.member_approved_at = { first: now };
      const changes = review && !renewal ? changeDetails(review) : {};
      await this.write(tx, caller, locked, AgreementEvent.SaveAll, {
        set,
        facts: { isRenewal: renewal, needsMemberApproval },
        activity: {
          details: renewal
            ? `Renewal from ${formatDisplayDate(dateOf(locked.start_date) as LocalDate)} sent for the member’s approval`
            : Object.keys(changes).length > 0
              ? JSON.stringify(changes)
              : needsMemberApproval
                ? 'Agreement modification sent to the member for approval'
                : 'Agreement modification saved; queued to be applied',
          data: { sentToMember: needsMemberApproval, previousContractId: locked.previous_id },
        },
      });
      if (renewal) {
        return this.outcome(locked, AgreementStatus.ModificationPendingApproval, LIFECYCLE_MESSAGES.renewalSent, null);
      }
      if (needsMemberApproval) {
        return this.outcome(locked, AgreementStatus.ModificationPendingApproval, LIFECYCLE_MESSAGES.sentToMember, null);
      }
      await enqueueChangeApply(this.jobs, tx, agreementId);
      return this.outcome(
        locked,
        AgreementStatus.Queued,
        LIFECYCLE_MESSAGES.activationReceived,
        QueuedChangeStage.QUEUED,
      );
    });
  }

  /** Staff renew the running agreement: a new version from its end date (9), opened as a modification. */
  async renew(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<LifecycleOutcome> {
    const caller = this.staff(user);
    return this.transition(em, caller, agreementId, AgreementEvent.Renew, async (tx, locked) => {
      await this.accountAllows(tx, locked, AgreementEvent.Renew);
      const start = addDays(dateOf(locked.end_date) as LocalDate, 1);
      const request = {
        event: AgreementEvent.Renew,
        by: caller,
        now: this.clock.now(),
        activity: () => ({ details: `Agreement ${agreementId} renewed from ${start}` }),
      } as const;
      const copy = await copyAgreementVersion(tx, agreementId, request, {
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
      return this.outcome(
        renewed,
        AgreementStatus.ModificationPendingApproval,
        `The renewal from ${formatDisplayDate(start)} has been created. Review it in the wizard, then send it for the member’s approval.`,
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
    return this.transition(em, caller, agreementId, AgreementEvent.MoveEndDate, async (tx, locked) => {
      await this.accountAllows(tx, locked, AgreementEvent.MoveEndDate);
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
      const [moved] = await this.write(tx, caller, locked, AgreementEvent.MoveEndDate, {
        activity: {
          details: `Agreement end date moved from ${formatDisplayDate(dateOf(locked.end_date) as LocalDate)} to ${formatDisplayDate(date as LocalDate)}`,
        },
      });
      // Dates are written as the app writes them (issue 26 item 7): DD-MM-YYYY.
      return this.outcome(locked, moved.to, `The agreement now ends on ${formatDisplayDate(date as LocalDate)}.`, null);
    });
  }

  /** Staff cancel the agreement (a new one waiting for the member, or the one in force): status 6. */
  async cancel(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    reason: string,
    /** A savings account of the account's members to pay the balance into; null: held on the account. */
    payoutAccountNumber: string | null = null,
  ): Promise<LifecycleOutcome> {
    const caller = this.staff(user);
    const text = freeText(reason, { kind: 'reason', field: 'reason', required: true });
    return this.transition(em, caller, agreementId, AgreementEvent.Cancel, async (tx, locked) => {
      await this.accountAllows(tx, locked, AgreementEvent.Cancel);
      // A modification or renewal still open on it goes with it.
      const open = await tx.execute<{ id: number }[]>(
        'select id from agreement where account_id = ? and previous_id = ? and status in (?, ?)',
        [locked.account_id, agreementId, AgreementStatus.ModificationPendingApproval, AgreementStatus.Approved],
      );
      await changeStatus(tx, {
        event: AgreementEvent.Withdraw,
        by: caller,
        agreementIds: open.map((row) => Number(row.id)),
        now: this.clock.now(),
        facts: { isChange: true },
        set: { cancelled_at: this.clock.now() },
      });
      const [cancelled] = await this.write(tx, caller, locked, AgreementEvent.Cancel, {
        set: { cancelled_at: this.clock.now() },
        activity: { details: `Agreement cancelled: ${text}`, data: { reason: text } },
      });
      const to = cancelled.to;
      const settled = await this.settlement?.settleOnCancel(tx, {
        agreementId,
        accountId: locked.account_id,
        fromStatus: locked.status,
        reason: text,
        payoutAccountNumber,
        caller,
      });
      const message = settled
        ? `The agreement has been cancelled. ${settled.message}`
        : 'The agreement has been cancelled.';
      return this.outcome(locked, to, message, null);
    });
  }

  /**
   * Staff withdraw a modification or renewal they sent to the member, before the member decides (9 → 6, Withdraw):
   * the version in force runs on as it was; the member's review and overview show it gone (the status writer
   * announces it). One still edited is cancelled in the wizard; one approved is on its way (`withdrawProblem`).
   */
  async withdrawChange(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    reason: string,
  ): Promise<LifecycleOutcome> {
    const caller = this.staff(user);
    const text = freeText(reason, { kind: 'reason', field: 'reason', required: true });
    return this.transition(em, caller, agreementId, AgreementEvent.Withdraw, async (tx, locked) => {
      const refusal = withdrawProblem({
        status: locked.status,
        isChange: locked.previous_id !== null,
        sentToMember: locked.activated_by_id !== null,
      });
      if (refusal) throw new LifecycleRefusal(refusal);
      const renewal = await this.isRenewal(tx, locked);
      const what = renewal ? 'Renewal' : 'Changes';
      const [withdrawn] = await this.write(tx, caller, locked, AgreementEvent.Withdraw, {
        facts: { isChange: true },
        set: { cancelled_at: this.clock.now(), wizard_step: null },
        activity: { details: `${what} withdrawn by staff before the member decided: ${text}`, data: { reason: text } },
      });
      const message = renewal ? LIFECYCLE_MESSAGES.renewalWithdrawn : LIFECYCLE_MESSAGES.withdrawn;
      return this.outcome(locked, withdrawn.to, message, null);
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
    const text = freeText(reason, { kind: 'reason', field: 'reason', required: true });
    return this.transition(em, caller, agreementId, AgreementEvent.Lock, async (tx, locked) => {
      const [changed] = await this.write(tx, caller, locked, AgreementEvent.Lock, {
        set: { locked_at: this.clock.now(), lock_reason: text },
        activity: { details: `Agreement locked: ${text}`, data: { reason: text } },
      });
      return this.outcome(locked, changed.to, 'The agreement has been locked.', null);
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
    const text = freeText(reason, { kind: 'reason', field: 'reason', required: true });
    const stillMissed = async (tx: EntityManager) => {
      // A deposit missed in whole or in part: arrears last until the full missed amount is received.
      const missed = await tx.execute(
        `select 1 from scheduled_deposit where agreement_id = ? and status in (?, ?)
           and received_amount < expected_amount limit 1`,
        [agreementId, DepositStatus.Missed, DepositStatus.PartlyReceived],
      );
      return { hasMissedDeposits: missed.length > 0 };
    };
    const unlock = async (tx: EntityManager, locked: LifecycleRow) => {
      const [changed] = await this.write(tx, caller, locked, AgreementEvent.Unlock, {
        facts: await stillMissed(tx),
        set: { locked_at: null, lock_reason: null },
        activity: { details: `Agreement unlocked: ${text}`, data: { reason: text } },
      });
      return this.outcome(locked, changed.to, 'The agreement has been unlocked.', null);
    };
    return this.transition(em, caller, agreementId, AgreementEvent.Unlock, unlock);
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
      row.activated_by_id === null &&
      ((row.status === AgreementStatus.PendingApproval && row.previous_id === null) ||
        (row.status === AgreementStatus.ModificationPendingApproval && row.previous_id !== null));
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
         and activated_by_id is null
         and ((status = ? and previous_id is null) or (status = ? and previous_id is not null))
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
   * Every action but activation: the version reachable by the caller, its row locked, the state machine asked (a
   * refusal thrown before anything is written), then `apply` writes the change through the status writer in the same
   * transaction.
   */
  private async transition(
    em: EntityManager,
    caller: CurrentUser,
    agreementId: number,
    event: AgreementEvent,
    apply: (tx: EntityManager, locked: LifecycleRow) => Promise<LifecycleOutcome>,
  ): Promise<LifecycleOutcome> {
    await this.load(em, caller, agreementId);
    return em.transactional(async (tx) => {
      const locked = await this.lockRow(tx, agreementId);
      if (event === AgreementEvent.Renew) {
        // The status first, in its words; the rest of the account (a resigned member, a change on its way) follows.
        const refusal = staffActionRefusal(event, locked.status, accountChangeFacts([], { memberResigned: false }));
        if (refusal) throw new LifecycleRefusal(refusal);
      } else {
        // Save all: asked as if it goes to the member (which row applies is known once the change is read, as it is
        // written); one already sent is refused by the activation checks, in their words.
        this.allowed(event, locked.status, caller, {
          hasMissedDeposits: false,
          needsMemberApproval: true,
          isChange: locked.previous_id !== null,
        });
      }

      return apply(tx, locked);
    });
  }

  /** The version's status changed by `event` through the one status writer, with its activity's words. */
  private write(
    tx: EntityManager,
    caller: CurrentUser,
    locked: LifecycleRow,
    event: AgreementEvent,
    options: { set?: StatusColumns; facts?: TransitionFacts; activity: ActivityText },
  ) {
    return changeStatus(tx, {
      event,
      by: caller,
      agreementIds: [locked.id],
      now: this.clock.now(),
      set: options.set,
      facts: options.facts,
      activity: () => options.activity,
    });
  }

  private async lockRow(tx: EntityManager, agreementId: number): Promise<LifecycleRow> {
    const [row] = await tx.execute<LifecycleRow[]>(`select ${COLUMNS} from agreement where id = ? for update`, [
      agreementId,
    ]);
    if (!row) throw new NotFoundError('Could not load contract');
    return { ...row, status: Number(row.status) as AgreementStatus };
  }

  /** The state machine's answer for the caller before anything is written (the writer asks it again as it writes). */
  private allowed(
    event: AgreementEvent,
    from: AgreementStatus,
    caller: CurrentUser,
    facts: TransitionFacts = {},
  ): void {
    const result = decideTransition(event, from, actorsOf(caller), facts);
    if ('refusal' in result) throw new LifecycleRefusal(result.refusal);
  }

  /**
   * The rest of the account allows the staff action (staffActionRefusal: a resigned member, a second renewal, a change
   * applying).
   */
  private async accountAllows(tx: EntityManager, row: LifecycleRow, action: StaffLifecycleAction): Promise<void> {
    const others = await tx.execute<{ status: number }[]>(
      'select status from agreement where account_id = ? and id <> ?',
      [row.account_id, row.id],
    );
    const [holders] = await tx.execute<{ resigned: boolean }[]>(
      `select ${accountHasResignedMember('?::int')} as resigned`,
      [row.account_id],
    );
    const account = accountChangeFacts(
      others.map((o) => Number(o.status)),
      { memberResigned: holders?.resigned === true },
    );
    const refusal = staffActionRefusal(action, row.status, account);
    if (refusal) throw new LifecycleRefusal(refusal);
  }

  /** Whether the version is a renewal: it starts after the version it changes ends (`isRenewalOf`). */
  private async isRenewal(tx: EntityManager, row: LifecycleRow): Promise<boolean> {
    if (row.previous_id === null) return false;
    const [previous] = await tx.execute<{ end_date: string }[]>(
      'select end_date::text as end_date from agreement where id = ?',
      [row.previous_id],
    );
    return isRenewalOf({ startDate: dateOf(row.start_date) }, previous ? { endDate: dateOf(previous.end_date) } : null);
  }

  /** What activation (setup) or save all (modify) needs of the version. */
  private async checkActivation(tx: EntityManager, row: LifecycleRow, isRenewal = false): Promise<void> {
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
    const depositAmountCents = toCents(row.deposit_amount);
    // Only a modification saved at 0.00 asks its plan again (the balance or the bills may have changed since).
    const depositNeed =
      modificationSavedAtZero({ isNew, isRenewal, depositAmountCents, contributionDate: row.contribution_date }) &&
      this.deposits
        ? await this.deposits.depositNeed(tx, row.id)
        : undefined;
    const problem = activationProblem({
      isNew,
      isRenewal,
      accountActive: account?.is_active === true,
      accountBalanceCents: balance,
      billerCount: Number(counts?.n ?? 0),
      depositAmountCents,
      contributionDate: row.contribution_date,
      depositNeed,
      paymentCapacityConfirmed: row.payment_capacity_confirmed === true,
      startDate: dateOf(row.start_date),
      today: this.clock.today(),
      alreadyActivated: row.activated_by_id !== null,
      approvalsMissing: approvals.missing,
      approvalsRefused: approvals.refused,
    });
    if (problem) throw new LifecycleRefusal(problem);
  }

  private outcome(
    row: Pick<LifecycleRow, 'id' | 'account_id'>,
    status: AgreementStatus,
    message: string,
    stage: QueuedChangeStage | null,
  ): LifecycleOutcome {
    return { agreementId: Number(row.id), accountId: Number(row.account_id), status, message, stage };
  }
}
