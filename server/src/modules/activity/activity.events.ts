import type { EventBus } from '../../graphql/event-bus.js';

/** What travels on the bus when an activity row is written: ids only; subscribers load the row themselves. */
export interface ActivityAddedEvent {
  accountId: number;
  activityId: number;
}

/** The bus topic of one account's new activities. */
export function activityAddedTopic(accountId: number): string {
  return `activity-added:${accountId}`;
}

/**
 * Announces a new activity of an account to `activityAdded` subscribers, after the transaction that wrote it has
 * committed (never inside it: a rollback would leave subscribers with a ghost). Services do not call it: activities
 * are written by `activity-writer.ts`, and `activity-announcer.ts` publishes them after the commit.
 */
export function publishActivityAdded(services: { events: EventBus }, accountId: number, activityId: number): void {
  services.events.publish(activityAddedTopic(accountId), { accountId, activityId } satisfies ActivityAddedEvent);
}

export function toActivityAddedEvent(payload: unknown): ActivityAddedEvent | null {
  if (!payload || typeof payload !== 'object') return null;
  const { accountId, activityId } = payload as Record<string, unknown>;
  return typeof accountId === 'number' && typeof activityId === 'number' ? { accountId, activityId } : null;
}
