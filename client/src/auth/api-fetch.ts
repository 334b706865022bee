import { idleHeader } from './activity';
import { sessionStore, type SessionStore } from './session';
import { sessionRecovery, type SessionRecovery } from './session-recovery';

interface ApiFetchDeps {
  store: SessionStore;
  recovery: Pick<SessionRecovery, 'recover'>;
  fetchImpl: typeof fetch;
}

const defaultDeps: ApiFetchDeps = {
  store: sessionStore,
  recovery: sessionRecovery,
  fetchImpl: (...args) => fetch(...args),
};

/**
 * `fetch` for the legacy `/api/` routes: bearer token, no caching, and on 401 one refresh and retry; a second
 * refusal (or none possible) ends the session on the expired or unauthorized page.
 */
export async function apiFetch(
  path: string,
  init: RequestInit = {},
  deps: ApiFetchDeps = defaultDeps,
): Promise<Response> {
  const send = () => {
    const headers = new Headers(init.headers);
    const token = deps.store.get()?.token.access_token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(idleHeader())) headers.set(name, value);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    return deps.fetchImpl(path, { ...init, headers, cache: 'no-store' });
  };
  const first = await send();
  if (first.status !== 401 || !(await deps.recovery.recover(false))) return first;
  const second = await send();
  if (second.status === 401) await deps.recovery.recover(true);
  return second;
}
