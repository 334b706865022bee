import type { EventSubscriber, MikroORM, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { rootTransaction } from '../../common/after-commit.js';
import type { EventBus } from '../../graphql/event-bus.js';
import { publishActivityAdded, type ActivityAddedEvent } from './activity.events.js';

/**
 * Every activity written is announced to `activityAdded` subscribers once the transaction that wrote it has
 * committed, and never when it rolls back. Writers only record what they wrote (`announceActivities`, called by
 * the one activity writer); this subscriber of the ORM's transaction events publishes after the commit of the
 * outermost transaction, so no service has to remember to publish.
 */
const pendingByTransaction = new WeakMap<object, ActivityAddedEvent[]>();

export class ActivityAnnouncer implements EventSubscriber {
  constructor(private readonly events: EventBus) {}

  publish(list: readonly ActivityAddedEvent[]): void {
    for (const event of list) publishActivityAdded({ events: this.events }, event.accountId, event.activityId);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    const list = pendingByTransaction.get(transaction);
    if (!list) return;
    pendingByTransaction.delete(transaction);
    this.publish(list);
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction) pendingByTransaction.delete(transaction);
  }
}

/** Turns the announcements on for this ORM (the server does, after loading its demo data). */
export function announceActivitiesOn(orm: MikroORM, events: EventBus): ActivityAnnouncer {
  const announcer = new ActivityAnnouncer(events);
  orm.em.getEventManager().registerSubscriber(announcer);
  return announcer;
}

function announcerOf(em: EntityManager): ActivityAnnouncer | undefined {
  for (const subscriber of em.getEventManager().getSubscribers()) {
    if (subscriber instanceof ActivityAnnouncer) return subscriber;
  }
  return undefined;
}

/**
 * Records activities just written on `em`: published after its transaction commits (at once without one). A
 * no-op where nobody announces (scripts, seeding).
 */
export function announceActivities(em: EntityManager, written: readonly ActivityAddedEvent[]): void {
  if (written.length === 0) return;
  const announcer = announcerOf(em);
  if (!announcer) return;
  const context = em.getTransactionContext() as object | undefined;
  if (!context) {
    announcer.publish(written);
    return;
  }
  const root = rootTransaction(context);
  const list = pendingByTransaction.get(root);
  if (list) list.push(...written);
  else pendingByTransaction.set(root, [...written]);
}
