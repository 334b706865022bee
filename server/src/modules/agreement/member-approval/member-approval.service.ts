import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, NO_ACCESS, requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import { isStaff, actsAsStaff } from '../../../common/auth/roles.js';
import type { Clock } from '../../../shared/clock.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { contributionFrequencyLabel } from '../../deposit/index.js';
import { AgreementStatus } from '../agreement-status.js';
import { loadAgreementFacts } from '../agreement-facts.js';
import type { ChangeApplier } from '../change-applier.js';
import type { ProjectionService } from '../projection/projection.service.js';
import type { AgreementProjection } from '../projection/projection.rules.js';
import { forecastVerdictView } from '../projection/projection.views.js';
import { loadChangeReview, reviewedVersion } from './change-review.js';
import { waitingMessage } from './change-review.rules.js';
import type { AgreementChangeReview, AgreementChangeWaiting } from './member-approval.types.js';
import { withdrawProblem } from '../lifecycle/lifecycle.rules.js';
import type { Cents } from '../../../shared/money.js';
import type { TermEndService } from '../term-end/term-end.service.js';
import type { TermEndChoiceView } from '../term-end/term-end.types.js';

/**
 * The member's review of a modification or renewal (README.md): what it changes (change-review.rules.ts), the
 * deposits under it, the bills they pay by hand, and the projection's forecast of the agreement as approving would
 * make it — for a modification, the change applier's own steps run in a transaction that is rolled back
 * (`ChangeApplier.preview`), so the figures are those of exactly what approval applies; the client computes none.
 */
export class MemberApprovalService {
  constructor(
    private readonly clock: Clock,
    private readonly applier: ChangeApplier,
    private readonly projections: ProjectionService,
    /** A renewal's term-end choice and its effect on the deposit. */
    private readonly termEnd: Pick<TermEndService, 'renewalReview'> | null = null,
  ) {}

  async review(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<AgreementChangeReview> {
    const caller = requireUser(user);
    if (!Number.isSafeInteger(agreementId) || agreementId <= 0) {
      throw new DomainError('INVALID_AGREEMENT_ID', 'Invalid agreementId.', 'agreementId');
    }
    const version = await reviewedVersion(em, agreementId);
    if (!version) {
      if (isStaff(caller.roles)) throw new NotFoundError('Could not load contract');
      throw new ForbiddenError(NO_ACCESS);
    }
    await assertAccountAccess(em, caller, version.accountId);
    const review = version.previousId === null ? null : await loadChangeReview(em, agreementId);
    if (!review || version.previousId === null) {
      throw new DomainError('NOT_A_CHANGE', 'This agreement does not change another one.', 'agreementId');
    }
    const facts = await loadAgreementFacts(em, agreementId);
    if (!facts) throw new NotFoundError('Could not load contract');
    const waiting = version.status === AgreementStatus.ModificationPendingApproval && version.sentToMember;
    const projection = await this.forecastOf(em, agreementId, waiting && !review.isRenewal);
    const resigned = await this.resigned(em, caller);
    return {
      agreementId,
      previousAgreementId: version.previousId,
      status: version.status,
      isRenewal: review.isRenewal,
      waitingForMember: waiting,
      sentAt: version.sentAt?.toISOString() ?? null,
      sentBy: version.sentBy,
      needsMemberApproval: review.needsMemberApproval,
      canDecide: waiting && !isStaff(caller.roles) && caller.memberId !== null && !resigned,
      canWithdraw:
        actsAsStaff(caller.roles) &&
        withdrawProblem({ status: version.status, isChange: true, sentToMember: version.sentToMember }) === null,
      added: review.added,
      removed: review.removed,
      reinstated: review.reinstated,
      changed: review.changed,
      depositChanges: review.deposit,
      deposit: {
        amount: facts.depositAmount,
        frequency: contributionFrequencyLabel(facts.contributionFrequency, `code ${facts.contributionFrequency}`),
        firstDate: projection?.nextDeposit?.date ?? null,
      },
      paidByHand: review.paidByHand,
      forecast: forecastVerdictView(projection?.forecast ?? null, resigned),
      termEnd:
        review.isRenewal && this.termEnd
          ? await this.termEndOf(em, agreementId, version.previousId, facts.depositAmount)
          : null,
    };
  }

  private async termEndOf(em: EntityManager, id: number, previousId: number, depositAmount: Cents) {
    const answer = await this.termEnd!.renewalReview(em, { id, previousId, depositAmount });
    return { ...answer, choice: answer.choice as TermEndChoiceView };
  }

  /**
   * The projection of the version as approving would make it: a modification waiting for the member through the
   * applier's preview (rolled back); otherwise (a renewal, or one no longer waiting) the version as it stands (a
   * version not applied yet is projected on the schedule the applier will store).
   */
  private async forecastOf(
    em: EntityManager,
    agreementId: number,
    preview: boolean,
  ): Promise<AgreementProjection | null> {
    const read = async (tx: EntityManager) => {
      const facts = await loadAgreementFacts(tx, agreementId);
      if (!facts) return null;
      // Read as the running agreement it becomes: its own bills and deposits (written by the preview).
      return this.projections.forAgreement(tx, preview ? { ...facts, status: AgreementStatus.Active } : facts);
    };
    if (preview) return this.applier.preview(em, agreementId, read);
    return read(em);
  }

  private async resigned(em: EntityManager, caller: CurrentUser): Promise<boolean> {
    if (caller.memberId === null || isStaff(caller.roles)) return false;
    const [row] = await em.execute<{ is_resigned: boolean }[]>('select is_resigned from member where id = ?', [
      caller.memberId,
    ]);
    return row?.is_resigned === true;
  }

  /**
   * The account's new agreement (status 0) or modification or renewal (status 9) on its way, if any: the member's
   * overview offers to review it when staff sent it (activated it); staff see that it waits for the member (or that it
   * is still being prepared).
   */
  async waiting(
    em: EntityManager,
    user: CurrentUser | null,
    accountId: number,
  ): Promise<AgreementChangeWaiting | null> {
    const caller = requireUser(user);
    await assertAccountAccess(em, caller, accountId);
    const [row] = await em.execute<{ id: number }[]>(
      `select id from agreement where account_id = ?
         and ((status = ? and previous_id is not null) or (status = ? and previous_id is null))
       order by id desc limit 1`,
      [accountId, AgreementStatus.ModificationPendingApproval, AgreementStatus.PendingApproval],
    );
    if (!row) return null;
    const version = await reviewedVersion(em, Number(row.id));
    if (!version) return null;
    const sent = version.sentToMember;
    if (!sent && !isStaff(caller.roles)) return null; // still staff's work: the member has nothing to decide
    const message = waitingMessage(
      version.previousId === null ? 'new' : version.isRenewal ? 'renewal' : 'change',
      sent,
      isStaff(caller.roles),
    );
    return {
      agreementId: version.id,
      previousAgreementId: version.previousId,
      isRenewal: version.isRenewal,
      waitingForMember: sent,
      sentAt: version.sentAt?.toISOString() ?? null,
      sentBy: version.sentBy,
      message,
    };
  }
}
