import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { LocalDateScalar } from '../../graphql/scalars.js';
import type { LocalDate } from '../../shared/local-date.js';
import { PUBLIC, SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { MemberAccount } from './member-account.types.js';
import { MemberView, RegisterInterestInput, RegisterInterestResult } from './member.types.js';

@Resolver(() => MemberView)
export class MemberResolver {
  @FieldResolver(() => LocalDateScalar, {
    nullable: true,
    description: 'The day the member last registered interest in bill smoothing (the no-member page); null if never.',
  })
  interestRegisteredOn(@Ctx() { em, services }: GraphQLContext, @Root() member: MemberView): Promise<LocalDate | null> {
    return services.members.interestRegisteredOn(em, member.memberId);
  }

  @Authorized(SIGNED_IN)
  @Query(() => MemberView, { description: 'A member: members may ask only for themselves.' })
  member(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
  ): Promise<MemberView> {
    return services.members.getMember(em, user, memberId);
  }

  @Authorized(SIGNED_IN)
  @Query(() => MemberAccount, { description: 'An account and the member-account link (the member area’s guard).' })
  memberAccount(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<MemberAccount> {
    return services.memberDirectory.memberAccount(em, user, memberId, accountId);
  }

  @Authorized(PUBLIC)
  @Mutation(() => RegisterInterestResult, { description: 'The no-member page’s register-interest form (public).' })
  async registerInterest(
    @Ctx() { em, services, clientAddress }: GraphQLContext,
    @Arg('input', () => RegisterInterestInput) input: RegisterInterestInput,
  ): Promise<RegisterInterestResult> {
    const errors = await services.members.registerInterest(em, input, clientAddress ?? 'unknown');
    return { ok: errors.length === 0, errors };
  }
}
