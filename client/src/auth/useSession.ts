import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from './session';

/** The current session; re-renders when it is saved, refreshed or cleared. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
