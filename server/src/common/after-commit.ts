import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** MikroORM marks a savepoint's transaction with its parent under this (module-private) symbol. */
export function rootTransaction(transaction: object): object {
  let current = transaction as Record<symbol, unknown>;
  for (let depth = 0; depth < 32; depth++) {
    const key = Object.getOwnPropertySymbols(current).find((s) => s.description === 'parentTransaction');
    const parent = key ? current[key] : undefined;
    if (!parent || typeof parent !== 'object') return current;
    current = parent as Record<symbol, unknown>;
  }
  return current;
}

/**
 * Runs the callbacks kept for a transaction once its outermost transaction commits; drops them on a rollback. The
 * work kept for "just before the commit" runs in the transaction, awaited: what it writes commits with it.
 */
class AfterCommit implements EventSubscriber {
  readonly pending = new WeakMap<object, (() => void)[]>();
  readonly beforeCommit = new WeakMap<object, ((tx: EntityManager) => Promise<void>)[]>();

  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    if (!transaction) return;
    const work = this.beforeCommit.get(transaction);
    if (!work) return;
    this.beforeCommit.delete(transaction);
    // The transaction's own EntityManager, as MikroORM hands it over (bound to it); else one bound to it here.
    let tx = em as EntityManager;
    if (tx.getTransactionContext() !== transaction) {
      tx = tx.fork();
      tx.setTransactionContext(transaction);
    }
    for (const callback of work) await callback(tx);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    const callbacks = this.pending.get(transaction);
    if (!callbacks) return;
    this.pending.delete(transaction);
    for (const callback of callbacks) callback();
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    this.pending.delete(transaction);
    this.beforeCommit.delete(transaction);
  }
}

/**
 * Lets `afterCommit` work on this ORM: registered once on its event manager before any transaction starts (each
 * transaction works on a copy of the event manager holding the same subscribers).
 */
export function runAfterCommitOn(em: EntityManager): void {
  if (!subscriberOf(em)) em.getEventManager().registerSubscriber(new AfterCommit());
}

function subscriberOf(em: EntityManager): AfterCommit | undefined {
  for (const subscriber of em.getEventManager().getSubscribers()) {
    if (subscriber instanceof AfterCommit) return subscriber;
  }
  return undefined;
}

/**
 * Runs `callback` after the transaction `em` is in has committed (at once outside a transaction), never after a
 * rollback: for announcing a change on the event bus only once it is true for every reader. Answers false, without
 * running it, on an ORM that `runAfterCommitOn` was not called for (scripts, seeding).
 */
export function afterCommit(em: EntityManager, callback: () => void): boolean {
  const subscriber = subscriberOf(em);
  if (!subscriber) return false;
  const context = em.getTransactionContext() as object | undefined;
  if (!context) {
    callback();
    return true;
  }
  const root = rootTransaction(context);
  const list = subscriber.pending.get(root);
  if (list) list.push(callback);
  else subscriber.pending.set(root, [callback]);
  return true;
}

/**
 * Runs `work` in the transaction `em` is in, once, just before its outermost transaction commits (awaited: its writes
 * commit with the transaction, and its failure rolls the transaction back). For work that depends on everything the
 * transaction did (the figures it announced), written with it: a job queued this way exists once the transaction
 * commits and never when it rolls back. Answers false, without keeping it, outside a transaction or on an ORM that
 * `runAfterCommitOn` was not called for.
 */
export function beforeCommit(em: EntityManager, work: (tx: EntityManager) => Promise<void>): boolean {
  const subscriber = subscriberOf(em);
  const context = em.getTransactionContext() as object | undefined;
  if (!subscriber || !context) return false;
  const root = rootTransaction(context);
  const list = subscriber.beforeCommit.get(root);
  if (list) list.push(work);
  else subscriber.beforeCommit.set(root, [work]);
  return true;
}
