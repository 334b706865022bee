import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Role, SIGNED_IN, STAFF_ROLES } from '../../../common/auth/roles.js';
import { withUserErrors } from '../../../graphql/user-error.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import type { DepositReviewAnswer, ReviewDecision } from './review.service.js';
import { DepositReviewStatus } from './review-codes.js';
import {
  DepositReviewDecisionResult,
  DepositReviewOutcomeView,
  DepositReviewTrigger,
  DepositReviewView,
} from './review.types.js';

function view(answer: DepositReviewAnswer): DepositReviewView {
  const { table, proposal, due } = answer;
  return {
    accountId: answer.accountId,
    agreementId: answer.agreementId,
    asOf: table.asOf,
    rows: table.rows,
    totals: table.totals,
    proposal,
    due: due && { ...due, reason: due.reason as DepositReviewTrigger | null },
    open: answer.open,
    closed: answer.closed && {
      reviewId: answer.closed.reviewId,
      reviewedOn: answer.closed.reviewedOn,
      outcome:
        answer.closed.status === DepositReviewStatus.Dismissed
          ? DepositReviewOutcomeView.Dismissed
          : DepositReviewOutcomeView.Accepted,
    },
  };
}

function decision(result: { value: ReviewDecision | null; errors: DepositReviewDecisionResult['errors'] }) {
  const value = result.value;
  return {
    ok: value !== null && result.errors.length === 0,
    message: value?.message ?? null,
    changeAgreementId: value?.changeAgreementId ?? null,
    approved: value?.approved ?? false,
    sentToMember: value?.sentToMember ?? false,
    waitingForManager: value?.waitingForManager ?? false,
    errors: result.errors,
  };
}

/** The deposit that reviews itself (issue 24 item 2): thin over `DepositReviewService`; access is the service's. */
@Resolver()
export class DepositReviewResolver {
  @Authorized(SIGNED_IN)
  @Query(() => DepositReviewView, {
    nullable: true,
    description:
      'The current agreement’s per-bill table (estimate, paid so far, expected by term end, difference, contingency), the deposit a review proposes, explained bill by bill, and whether a review is due. Null without an agreement.',
  })
  async depositReview(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<DepositReviewView | null> {
    const answer = await services.depositReviews.forAccount(em, user, memberId, accountId);
    return answer && view(answer);
  }

  @Authorized(Role.MEMBER, ...STAFF_ROLES)
  @Mutation(() => DepositReviewDecisionResult, {
    description:
      'The member accepts the open deposit review in one tap (a modification of the deposit, approved by the member with the tap; a manager approves first when the agreement needs one), or staff send it to the member for approval. Not the reporter.',
  })
  async acceptDepositReview(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('reviewId', () => Int) reviewId: number,
  ): Promise<DepositReviewDecisionResult> {
    return decision(
      await withUserErrors(() => services.depositReviews.accept(em, user, { memberId, accountId, reviewId })),
    );
  }

  @Authorized(Role.MEMBER)
  @Mutation(() => DepositReviewDecisionResult, {
    description: 'The member asks staff to look at the open deposit review instead: the worklist row says they asked.',
  })
  async referDepositReview(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('reviewId', () => Int) reviewId: number,
  ): Promise<DepositReviewDecisionResult> {
    return decision(
      await withUserErrors(() => services.depositReviews.refer(em, user, { memberId, accountId, reviewId })),
    );
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => DepositReviewDecisionResult, {
    description:
      'Staff dismiss the open deposit review, saying why: it closes with no change, its worklist row goes, the member sees it closed; the history and the audit keep the reason. Not the reporter.',
  })
  async dismissDepositReview(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('reviewId', () => Int) reviewId: number,
    @Arg('reason') reason: string,
  ): Promise<DepositReviewDecisionResult> {
    return decision(
      await withUserErrors(() => services.depositReviews.dismiss(em, user, { memberId, accountId, reviewId, reason })),
    );
  }
}
