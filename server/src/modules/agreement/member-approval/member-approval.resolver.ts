import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SIGNED_IN } from '../../../common/auth/roles.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import { ApproveAgreementResult } from '../agreement-view.types.js';
import { AgreementChangeReview, AgreementChangeWaiting } from './member-approval.types.js';

@Resolver()
export class MemberApprovalResolver {
  @Authorized(SIGNED_IN)
  @Query(() => AgreementChangeReview, {
    description:
      'A modification or renewal as the member reviews it before approving or declining: what changes, the ' +
      'deposits, the bills paid by hand and the forecast as approving would make it.',
  })
  agreementChangeReview(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
  ): Promise<AgreementChangeReview> {
    return services.memberApproval.review(em, user, agreementId);
  }

  @Authorized(SIGNED_IN)
  @Query(() => AgreementChangeWaiting, {
    nullable: true,
    description:
      'The account’s new agreement, modification or renewal on its way: for the member, one staff sent them to ' +
      'approve (or decline); for staff, also one still being prepared.',
  })
  agreementChangeWaiting(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<AgreementChangeWaiting | null> {
    return services.memberApproval.waiting(em, user, accountId);
  }

  @Authorized(SIGNED_IN)
  @Mutation(() => ApproveAgreementResult, {
    description:
      'A member of the account declines a modification or renewal staff sent them (9 → 6): the running agreement ' +
      'stays as it was.',
  })
  declineAgreementChange(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
  ): Promise<ApproveAgreementResult> {
    return services.agreements.decline(em, user, agreementId, reason ?? null);
  }
}
