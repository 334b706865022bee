import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import type { Clock } from '../../../shared/clock.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { loadMemberAccount } from '../../overview/account-context.js';
import type { SettingsService } from '../../settings/index.js';
import type { AgreementFacts } from '../agreement-facts.js';
import { loadBillers, type BillerFacts } from '../agreement-billers.js';
import { loadStoredPlans } from '../plan/plan-reader.js';
import type { ProjectionService } from '../projection/projection.service.js';
import { reviewDue, reviewProposal, type ReviewDue, type ReviewProposal } from './review-proposal.rules.js';
import { reviewTableOf, type ReviewBiller, type ReviewTable } from './review-table.rules.js';
import { loadTermBills } from './review.queries.js';
import { DepositReviewStatus } from './review-codes.js';
import { reviewRecordAction } from './review-record.rules.js';
import {
  insertReviews,
  reviewHistory,
  runningAgreementFacts,
  supersedeReviews,
  supersedeStaleReviews,
  type ReviewToRecord,
} from './review-store.js';

/** What a scheduled review run did. */
export interface ReviewRun {
  reviewed: number;
  proposed: number;
  kept: number;
  unchanged: number;
  superseded: number;
}

/** An agreement reviewed: its per-bill table, the deposit proposed and whether a review is due. */
export interface DepositReview {
  agreementId: number;
  table: ReviewTable;
  /** Null for an agreement with nothing to propose (ended, or no deposit still to come). */
  proposal: ReviewProposal | null;
  due: ReviewDue | null;
}

export interface DepositReviewAnswer extends DepositReview {
  accountId: number;
}

function reviewBillerOf(biller: BillerFacts): ReviewBiller {
  return { key: biller.key, name: biller.nickname, amountVaries: biller.amountVaries };
}

/**
 * The deposit that reviews itself (issue 24 item 2): each agreement's per-bill table (`review-table.rules.ts`) and the
 * deposit it needs (`review-proposal.rules.ts`), from the projection's input (`ProjectionService.inputsFor`), the
 * billers and the term's bills: set-based for any number of agreements (the scheduled review), or one member's
 * account with the access check of every member page.
 */
export class DepositReviewService {
  constructor(
    private readonly projections: ProjectionService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** The review of a member's current agreement; null without one. */
  async forAccount(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<DepositReviewAnswer | null> {
    const caller = requireUser(user);
    const context = await loadMemberAccount(em, caller, memberId, accountId);
    if (!context.agreement) return null;
    const review = (await this.forAgreements(em, [context.agreement])).get(context.agreement.id) ?? null;
    return review && { ...review, accountId: context.accountId };
  }

  /**
   * Each agreement's review. `lastReviewed` (the last review of each agreement, when the caller keeps them) starts the
   * calendar; without one it counts from when the version took effect (its stored plan), else its start date.
   */
  async forAgreements(
    em: EntityManager,
    agreements: readonly AgreementFacts[],
    lastReviewed: ReadonlyMap<number, LocalDate> = new Map(),
  ): Promise<Map<number, DepositReview>> {
    const today = this.clock.today();
    const everyMonths = (await this.settings.serverSettings(em)).depositReviewEveryMonths;
    const ids = agreements.map((agreement) => agreement.id);
    const inputs = await this.projections.inputsFor(em, agreements);
    const billers = new Map<number, ReviewBiller[]>();
    for (const biller of await loadBillers(em, ids)) {
      const list = billers.get(biller.agreementId) ?? [];
      list.push(reviewBillerOf(biller));
      billers.set(biller.agreementId, list);
    }
    const termBills = await loadTermBills(em, ids);
    const plans = await loadStoredPlans(em, ids);
    const result = new Map<number, DepositReview>();
    for (const agreement of agreements) {
      const input = inputs.get(agreement.id);
      if (!input) continue;
      const bills = termBills.get(agreement.id) ?? [];
      const table = reviewTableOf(input, billers.get(agreement.id) ?? [], bills);
      const proposal = reviewProposal(input, table, bills, agreement.contributionFrequency);
      const due =
        proposal &&
        reviewDue({
          today,
          lastReviewedOn: lastReviewed.get(agreement.id) ?? null,
          since: plans.get(agreement.id)?.effectiveDate ?? agreement.startDate,
          everyMonths,
          deposit: agreement.depositAmount,
          endOfTermBalance: proposal.endOfTermBalance,
          lowestBalance: proposal.lowestBalance,
        });
      result.set(agreement.id, { agreementId: agreement.id, table, proposal, due });
    }
    return result;
  }

  /**
   * The scheduled review (the `agreement-deposit-review` job): every running version reviewed, in one transaction;
   * each due review recorded by rule "record a review" (at most one open per agreement), open reviews of versions
   * that no longer run superseded.
   */
  async reviewAll(em: EntityManager): Promise<ReviewRun> {
    const today = this.clock.today();
    return em.transactional(async (tx) => {
      let superseded = await supersedeStaleReviews(tx);
      const agreements = await runningAgreementFacts(tx);
      const history = await reviewHistory(
        tx,
        agreements.map((agreement) => agreement.id),
      );
      const reviews = await this.forAgreements(tx, agreements, history.lastReviewed);
      const toRecord: ReviewToRecord[] = [];
      const toSupersede: number[] = [];
      let kept = 0;
      for (const agreement of agreements) {
        const review = reviews.get(agreement.id);
        if (!review) continue;
        const decided = reviewRecordAction(review.due, review.proposal, history.open.get(agreement.id) ?? null);
        if (decided.action === 'none') continue;
        if (decided.action === 'keep') {
          kept += 1;
          continue;
        }
        if (decided.supersede !== null) toSupersede.push(decided.supersede);
        toRecord.push({
          agreement,
          reason: review.due!.reason!,
          proposal: review.proposal!,
          status: decided.action === 'propose' ? DepositReviewStatus.Pending : DepositReviewStatus.Unchanged,
        });
      }
      await supersedeReviews(tx, toSupersede);
      superseded += toSupersede.length;
      await insertReviews(tx, today, toRecord);
      const proposed = toRecord.filter((review) => review.status === DepositReviewStatus.Pending).length;
      return {
        reviewed: agreements.length,
        proposed,
        kept,
        unchanged: toRecord.length - proposed,
        superseded,
      };
    });
  }
}
