import type { EventBus } from '../../graphql/event-bus.js';

/** The bus topic of one session: its end, for the `sessionEvents` subscription and the session's sockets. */
export function sessionTopic(sessionId: string): string {
  return `session:${sessionId}`;
}

/** What travels on a session's topic. */
export interface SessionEndedEvent {
  type: 'ENDED';
  reason: string;
}

/**
 * Announces the end of a session to every tab and socket of it, on every instance. Call it after the session's
 * revocation has committed.
 */
export function publishSessionEnded(events: EventBus, sessionId: string, reason: string): void {
  events.publish(sessionTopic(sessionId), { type: 'ENDED', reason } satisfies SessionEndedEvent);
}

export function isSessionEnded(payload: unknown): payload is SessionEndedEvent {
  return (payload as { type?: unknown } | null)?.type === 'ENDED';
}
