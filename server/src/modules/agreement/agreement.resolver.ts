import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SIGNED_IN } from '../../common/auth/roles.js';
import type { Cents } from '../../shared/money.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { MoneyScalar } from '../../graphql/scalars.js';
import { AgreementGraphs, AgreementView, ApproveAgreementResult, AccountForecast } from './agreement-view.types.js';

@Resolver()
export class AgreementResolver {
  @Authorized(SIGNED_IN)
  @Query(() => AgreementView, { description: 'An agreement, read-only (the view-agreement page).' })
  agreement(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
  ): Promise<AgreementView> {
    return services.agreements.view(em, user, agreementId);
  }

  @Authorized(SIGNED_IN)
  @Query(() => MoneyScalar, {
    description: 'The rainy-day money held back from use (e.g. for a payment still pending).',
  })
  unavailableRainyDayAmount(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
  ): Promise<Cents> {
    return services.agreements.unavailableRainyDay(em, user, agreementId);
  }

  @Authorized(SIGNED_IN)
  @Mutation(() => ApproveAgreementResult, {
    description:
      'A member of the account approves a new agreement (0) or a change (9) staff sent them: it is queued (2) to be ' +
      'applied. A version staff have not sent yet is refused (NOT_SENT_TO_MEMBER).',
  })
  approveAgreement(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
  ): Promise<ApproveAgreementResult> {
    return services.agreements.approve(em, user, agreementId);
  }

  @Authorized(SIGNED_IN)
  @Query(() => AgreementGraphs, {
    description: 'The graphs page: allocation by category, the forecast to the end date, monthly history.',
  })
  agreementGraphs(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('step', () => Int, { nullable: true, defaultValue: 1 }) step: number | null,
  ): Promise<AgreementGraphs> {
    return services.agreementGraphs.graphs(em, user, memberId, accountId, step ?? 1);
  }

  @Authorized(SIGNED_IN)
  @Query(() => AccountForecast, {
    description:
      'The overview’s forecast verdict: the graphs page’s own (on track, or when it goes short and the top-up that avoids it).',
  })
  accountForecast(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<AccountForecast> {
    return services.agreementGraphs.accountForecast(em, user, memberId, accountId);
  }
}
