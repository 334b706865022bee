import { AsyncLocalStorage } from 'node:async_hooks';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * Catches a query that runs outside its open transaction: code inside `em.transactional(tx => …)` (or anything it
 * awaits) that asks the pool for a connection instead of using the transaction's own one: a call on the outer
 * `em`, on `orm.em`, on a fresh fork, `em.getConnection().execute` without the transaction, pg-boss without `{ db }`.
 *
 * On the embedded database that query waits for the only connection, which its own transaction holds: the request
 * and everyone else's freeze until knex gives up 60 s later (issue 21). On PostgreSQL it runs on a second connection,
 * sees none of the transaction's writes and can wait on its locks. With the guard the query fails at once with
 * `QueryOutsideTransactionError`, whose stack names the caller and whose message names where the transaction began.
 *
 * How: each outermost transaction runs its callback in an AsyncLocalStorage scope; the pool's `acquireConnection` is
 * refused inside a scope (or a scope's child) whose transaction holds its connection. A transaction's own queries
 * never ask the pool (knex gives its client the transaction's connection), and work merely started by a transaction
 * and awaited by no one still runs once the scope is closed.
 */

interface TransactionScope {
  /** Set from the moment the transaction holds its connection until it has committed or rolled back. */
  holding: boolean;
  /** Where the transaction began (a stack), for the error. */
  began: Error;
  parent: TransactionScope | undefined;
}

const scopes = new AsyncLocalStorage<TransactionScope>();

export class QueryOutsideTransactionError extends Error {
  constructor(began: Error) {
    const origin = (began.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line) && !/node_modules|node:|transaction-guard/.test(line))
      .slice(0, 6)
      .join('\n');
    super(
      'A query asked the pool for a connection while its own transaction held one: it would wait for that ' +
        'transaction forever on the embedded database. Run it on the transaction (the `tx` of em.transactional, ' +
        'jobs.send(tx, …)), not on an outer EntityManager, orm.em, a fresh fork or the pool. The transaction began:\n' +
        origin,
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

function heldScope(): TransactionScope | undefined {
  for (let scope = scopes.getStore(); scope; scope = scope.parent) if (scope.holding) return scope;
  return undefined;
}

type Transactional = (cb: (trx: unknown) => Promise<unknown>, options?: { ctx?: unknown }) => Promise<unknown>;

interface GuardedKnexClient {
  acquireConnection(): Promise<unknown>;
}

/** Installs the guard on an ORM's connection: its root transactions get a scope, its pool refuses them. */
export function guardTransactions(orm: MikroORM): void {
  const connection = orm.em.getConnection() as unknown as { transactional: Transactional };
  const transactional = connection.transactional.bind(connection);
  connection.transactional = (cb, options = {}) => {
    // A savepoint runs on its parent's connection, inside the parent's scope.
    if (options.ctx) return transactional(cb, options);
    const scope: TransactionScope = {
      holding: false,
      began: new Error('transaction began'),
      parent: scopes.getStore(),
    };
    return scopes.run(scope, async () => {
      try {
        return await transactional(async (trx) => {
          scope.holding = true;
          return cb(trx);
        }, options);
      } finally {
        scope.holding = false;
      }
    });
  };
  const client = orm.em.getConnection().getKnex().client as GuardedKnexClient;
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = async () => {
    const held = heldScope();
    if (!held) return acquire();
    // Thrown after an await, so that the error's async stack trace names the callers (the query's author).
    await Promise.resolve();
    throw new QueryOutsideTransactionError(held.began);
  };
}
