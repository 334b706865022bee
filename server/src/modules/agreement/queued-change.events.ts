import type { EventBus } from '../../graphql/event-bus.js';
import { QueuedChangeStage } from './queued-change-stage.js';
import type { QueuedChangeStatus } from './queued-change.types.js';

/** The bus topic of one account's queued-change status. */
export function queuedChangeTopic(accountId: number): string {
  return `queued-change:${accountId}`;
}

/** Failure messages are short texts of ours; cut them so an event always fits a NOTIFY payload. */
const MAX_MESSAGE = 500;

export function queuedChangeStatus(
  accountId: number,
  stage: QueuedChangeStage,
  agreementId: number | null = null,
  message: string | null = null,
): QueuedChangeStatus {
  return { accountId, agreementId, stage, message: message === null ? null : message.slice(0, MAX_MESSAGE) };
}

/** Announces a stage; call it only after the transaction that made the change has committed. */
export function publishQueuedChange(events: EventBus, status: QueuedChangeStatus): void {
  events.publish(queuedChangeTopic(status.accountId), status);
}

/** Reads an event back into a status (events cross process boundaries as JSON). */
export function toQueuedChangeStatus(payload: unknown): QueuedChangeStatus | null {
  if (!payload || typeof payload !== 'object') return null;
  const value = payload as Record<string, unknown>;
  const stage = Object.values(QueuedChangeStage).find((s) => s === value.stage);
  if (typeof value.accountId !== 'number' || !stage) return null;
  return queuedChangeStatus(
    value.accountId,
    stage,
    typeof value.agreementId === 'number' ? value.agreementId : null,
    typeof value.message === 'string' ? value.message : null,
  );
}
