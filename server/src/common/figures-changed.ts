import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventBus } from '../graphql/event-bus.js';
import { afterCommit, rootTransaction, runAfterCommitOn } from './after-commit.js';

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
  /** The deposits still to come changed without a new version (a hardship arrangement's relief). */
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

/** Per ORM (its configuration is shared by every fork and transaction of it). */
const busByOrm = new WeakMap<object, EventBus>();
/** Per outermost transaction: what it changed, published once after its commit. */
const pendingByTransaction = new WeakMap<object, Pending>();

/** From here on, figure changes recorded on this ORM are published on `events` after their commit (app.ts). */
export function announceFiguresOn(em: EntityManager, events: EventBus): void {
  runAfterCommitOn(em);
  busByOrm.set(em.config, events);
}

/**
 * Records that `change` happened in `em`'s transaction: published after the outermost transaction commits (one event
 * per transaction, whatever the number of calls), never after a rollback; at once outside a transaction. A no-op
 * where nobody announces (scripts, seeding).
 */
export function figuresChanged(em: EntityManager, change: FiguresChange): void {
  const events = busByOrm.get(em.config);
  if (!events) return;
  const context = em.getTransactionContext() as object | undefined;
  if (!context) {
    publishFigures(events, pendingOf(change));
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
  afterCommit(em, () => {
    pendingByTransaction.delete(root);
    publishFigures(events, fresh);
  });
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
