import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, NO_ACCESS, requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { parseMoney, type Cents } from '../../shared/money.js';
import type { UserError } from '../../graphql/user-error.js';
import {
  loadAgreementFacts,
  loadCurrentAgreementFacts,
  loadSuccessorStart,
  type AgreementFacts,
} from './agreement-facts.js';
import { loadBillers, loadBills } from './agreement-billers.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { enqueueChangeApply } from './change-jobs.js';
import { changeStatus } from './state/status-writer.js';
import { AgreementEvent } from './state/transitions.rules.js';
import type { ProjectionService } from './projection/projection.service.js';
import { billersOnHold, replacementOf, splitBillers, toAgreementSummary } from './agreement-summary.rules.js';
import type { AgreementSummary } from './agreement-summary.types.js';
import { APPROVAL_ERRORS, memberDecisionRefusal, replacedBy, type VersionToDecide } from './agreement-view.rules.js';
import type { AgreementView, ApproveAgreementResult } from './agreement-view.types.js';
import { nextDepositDates } from './plan/plan-reader.js';
import { forecastVerdictView } from './projection/projection.views.js';
import { freeText } from '../../common/free-text.js';
import { loadChangeReview, reviewedVersion } from './member-approval/change-review.js';
import { changeDetails } from './member-approval/change-review.rules.js';

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
    private readonly jobs: JobQueue,
    private readonly projections: ProjectionService,
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
    const projection = await this.projections.forAgreement(em, agreement);
    const billers = await loadBillers(em, [agreement.id]);
    const bills = await loadBills(em, [agreement.id]);
    return toAgreementSummary(agreement, projection, billersOnHold(billers, bills));
  }

  async view(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<AgreementView> {
    const caller = requireUser(user);
    const agreement = await this.reachable(em, caller, agreementId);
    const today = this.clock.today();
    const projection = await this.projections.forAgreement(em, agreement);
    const billers = await loadBillers(em, [agreement.id]);
    const bills = await loadBills(em, [agreement.id]);
    const standing =
      caller.memberId === null || isStaff(caller.roles)
        ? null
        : await this.standing(em, caller.memberId, agreement.accountId);
    const depositDates = await nextDepositDates(em, agreement, today);
    const current = await loadCurrentAgreementFacts(em, agreement.accountId);
    const { auto, manual } = splitBillers(billers, bills, today);
    const toDecide = await this.versionToDecide(em, agreement);
    const replacement = replacementOf(agreement, await loadSuccessorStart(em, agreement));
    return {
      summary: toAgreementSummary(agreement, projection, billersOnHold(billers, bills), false, replacement),
      billers: [...auto, ...manual],
      depositDates,
      paidByHand: manual,
      forecast: forecastVerdictView(projection.forecast, standing?.resigned === true),
      currentVersionId: replacedBy(agreement, current),
      canApprove:
        standing !== null &&
        standing.linkActive &&
        standing.memberActive &&
        !standing.resigned &&
        toDecide !== null &&
        memberDecisionRefusal('approve', toDecide) === null,
    };
  }

  /** The version as the member's decision reads it (memberDecisionRefusal), null when it does not exist. */
  private async versionToDecide(em: EntityManager, agreement: AgreementFacts): Promise<VersionToDecide | null> {
    const version = await reviewedVersion(em, agreement.id);
    if (!version) return null;
    return {
      status: agreement.status,
      isChange: version.previousId !== null,
      sentToMember: version.sentToMember,
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
   * A member linked to the account approves a new agreement (0) or a modification or renewal (9) staff sent them
   * (`memberDecisionRefusal`: never staff's draft still in the wizard): the change is queued (2) with the time of approval, an activity row and its apply job, in one transaction
   * (lifecycle/README.md); the job applies it through the change applier (a new agreement: 7, or 1 until its start
   * date). The update is conditional on the status, so two approvals at once make one change. Every refusal is
   * returned as data and changes nothing.
   */
  async approve(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<ApproveAgreementResult> {
    return this.decide(em, user, agreementId, 'approve', null);
  }

  /**
   * The member declines a modification or renewal staff sent them (9 → 6, member-approval/README.md): the running
   * agreement stays as it was; staff see the decline (and the member's reason, if given) in the history.
   */
  async decline(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    reason: string | null,
  ): Promise<ApproveAgreementResult> {
    return this.decide(em, user, agreementId, 'decline', reason);
  }

  private async decide(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    decision: 'approve' | 'decline',
    reason: string | null,
  ): Promise<ApproveAgreementResult> {
    const caller = requireUser(user);
    const agreement = await this.reachable(em, caller, agreementId);
    if (isStaff(caller.roles) || caller.memberId === null) return refused(APPROVAL_ERRORS.staff);
    const memberId = caller.memberId;
    const standing = await this.standing(em, memberId, agreement.accountId);
    if (standing.resigned) return refused(APPROVAL_ERRORS.resigned);
    if (!standing.linkActive || !standing.memberActive) return refused(APPROVAL_ERRORS.notLinked);
    const toDecide = await this.versionToDecide(em, agreement);
    const refusal = toDecide === null ? APPROVAL_ERRORS.notAwaiting : memberDecisionRefusal(decision, toDecide);
    if (refusal) return refused(refusal);
    const text = reason === null ? '' : freeText(reason, { kind: 'reason', field: 'reason', required: false });

    const changed = await em.transactional(async (tx) => {
      const review = await loadChangeReview(tx, agreement.id);
      const changes = review ? changeDetails(review) : {};
      const now = this.clock.now();
      const [written] = await changeStatus(tx, {
        event: decision === 'approve' ? AgreementEvent.MemberApprove : AgreementEvent.MemberDecline,
        by: caller,
        agreementIds: [agreement.id],
        now,
        set:
          decision === 'approve'
            ? { member_approved_at: now, wizard_step: null }
            : { cancelled_at: now, wizard_step: null },
        whenNotAllowed: 'skip',
        activity: () => ({
          details:
            decision === 'approve'
              ? `Agreement approved by the member ${standing.name}`.trim()
              : `Changes declined by the member ${standing.name}${text ? `: ${text}` : ''}`.trim(),
          data: {
            approvedFromStatus: agreement.status,
            decision,
            ...(text ? { reason: text } : {}),
            ...(Object.keys(changes).length > 0 ? { changes } : {}),
          },
          memberId,
        }),
      });
      // The job commits with the approval; a declined change is not applied.
      if (written && decision === 'approve') await enqueueChangeApply(this.jobs, tx, agreement.id);
      return written !== undefined;
    });
    if (!changed) return refused(APPROVAL_ERRORS.notAwaiting);
    const facts = await loadAgreementFacts(em, agreement.id);
    return { ok: true, errors: [], agreement: facts ? await this.summary(em, facts) : null };
  }
}
