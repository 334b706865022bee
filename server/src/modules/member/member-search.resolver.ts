import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { MemberSearchResult } from './member-search.types.js';

@Resolver()
export class MemberSearchResolver {
  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => [MemberSearchResult], {
    description: 'Staff: members whose number, name or email contains the text (at least 3 characters, at most 20).',
  })
  searchMembers(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('searchString') searchString: string,
    @Arg('resultCount', () => Int, { nullable: true, defaultValue: 20 }) resultCount: number | null,
  ): Promise<MemberSearchResult[]> {
    return services.memberSearch.search(em, user, searchString, resultCount);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => [MemberSearchResult], {
    description: 'Staff: the members holding the account with this number (digits only).',
  })
  membersByAccountNumber(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('accountNumber') accountNumber: string,
    @Arg('maxResults', () => Int, { nullable: true, defaultValue: 20 }) maxResults: number | null,
  ): Promise<MemberSearchResult[]> {
    return services.memberSearch.byAccountNumber(em, user, accountNumber, maxResults);
  }
}
