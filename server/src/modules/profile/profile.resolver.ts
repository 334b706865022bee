import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { Profile } from './profile.types.js';

@Resolver()
export class ProfileResolver {
  @Authorized(SIGNED_IN)
  @Query(() => Profile, { description: 'The profile page: the account’s members, savings accounts, preferences.' })
  profile(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<Profile> {
    return services.profiles.profile(em, user, memberId, accountId);
  }
}
