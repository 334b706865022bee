import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { external, linkedAccount, rainyDay } from '../../server/src/modules/ledger/ledger.types.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { cents, type Cents } from '../../server/src/shared/money.js';
import pg from 'pg';
import { ormOptions } from '../../server/src/database/orm-config.js';
import { applyMigrations } from '../../server/src/database/migrations.js';
import { givenDatabaseUrl, maintenanceClient, withDatabase } from '../support/database.js';

/**
 * A dedicated, empty database per test file on the PostgreSQL server of DATABASE_URL (CI sets it). Without it the
 * ledger tests skip: the immutability triggers must be proven on real PostgreSQL.
 */
export const databaseUrl = givenDatabaseUrl;

export const SKIP_MESSAGE =
  'DATABASE_URL is not set: the ledger and migration tests need a real PostgreSQL server ' +
  '(e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)';

if (!databaseUrl) console.warn(`[skipped] ${SKIP_MESSAGE}`);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await maintenanceClient();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A database named after the test file (and the base database), dropped first if a previous run left it. */
export async function createScratchDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!databaseUrl) throw new Error(SKIP_MESSAGE);
  const base = new URL(databaseUrl).pathname.slice(1) || 'postgres';
  const name = `${base}_${label}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 60);
  await admin(async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
  return {
    url: withDatabase(databaseUrl, name),
    drop: () => admin(async (client) => void (await client.query(`drop database if exists "${name}" with (force)`))),
  };
}

/** An ORM on the database, migrated to the latest migration. */
export async function openMigrated(url: string, maxConnections = 4): Promise<MikroORM> {
  const options = ormOptions(url, { pool: { min: 0, max: maxConnections } });
  const orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true } });
  await applyMigrations(orm);
  return orm;
}

/** A plain client for SQL the ORM must not soften (the triggers' refusals). */
export async function rawClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/**
 * Money the member holds put into an agreement's rainy day, as a test's setup: `amount` credited to the member's
 * linked account by the core bank (a salary), then moved from it to the agreement's rainy day (a top-up, with its
 * activity), both on `date`, in `tx`.
 */
export async function salaryIntoRainyDay(
  tx: EntityManager,
  given: { memberId: number; agreementId: number; linkedAccountId: number; amount: Cents; date: LocalDate },
): Promise<void> {
  const { memberId, agreementId, linkedAccountId, amount, date } = given;
  const ledger = new LedgerService();
  await ledger.post(tx, {
    type: LedgerTransactionType.CoreBankingCredit,
    memberId,
    effectiveDate: date,
    description: 'Salary',
    lines: [
      { account: external(), amount: cents(-amount) },
      { account: linkedAccount(linkedAccountId), amount },
    ],
  });
  await ledger.post(tx, {
    type: LedgerTransactionType.RainyDayTopUp,
    agreementId,
    effectiveDate: date,
    description: 'Rainy-day top-up',
    lines: [
      { account: linkedAccount(linkedAccountId), amount: cents(-amount) },
      { account: rainyDay(agreementId), amount },
    ],
    activity: { type: 20, details: 'Rainy-day top-up for the test' },
  });
}
