import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { ActivityFilterGroup } from '../activity/index.js';
import { DEFAULT_ACTIVITY_PAGE_SIZE } from './activity.service.js';
import { ActivityPage, ActivityView } from './activity.types.js';

@Resolver()
export class ActivityResolver {
  @Authorized(SIGNED_IN)
  @Query(() => ActivityPage, {
    // Nullable: a page that asks it beside others (the overview's one query) keeps the rest when it fails.
    nullable: true,
    description:
      'The account’s activity history, newest first: page from 1, 25 a page by default (at most 100). ' +
      'Members asking for the Note filter are refused (FORBIDDEN). Null only with an error.',
  })
  activities(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('filters', () => [ActivityFilterGroup], { nullable: true }) filters: ActivityFilterGroup[] | null,
    @Arg('page', () => Int, { nullable: true, defaultValue: 1 }) page: number | null,
    @Arg('pageSize', () => Int, { nullable: true, defaultValue: 25 }) pageSize: number | null,
  ): Promise<ActivityPage | null> {
    return services.activities.page(em, user, {
      memberId,
      accountId,
      filters,
      page: page ?? 1,
      pageSize: pageSize ?? DEFAULT_ACTIVITY_PAGE_SIZE,
    });
  }

  @Authorized(SIGNED_IN)
  @Query(() => ActivityView, { description: 'One activity (access through its agreement’s account).' })
  activity(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('activityId', () => Int) activityId: number,
  ): Promise<ActivityView> {
    return services.activities.one(em, user, activityId);
  }
}
