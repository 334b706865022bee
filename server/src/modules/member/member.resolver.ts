import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { PUBLIC, SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { MemberView, RegisterInterestInput, RegisterInterestResult } from './member.types.js';

@Resolver()
export class MemberResolver {
  @Authorized(SIGNED_IN)
  @Query(() => MemberView, { description: 'A member: members may ask only for themselves.' })
  member(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
  ): Promise<MemberView> {
    return services.members.getMember(em, user, memberId);
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
