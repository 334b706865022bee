import { assertAccountAccess, requireUser } from '../../common/auth/access.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { liveStream } from '../../graphql/live-stream.js';
import { ForbiddenError } from '../../shared/errors.js';
import { checkAccountId } from '../agreement/index.js';
import { activityAddedTopic, toActivityAddedEvent } from '../activity/index.js';
import type { ActivityView } from './activity.types.js';

/**
 * The `activityAdded(accountId)` source: the same access rule as the account's queries (a member only their own
 * accounts), then each new activity of the account, loaded through the activity service, which checks access
 * again and shapes the row exactly as the `activity` query does.
 */
export async function watchActivityAdded(
  { em, user, services }: GraphQLContext,
  accountId: number,
): Promise<AsyncIterableIterator<ActivityView>> {
  requireUser(user);
  checkAccountId(accountId);
  await assertAccountAccess(em, user, accountId);
  return liveStream(services.events, activityAddedTopic(accountId), {
    fromEvent: async (payload) => {
      const event = toActivityAddedEvent(payload);
      if (!event || event.accountId !== accountId) return null;
      try {
        return await services.activities.one(em.fork(), user, event.activityId);
      } catch (error) {
        // An activity the subscriber may not read (a staff note on a member's account): not theirs to see, not a fault.
        if (error instanceof ForbiddenError) return null;
        services.logger.warn({ err: error, activityId: event.activityId }, 'activityAdded: could not load activity');
        return null;
      }
    },
  });
}
