/** A tiny typed event bus: `on` returns its own unsubscribe. */
export interface EventBus<Events extends Record<string, unknown>> {
  on<K extends keyof Events>(name: K, handler: (payload: Events[K]) => void): () => void;
  emit<K extends keyof Events>(name: K, payload: Events[K]): void;
}

export function createEventBus<Events extends Record<string, unknown>>(): EventBus<Events> {
  const handlers = new Map<keyof Events, Set<(payload: never) => void>>();
  return {
    on(name, handler) {
      const set = handlers.get(name) ?? new Set();
      set.add(handler);
      handlers.set(name, set);
      return () => {
        set.delete(handler);
      };
    },
    emit(name, payload) {
      for (const handler of [...(handlers.get(name) ?? [])]) (handler as (value: typeof payload) => void)(payload);
    },
  };
}

/** Where a user goes when their session ends: the expired or unauthorized page, or the site root after a logout. */
export type SessionEndRoute = '/expired' | '/unauthorized' | '/';

export interface AppEvents extends Record<string, unknown> {
  /** The member or account in view changed (spec 1 §2: broadcast so open panels reload). */
  'member-changed': { memberId: number; accountId: number };
  /** The server refused our credentials and no refresh helped: leave for this page. */
  'session-ended': { route: SessionEndRoute; message?: string };
}

export const appEvents = createEventBus<AppEvents>();
