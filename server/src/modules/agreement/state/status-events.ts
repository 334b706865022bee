import type { EntityManager } from '@mikro-orm/postgresql';
import { runAfterCommitOn } from '../../../common/after-commit.js';
import type { EventBus } from '../../../graphql/event-bus.js';
import type { AgreementStatus } from '../agreement-status.js';
import type { AgreementEvent, FromStatus } from './transitions.rules.js';

/** One status change written by the status writer (ids and codes only: it travels on the event bus as it is). */
export interface StatusChange {
  agreementId: number;
  accountId: number;
  /** The version it changes or renews (null for a new agreement). */
  previousId: number | null;
  event: AgreementEvent;
  from: FromStatus;
  to: AgreementStatus;
  /** The activity the change recorded, if any. */
  activityId: number | null;
}

/**
 * Called inside the transaction of every status change, after it is written (e.g. to queue the member's notice in
 * the same transaction, exactly once). A listener that throws rolls the change back.
 */
export type StatusListener = (tx: EntityManager, changes: readonly StatusChange[]) => Promise<void>;

interface StatusHooks {
  events: EventBus | null;
  listeners: StatusListener[];
}

/** Per ORM: its configuration is the one object every fork and transaction of it shares. */
const hooksByOrm = new WeakMap<object, StatusHooks>();

function hooksOf(em: EntityManager): StatusHooks {
  let hooks = hooksByOrm.get(em.config);
  if (!hooks) {
    hooks = { events: null, listeners: [] };
    hooksByOrm.set(em.config, hooks);
  }
  return hooks;
}

/** The bus topic of one account's agreement status changes. */
export function agreementStatusTopic(accountId: number): string {
  return `agreement-status:${accountId}`;
}

/**
 * From here on, status changes on this ORM are announced on `events` after their commit. Call it with `orm.em` before
 * any transaction starts (app.ts).
 */
export function publishStatusChangesOn(em: EntityManager, events: EventBus): void {
  runAfterCommitOn(em);
  hooksOf(em).events = events;
}

/** Adds a listener called in the transaction of every status change on this ORM (`orm.em` and its forks). */
export function onAgreementStatusChange(em: EntityManager, listener: StatusListener): void {
  hooksOf(em).listeners.push(listener);
}

export function statusListeners(em: EntityManager): readonly StatusListener[] {
  return hooksOf(em).listeners;
}

export function statusEventBus(em: EntityManager): EventBus | null {
  return hooksOf(em).events;
}

/** Reads an event back into a change (events cross process boundaries as JSON). */
export function toStatusChange(payload: unknown): StatusChange | null {
  if (!payload || typeof payload !== 'object') return null;
  const value = payload as Record<string, unknown>;
  if (typeof value.agreementId !== 'number' || typeof value.accountId !== 'number') return null;
  if (typeof value.to !== 'number' || typeof value.event !== 'string') return null;
  return value as unknown as StatusChange;
}
