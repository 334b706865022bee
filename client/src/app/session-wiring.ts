import type { ApolloClient } from '@apollo/client';
import type { SessionStore } from '../auth/session';
import { scheduleProactiveRefresh, type SessionRecovery } from '../auth/session-recovery';
import type { EventBus, AppEvents, SessionEndRoute } from '../shared/event-bus';

/** Root fields that hold no user data: they survive a change of user. */
const SHARED_ROOT_FIELDS = new Set(['serverSettings', 'clientSettings']);

/**
 * Forgets everything cached for the previous user, keeping the institution's settings. On a sign-out nothing is
 * announced to the queries still watching (`broadcast: false`): told their data is gone, the member screens' queries
 * (kept alive a moment by the route preloads) would fetch again with no token, each refused UNAUTHENTICATED (issue 8).
 */
export function purgeUserData(client: ApolloClient, { broadcast = true }: { broadcast?: boolean } = {}): void {
  client.cache.modify({
    id: 'ROOT_QUERY',
    fields: (value, { fieldName, DELETE }) => (SHARED_ROOT_FIELDS.has(fieldName) ? value : DELETE),
    broadcast,
  });
  client.cache.gc();
}

interface WiringDeps {
  store: SessionStore;
  recovery: SessionRecovery;
  client: ApolloClient;
  events: EventBus<AppEvents>;
  navigate: (to: SessionEndRoute, state?: { message: string }) => void;
}

/**
 * Connects the session to the rest of the app: proactive token refresh, leaving for the expired or unauthorized
 * page when the session ends, and a clean cache whenever the user changes. Returns a stop function.
 */
export function connectSession({ store, recovery, client, events, navigate }: WiringDeps): () => void {
  const stopRefresh = scheduleProactiveRefresh(store, recovery);
  const stopEnded = events.on('session-ended', ({ route, message }) =>
    navigate(route, message ? { message } : undefined),
  );
  let user = store.get()?.username ?? null;
  const stopUserWatch = store.subscribe(() => {
    const next = store.get()?.username ?? null;
    if (next === user) return;
    user = next;
    purgeUserData(client, { broadcast: next !== null });
  });
  return () => {
    stopRefresh();
    stopEnded();
    stopUserWatch();
  };
}
