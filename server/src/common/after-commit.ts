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

/** Runs the callbacks kept for a transaction once its outermost transaction commits; drops them on a rollback. */
class AfterCommit implements EventSubscriber {
  readonly pending = new WeakMap<object, (() => void)[]>();

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    const callbacks = this.pending.get(transaction);
    if (!callbacks) return;
    this.pending.delete(transaction);
    for (const callback of callbacks) callback();
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction) this.pending.delete(transaction);
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
