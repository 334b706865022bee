import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { AccountListItem } from './account.types.js';

@Resolver()
export class AccountResolver {
  @Authorized(SIGNED_IN)
  @Query(() => [AccountListItem], { description: 'The member’s accounts for the select-account page.' })
  accountList(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
  ): Promise<AccountListItem[]> {
    return services.accounts.accountList(em, user, memberId);
  }
}
