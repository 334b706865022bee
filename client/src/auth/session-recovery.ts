import { appEvents, type SessionEndRoute } from '../shared/event-bus';
import { sessionStore, type SessionStore, type TokenResponse } from './session';
import { onAuthRefusal, refreshDelay } from './session-rules';
import { announceRenewal, tabChannel } from './tab-renewals';
import { refreshGrant, type TokenResult } from './token-api';

export interface SessionRecovery {
  /** Renews the access token; concurrent callers share one request. False (session cleared) on failure. */
  refresh(): Promise<boolean>;
  /** Called when the server refuses our credentials: true when the request should be retried once. */
  recover(alreadyRetried: boolean): Promise<boolean>;
  /** Clears the session and announces the page to go to. */
  end(route: SessionEndRoute): void;
  /**
   * The person is logging out: refusals of requests still in flight with the old token (a refetch, the session-events
   * socket closing) are expected, not news, and must not move them to "Not authorised" or "Session expired".
   */
  loggingOut(): void;
}

interface RecoveryDeps {
  store: SessionStore;
  refreshGrant: (refreshToken: string) => Promise<TokenResult>;
  onEnded: (route: SessionEndRoute) => void;
  /** Tells the session's other tabs of a renewal (tab-renewals.ts). */
  onRenewed?: (used: string, token: TokenResponse) => void;
  now?: () => number;
}

/** Requests refused together (one expired token, many queries) end the session once, on the first route. */
const END_ONCE_WINDOW_MS = 2_000;

/** How long after a logout a refusal is taken as the old session's (its requests and socket wind down). */
export const LOGOUT_QUIET_MS = 10_000;

export function createSessionRecovery({
  store,
  refreshGrant,
  onEnded,
  onRenewed,
  now = Date.now,
}: RecoveryDeps): SessionRecovery {
  let inFlight: Promise<boolean> | null = null;
  let lastEndedAt = -Infinity;
  let loggedOutAt = -Infinity;

  const refresh = (): Promise<boolean> => {
    inFlight ??= (async () => {
      const refreshToken = store.get()?.token.refresh_token;
      if (!refreshToken) return false;
      const result = await refreshGrant(refreshToken);
      // Rotation: the old refresh token is dead either way; any failure means the session is over.
      if (result.ok) {
        store.save(result.token);
        onRenewed?.(refreshToken, result.token);
      } else store.clear();
      return result.ok;
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const end = (route: SessionEndRoute) => {
    store.clear();
    if (now() - lastEndedAt < END_ONCE_WINDOW_MS) return;
    lastEndedAt = now();
    onEnded(route);
  };

  const recover = async (alreadyRetried: boolean): Promise<boolean> => {
    if (now() - loggedOutAt < LOGOUT_QUIET_MS) return false;
    const session = store.get();
    const action = onAuthRefusal({
      hasStoredSession: session !== null,
      hasRefreshToken: Boolean(session?.token.refresh_token),
      alreadyRetried,
    });
    if (action !== 'refresh') {
      end(action);
      return false;
    }
    if (await refresh()) return true;
    end('/expired');
    return false;
  };

  const loggingOut = () => {
    loggedOutAt = now();
  };

  return { refresh, recover, end, loggingOut };
}

/** Renews the access token shortly before it expires; returns a stop function. */
export function scheduleProactiveRefresh(store: SessionStore, recovery: SessionRecovery, now = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const plan = () => {
    clearTimeout(timer);
    const delay = refreshDelay(store.get(), now());
    if (delay === null) return;
    timer = setTimeout(() => {
      void recovery.refresh().then((ok) => {
        if (!ok) recovery.end('/expired');
      });
    }, delay);
  };
  plan();
  const unsubscribe = store.subscribe(plan);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

export const sessionRecovery = createSessionRecovery({
  store: sessionStore,
  refreshGrant: (refreshToken) => refreshGrant(refreshToken),
  onEnded: (route) => appEvents.emit('session-ended', { route }),
  onRenewed: (used, token) => announceRenewal(tabChannel(), used, token),
});
