import type { EntityManager } from '@mikro-orm/postgresql';
import type PgBoss from 'pg-boss';

/** What a knex instance or transaction offers: its client hands out the connection to run on. */
interface ConnectionSource {
  client: {
    acquireConnection(): Promise<unknown>;
    releaseConnection(connection: unknown): Promise<unknown>;
  };
}

interface PgConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's database adapter over a knex connection source: the ORM's pool (a connection is borrowed for each
 * statement and given back) or a transaction (its own connection, so a job sent inside a business transaction
 * commits and rolls back with it). Every pg-boss 10 operation is one statement or one `BEGIN…COMMIT` string, so
 * borrowing per call is safe; and it is the only way that works on the embedded database's single connection
 * (a second pool there fails or deadlocks), so the real PostgreSQL uses it too: one code path.
 */
export function knexExecutor(source: ConnectionSource, track?: (delta: 1 | -1) => void): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      track?.(1);
      try {
        const connection = (await source.client.acquireConnection()) as PgConnection;
        try {
          // No values: the simple protocol, which runs pg-boss's multi-statement `BEGIN…COMMIT` strings.
          return values === undefined ? await connection.query(text) : await connection.query(text, values);
        } finally {
          await source.client.releaseConnection(connection);
        }
      } finally {
        track?.(-1);
      }
    },
  };
}

/** The ORM's connection pool as a knex connection source. */
export function poolOf(em: EntityManager): ConnectionSource {
  return em.getConnection().getKnex() as unknown as ConnectionSource;
}

/** The EntityManager's open transaction as a knex connection source; null outside a transaction. */
export function transactionOf(em: EntityManager): ConnectionSource | null {
  return (em.getTransactionContext() as ConnectionSource | undefined) ?? null;
}
