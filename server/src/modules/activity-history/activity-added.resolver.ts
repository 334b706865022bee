import { Arg, Authorized, Int, Resolver, Root, Subscription } from 'type-graphql';
import { SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { watchActivityAdded } from './activity-feed.js';
import { ActivityView } from './activity.types.js';

@Resolver()
export class ActivityAddedResolver {
  @Authorized(SIGNED_IN)
  @Subscription(() => ActivityView, {
    name: 'activityAdded',
    description: 'Each new activity of the account, as it is written (members: their own accounts only).',
    subscribe: ({ args, context }) =>
      watchActivityAdded(context as GraphQLContext, (args as { accountId: number }).accountId),
  })
  activityAdded(@Root() activity: ActivityView, @Arg('accountId', () => Int) _accountId: number): ActivityView {
    return activity;
  }
}
