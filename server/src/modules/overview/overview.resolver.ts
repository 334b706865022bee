import { Arg, Authorized, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { SIGNED_IN, STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { NoteView } from '../note/index.js';
import { AccountOverview } from './overview.types.js';

@Resolver(() => AccountOverview)
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
    return services.overview.accountOverview(em, user, memberId, accountId, { withNotes: false });
  }

  /** Read on its own, after the overview: a failure nulls the notes only, with their error, not the page. */
  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @FieldResolver(() => [NoteView], { nullable: true, description: 'Staff only: the agreement’s notes, newest first.' })
  notes(@Ctx() { em, services }: GraphQLContext, @Root() overview: AccountOverview): Promise<NoteView[]> {
    return services.overview.notes(em, overview.accountId);
  }
}
