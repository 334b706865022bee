import { EVENTS_ONLY } from '../shared/subscription-events';
import { useSessionEventsSubscription } from '../gql/hooks';
import { sessionEndRoute } from './session-rules';
import { sessionRecovery } from './session-recovery';
import { useSession } from './useSession';

function SessionEventsListener() {
  useSessionEventsSubscription({
    ...EVENTS_ONLY,
    onData: ({ data }) => {
      const event = data.data?.sessionEvents;
      if (event?.type === 'ENDED') sessionRecovery.end(sessionEndRoute(event.reason));
    },
  });
  return null;
}

/**
 * While signed in, listens for the end of this session elsewhere (a logout in another tab, a revocation) and leaves
 * with it. Keyed by user so that a new sign-in subscribes on a fresh connection with its own token.
 */
export function SessionWatcher() {
  const session = useSession();
  return session ? <SessionEventsListener key={session.username} /> : null;
}
