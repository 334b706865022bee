import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventBus } from '../graphql/event-bus.js';
import { afterCommit, beforeCommit, rootTransaction, runAfterCommitOn } from './after-commit.js';

/**
 * "The figures people see changed" (issue 25 item 4): one event, published after the commit of every change that moves
 * what a screen shows — money moved (the ledger writer: pay, top up, reimburse, reverse, deposits, settlement), a status
 * changed (the status writer: modify, approve, apply, lock, arrears …; a change waiting behind the version in force
 * moving to applying only for the change's own pages) and a bank day's step done (today moved, bills
 * fell due). The `figuresChanged` subscription (agreement/projection/figures-feed.ts) passes it on, filtered by who
 * may see which account; the client's shell then refetches the open screens. Ids only, as every event.
 */
export enum FiguresChangeReason {
  MoneyMoved = 'MONEY_MOVED',
  StatusChanged = 'STATUS_CHANGED',
  BankDay = 'BANK_DAY',
  /**
   * The deposits still to come changed without a new version: a hardship arrangement's relief, or a deposit the bank
   * day marked missed (also of an agreement already in arrears, where no status changes).
   */
  DepositsChanged = 'DEPOSITS_CHANGED',
  /** A request for help with payments was opened, arranged or closed. */
  Hardship = 'HARDSHIP',
  /**
   * Only a change waiting behind the version in force moved, from queued to applying: no figure of the account and no
   * screen of it but the change's own pages (agreement/state/status-seen.rules.ts).
   */
  WaitingChangeStage = 'WAITING_CHANGE_STAGE',
  /**
   * An agreement open in the wizard changed without a status change: a biller or sub-category saved, removed or
   * reinstated, its deposits saved (agreement/wizard/wizard-version.ts#versionEdited). A new agreement in setup is what
   * its account's overview shows, so the member's open overview follows staff as they set it up.
   */
  AgreementEdited = 'AGREEMENT_EDITED',
  /**
   * An open deposit review was worked out again (a new figure offered, or closed as the deposit fits now): only the
   * review's own screens (its panel, the staff worklist). Announced by the review itself (agreement/review/).
   */
  DepositReviewed = 'DEPOSIT_REVIEWED',
}

export const FIGURES_CHANGED_TOPIC = 'figures-changed';

/** What travels on the bus: the accounts whose figures changed, or every account (a bank day). */
export interface FiguresChangedEvent {
  accountIds: number[];
  everyAccount: boolean;
  reasons: FiguresChangeReason[];
}

export interface FiguresChange {
  accountIds?: Iterable<number>;
  everyAccount?: boolean;
  reason: FiguresChangeReason;
}

/** Account ids per event: a bank day's batch of thousands is cut so each event stays far below NOTIFY's limit. */
export const MAX_ACCOUNTS_PER_EVENT = 500;

interface Pending {
  accountIds: Set<number>;
  everyAccount: boolean;
  reasons: Set<FiguresChangeReason>;
}

/**
 * Called in the transaction of every change of figures, once, just before it commits, with everything the transaction
 * announced (its accounts merged, its reasons): e.g. to queue work that follows the change, exactly once with it. A
 * listener that throws rolls the change back. Not called for an announcement outside a transaction.
 */
export type FiguresListener = (tx: EntityManager, change: FiguresChangedEvent) => Promise<void>;

/** Per ORM (its configuration is shared by every fork and transaction of it). */
const busByOrm = new WeakMap<object, EventBus>();
const listenersByOrm = new WeakMap<object, FiguresListener[]>();
/** Per outermost transaction: what it changed, published once after its commit. */
const pendingByTransaction = new WeakMap<object, Pending>();

/** From here on, figure changes recorded on this ORM are published on `events` after their commit (app.ts). */
export function announceFiguresOn(em: EntityManager, events: EventBus): void {
  runAfterCommitOn(em);
  busByOrm.set(em.config, events);
}

