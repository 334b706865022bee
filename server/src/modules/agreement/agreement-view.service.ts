import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, NO_ACCESS, requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../common/clock.js';
import { ForbiddenError, NotFoundError } from '../../common/errors.js';
import { parseMoney, type Cents } from '../../common/money.js';
import type { UserError } from '../../graphql/user-error.js';
import { writeActivity } from '../activity/activity-writer.js';
import { agreementBalances, ZERO_BALANCES } from '../ledger/ledger-balances.js';
import { loadAgreementFacts, type AgreementFacts } from './agreement-facts.js';
import { loadBillers, loadBills } from './agreement-billers.js';
import type { EventBus } from '../../graphql/event-bus.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { enqueueChangeApply } from './change-jobs.js';
import { LifecycleAction, transition } from './lifecycle/lifecycle.rules.js';
import { publishQueuedChange, queuedChangeStatus } from './queued-change.events.js';
import { QueuedChangeStage } from './queued-change.types.js';
import { billersOnHold, splitBillers, toAgreementSummary } from './agreement-summary.rules.js';
import type { AgreementSummary } from './agreement-summary.types.js';
import {
  APPROVAL_ERRORS,
  approvalActivityType,
  AWAITING_MEMBER_APPROVAL,
  awaitsMemberApproval,
  nextDepositDates,
} from './agreement-view.rules.js';
import type { AgreementView, ApproveAgreementResult } from './agreement-view.types.js';

interface MemberStanding {
  linkActive: boolean;
  memberActive: boolean;
  resigned: boolean;
  name: string;
}

function refused(error: { code: string; message: string }): ApproveAgreementResult {
  const userError: UserError = { code: error.code, field: 'agreementId', message: error.message };
  return { ok: false, errors: [userError], agreement: null };
}

/** The view-agreement page and the member's approval (PUT /api/Contracts/memberApprove belongs to it too). */
export class AgreementViewService {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly jobs: JobQueue,
  ) {}

  /** An agreement by id: a member reaches it through their account; the refusal is the same if it does not exist. */
  private async reachable(em: EntityManager, user: CurrentUser, agreementId: number): Promise<AgreementFacts> {
    const agreement = await loadAgreementFacts(em, agreementId);
    if (!agreement) {
      if (isStaff(user.roles)) throw new NotFoundError('Could not load contract');
      throw new ForbiddenError(NO_ACCESS);
    }
    await assertAccountAccess(em, user, agreement.accountId);
    return agreement;
  }

  private async standing(em: EntityManager, memberId: number, accountId: number): Promise<MemberStanding> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select m.is_active, m.is_resigned, m.first_name, m.last_name, l.is_active as link_active
       from member m left join member_account_link l on l.member_id = m.id and l.account_id = ? where m.id = ?`,
      [accountId, memberId],
    );
    const row = rows[0];
    return {
      linkActive: row?.link_active === true,
      memberActive: row?.is_active === true,
      resigned: row?.is_resigned === true,
      name: row ? `${String(row.first_name)} ${String(row.last_name)}` : '',
    };
  }

  private async summary(em: EntityManager, agreement: AgreementFacts): Promise<AgreementSummary> {
    const [balances, billers, bills] = await Promise.all([
      agreementBalances(em, [agreement.id]),
      loadBillers(em, [agreement.id]),
      loadBills(em, [agreement.id]),
    ]);
    return toAgreementSummary(agreement, balances.get(agreement.id) ?? ZERO_BALANCES, billersOnHold(billers, bills));
  }

  async view(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<AgreementView> {
    const caller = requireUser(user);
    const agreement = await this.reachable(em, caller, agreementId);
    const [balances, billers, bills, standing] = await Promise.all([
      agreementBalances(em, [agreement.id]),
      loadBillers(em, [agreement.id]),
      loadBills(em, [agreement.id]),
      caller.memberId === null || isStaff(caller.roles)
        ? Promise.resolve(null)
        : this.standing(em, caller.memberId, agreement.accountId),
    ]);
    const today = this.clock.today();
    const { auto, manual } = splitBillers(billers, bills, today);
    return {
      summary: toAgreementSummary(
        agreement,
        balances.get(agreement.id) ?? ZERO_BALANCES,
        billersOnHold(billers, bills),
      ),
      billers: [...auto, ...manual],
      depositDates: nextDepositDates(agreement, today),
      canApprove:
        standing !== null &&
        standing.linkActive &&
        standing.memberActive &&
        !standing.resigned &&
        awaitsMemberApproval(agreement.status),
    };
  }

  /**
   * The rainy-day money held back from use (e.g. for a payment still pending): GET
   * /api/contracts/unavailablerainydayamount and its GraphQL twin. Reached as the agreement is.
   */
  async unavailableRainyDay(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<Cents> {
    const agreement = await this.reachable(em, requireUser(user), agreementId);
    const [row] = await em.execute<{ amount: string }[]>(
      'select rainy_day_unavailable_amount as amount from agreement where id = ?',
      [agreement.id],
    );
    return parseMoney(String(row.amount));
  }

  /**
   * A member linked to the account approves an agreement in status 0 or 9: the change is queued (2) with the time
   * of approval, an activity row and its apply job, in one transaction (lifecycle/README.md); the job applies it
   * (a new agreement: 7, or 1 until its start date). The update is conditional on the status, so two approvals at
   * once make one change. Every refusal is returned as data and changes nothing.
   */
  async approve(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<ApproveAgreementResult> {
    const caller = requireUser(user);
    const agreement = await this.reachable(em, caller, agreementId);
    if (isStaff(caller.roles) || caller.memberId === null) return refused(APPROVAL_ERRORS.staff);
    const memberId = caller.memberId;
    const standing = await this.standing(em, memberId, agreement.accountId);
    if (standing.resigned) return refused(APPROVAL_ERRORS.resigned);
    if (!standing.linkActive || !standing.memberActive) return refused(APPROVAL_ERRORS.notLinked);
    if (!awaitsMemberApproval(agreement.status)) return refused(APPROVAL_ERRORS.notAwaiting);

    const activityId = await em.transactional(async (tx) => {
      const queued = transition(LifecycleAction.MemberApprove, agreement.status);
      if ('refusal' in queued) return null;
      const updated = await tx.execute<{ id: number }[]>(
        `update agreement set status = ?, member_approved_at = now(), wizard_step = null, updated_at = now()
         where id = ? and status in (${AWAITING_MEMBER_APPROVAL.join(',')}) returning id`,
        [queued.to, agreement.id],
      );
      if (updated.length === 0) return null;
      await enqueueChangeApply(this.jobs, tx, agreement.id); // the job commits with the approval
      return writeActivity(tx, {
        type: approvalActivityType(agreement.status),
        memberId,
        accountId: agreement.accountId,
        agreementId: agreement.id,
        userId: caller.userId,
        details: `Agreement approved by the member ${standing.name}`.trim(),
        data: { ContractId: agreement.id, approvedFromStatus: agreement.status },
        occurredAt: this.clock.now(),
      });
    });
    if (activityId === null) return refused(APPROVAL_ERRORS.notAwaiting);
    publishQueuedChange(this.events, queuedChangeStatus(agreement.accountId, QueuedChangeStage.QUEUED, agreement.id));
    const approved = await loadAgreementFacts(em, agreement.id);
    return { ok: true, errors: [], agreement: approved ? await this.summary(em, approved) : null };
  }
}
