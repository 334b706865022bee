import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { systemUser } from '../../common/auth/system-user.js';
import type { Cents } from '../../shared/money.js';
import type { AgreementApprovalService } from '../approval/index.js';
import { AgreementStatus } from './agreement-status.js';
import type { AgreementViewService } from './agreement-view.service.js';
import type { AgreementDepositsService } from './deposits/deposits.service.js';
import type { AgreementLifecycleService } from './lifecycle/lifecycle.service.js';
import type { AgreementWizardService } from './wizard/wizard.service.js';

export const DEPOSIT_CHANGE_MESSAGES = {
  approvalRequested: (what: string) =>
    `The change to the deposits needs a manager’s approval: it is waiting in the approvals queue (${what}). Once approved, send it to the member from the wizard.`,
} as const;

/** What changing the deposit did: the modification made, and where it waits. */
export interface DepositChangeOutcome {
  /** The modification (its version). */
  versionId: number;
  message: string;
  /** Sent to the member for approval (status 9). */
  sentToMember: boolean;
  /** Waiting in the managers' approvals queue. */
  waitingForManager: boolean;
}

/** What a change the member asked for did: as any change, and whether the member's tap approved it. */
export interface MemberDepositChangeOutcome extends DepositChangeOutcome {
  /** The member's own approval went with the tap (queued: the change job applies it shortly). */
  approved: boolean;
}

/**
 * The one way a running agreement's deposit changes from outside the wizard (the shortfall's raise, the deposit
 * review accepted): as staff make any change to the deposits. The wizard starts a modification (staff only), the
 * deposits step saves the new amount (its own checks; a refusal discards the modification), and save all sends it to
 * the member; when the agreement needs a manager's approval, the approval is asked for instead and the change waits
 * in the approvals queue.
 */
export class DepositChangeService {
  constructor(
    private readonly wizard: AgreementWizardService,
    private readonly deposits: AgreementDepositsService,
    private readonly lifecycle: AgreementLifecycleService,
    private readonly approvals: AgreementApprovalService,
    private readonly agreements: AgreementViewService,
  ) {}

  /**
   * Staff change the deposit: the modification, its deposits step and save all (or the approvals asked for) in one
   * transaction, the caller's when it has one (a savepoint), so a failure anywhere leaves no half-made change.
   */
  async change(
    em: EntityManager,
    actor: CurrentUser,
    account: { memberId: number; accountId: number },
    deposit: Cents,
    reason: string,
  ): Promise<DepositChangeOutcome> {
    return em.transactional((tx) => this.changeIn(tx, actor, account, deposit, reason));
  }

  /**
   * The member asks for a new deposit (a deposit review accepted, the shortfall's raise): the same change, prepared by
   * the system user `preparedAs` (only staff start a modification; it shows in the history by its name), and the
   * member's tap is their approval when it goes to them; when a manager must approve first it waits in the approvals
   * queue and comes back to the member. One transaction (the caller's when it has one).
   */
  async changeForMember(
    em: EntityManager,
    member: CurrentUser,
    preparedAs: string,
    account: { memberId: number; accountId: number },
    deposit: Cents,
    reason: string,
  ): Promise<MemberDepositChangeOutcome> {
    return em.transactional(async (tx) => {
      const actor = await systemUser(tx, preparedAs);
      const done = await this.changeIn(tx, actor, account, deposit, reason);
      if (!done.sentToMember) return { ...done, approved: false };
      const answer = await this.agreements.approve(tx, member, done.versionId);
      return { ...done, approved: answer.ok, sentToMember: !answer.ok };
    });
  }

  /**
   * Why a change of the deposit cannot start on the account now, or null: the wizard's Modify entry rule (a running
   * version, no other change on its way), decided for `actor` (staff, or the system user a member's change is
   * prepared as) exactly as `change` and `changeForMember` meet it.
   */
  async refusal(
    em: EntityManager,
    actor: CurrentUser,
    accountId: number,
  ): Promise<{ code: string; message: string } | null> {
    const entry = await this.wizard.modifyEntry(em, actor, accountId);
    return entry.allowed ? null : entry.refusal;
  }

  private async changeIn(
    em: EntityManager,
    actor: CurrentUser,
    account: { memberId: number; accountId: number },
    deposit: Cents,
    reason: string,
  ): Promise<DepositChangeOutcome> {
    const session = await this.wizard.startModification(em, actor, account.memberId, account.accountId);
    const versionId = session.agreementId;
    // A refusal of the deposits step (its own checks) rolls the whole transaction back: no modification is left.
    await this.saveDeposit(em, actor, versionId, deposit);
    const requested = await this.approvals.requestMissing(em, actor, versionId, reason);
    if (requested.length > 0) {
      return {
        versionId,
        message: DEPOSIT_CHANGE_MESSAGES.approvalRequested(requested.join(', ')),
        sentToMember: false,
        waitingForManager: true,
      };
    }
    const saved = await this.lifecycle.saveAll(em, actor, versionId);
    return {
      versionId,
      message: saved.message,
      sentToMember: saved.status === AgreementStatus.ModificationPendingApproval,
      waitingForManager: false,
    };
  }

  /** The deposits step saved as it stands, with the new amount. */
  private async saveDeposit(em: EntityManager, actor: CurrentUser, versionId: number, deposit: Cents): Promise<void> {
    const step = await this.deposits.load(em, actor, versionId);
    const view = step.deposits;
    await this.deposits.save(em, actor, versionId, {
      contributionFrequency: view.contributionFrequency,
      contributionAmount: deposit,
      contributionDate: view.contributionDate,
      biMonthly1stDate: view.biMonthly1stDate,
      biMonthly2ndDate: view.biMonthly2ndDate,
      selectedContributionDate: view.selectedContributionDate,
      depositType: view.depositType,
      remitterName: view.remitterName,
      remitterNumber: view.remitterNumber,
      periodicalPaymentAccount: view.periodicalPaymentAccount,
      isTopupPerformed: view.isTopupPerformed,
      isRemoveBillPerformed: view.isRemoveBillPerformed,
      topupAccount: view.topupAccount,
    });
  }
}