/**
 * From here on, `listener` is called in the transaction of every change of figures recorded on this ORM, just before
 * it commits (`FiguresListener`). Call it with `orm.em` at start (app.ts), before any transaction starts.
 */
export function onFiguresChanged(em: EntityManager, listener: FiguresListener): void {
  runAfterCommitOn(em);
  const listeners = listenersByOrm.get(em.config);
  if (listeners) listeners.push(listener);
  else listenersByOrm.set(em.config, [listener]);
}

/**
 * Records that `change` happened in `em`'s transaction: published after the outermost transaction commits (one event
 * per transaction, whatever the number of calls), never after a rollback; at once outside a transaction. The
 * listeners (`onFiguresChanged`) hear the transaction's changes once, just before its commit. A no-op where nobody
 * announces or listens (scripts, seeding).
 */
export function figuresChanged(em: EntityManager, change: FiguresChange): void {
  const events = busByOrm.get(em.config);
  const listeners = listenersByOrm.get(em.config);
  if (!events && !listeners) return;
  const context = em.getTransactionContext() as object | undefined;
  if (!context) {
    if (events) publishFigures(events, pendingOf(change));
    return;
  }
  const root = rootTransaction(context);
  const pending = pendingByTransaction.get(root);
  if (pending) {
    merge(pending, change);
    return;
  }
  const fresh = pendingOf(change);
  pendingByTransaction.set(root, fresh);
  if (listeners) {
    beforeCommit(em, async (tx) => {
      const heard = eventOf(fresh);
      for (const listener of listeners) await listener(tx, heard);
    });
  }
  afterCommit(em, () => {
    pendingByTransaction.delete(root);
    if (events) publishFigures(events, fresh);
  });
}

/** A transaction's changes as one event (every account id once, in order). */
function eventOf(pending: Pending): FiguresChangedEvent {
  return {
    accountIds: [...pending.accountIds].sort((a, b) => a - b),
    everyAccount: pending.everyAccount,
    reasons: [...pending.reasons].sort(),
  };
}

function pendingOf(change: FiguresChange): Pending {
  const pending: Pending = { accountIds: new Set(), everyAccount: false, reasons: new Set() };
  merge(pending, change);
  return pending;
}

function merge(pending: Pending, change: FiguresChange): void {
  for (const id of change.accountIds ?? []) pending.accountIds.add(id);
  if (change.everyAccount) pending.everyAccount = true;
  pending.reasons.add(change.reason);
}

function publishFigures(events: EventBus, pending: Pending): void {
  const reasons = [...pending.reasons].sort();
  if (pending.everyAccount) {
    events.publish(FIGURES_CHANGED_TOPIC, {
      accountIds: [],
      everyAccount: true,
      reasons,
    } satisfies FiguresChangedEvent);
    return;
  }
  const ids = [...pending.accountIds].sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += MAX_ACCOUNTS_PER_EVENT) {
    const accountIds = ids.slice(i, i + MAX_ACCOUNTS_PER_EVENT);
    events.publish(FIGURES_CHANGED_TOPIC, { accountIds, everyAccount: false, reasons } satisfies FiguresChangedEvent);
  }
}

/** Reads an event back (events cross process boundaries as JSON). */
export function toFiguresChangedEvent(payload: unknown): FiguresChangedEvent | null {
  if (!payload || typeof payload !== 'object') return null;
  const value = payload as Record<string, unknown>;
  if (!Array.isArray(value.accountIds) || !value.accountIds.every((id) => Number.isInteger(id))) return null;
  const known = Object.values(FiguresChangeReason) as string[];
  const reasons = Array.isArray(value.reasons)
    ? value.reasons.filter((r): r is FiguresChangeReason => typeof r === 'string' && known.includes(r))
    : [];
  return { accountIds: value.accountIds as number[], everyAccount: value.everyAccount === true, reasons };
}
