import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { SIGNED_IN } from '../../../common/auth/roles.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import type { DepositReviewAnswer } from './review.service.js';
import { DepositReviewTrigger, DepositReviewView } from './review.types.js';

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
}
