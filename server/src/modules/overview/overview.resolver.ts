import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { AccountOverview } from './overview.types.js';

@Resolver()
export class OverviewResolver {
  @Authorized(SIGNED_IN)
  @Query(() => AccountOverview, {
    description: 'The overview page: agreement summary, balances, billers, upcoming bills, activity totals, notes.',
  })
  accountOverview(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<AccountOverview> {
    return services.overview.accountOverview(em, user, memberId, accountId);
  }
}
