import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from './session';

/** A page rendered ahead of time (the login page's first paint, client/build/first-paint.ts) has no session. */
const noSession = (): Session | null => null;

/** The current session; re-renders when it is saved, refreshed or cleared. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, noSession);
}
