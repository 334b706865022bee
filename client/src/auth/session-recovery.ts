import { appEvents, type SessionEndRoute } from '../shared/event-bus';
import { sessionStore, type SessionStore } from './session';
import { onAuthRefusal, refreshDelay } from './session-rules';
import { refreshGrant, type TokenResult } from './token-api';

export interface SessionRecovery {
  /** Renews the access token; concurrent callers share one request. False (session cleared) on failure. */
  refresh(): Promise<boolean>;
  /** Called when the server refuses our credentials: true when the request should be retried once. */
  recover(alreadyRetried: boolean): Promise<boolean>;
  /** Clears the session and announces the page to go to. */
  end(route: SessionEndRoute): void;
}

interface RecoveryDeps {
  store: SessionStore;
  refreshGrant: (refreshToken: string) => Promise<TokenResult>;
  onEnded: (route: SessionEndRoute) => void;
  now?: () => number;
}

/** Requests refused together (one expired token, many queries) end the session once, on the first route. */
const END_ONCE_WINDOW_MS = 2_000;

export function createSessionRecovery({ store, refreshGrant, onEnded, now = Date.now }: RecoveryDeps): SessionRecovery {
  let inFlight: Promise<boolean> | null = null;
  let lastEndedAt = -Infinity;

  const refresh = (): Promise<boolean> => {
    inFlight ??= (async () => {
      const refreshToken = store.get()?.token.refresh_token;
      if (!refreshToken) return false;
      const result = await refreshGrant(refreshToken);
      // Rotation: the old refresh token is dead either way; any failure means the session is over.
      if (result.ok) store.save(result.token);
      else store.clear();
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

  return { refresh, recover, end };
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
});
