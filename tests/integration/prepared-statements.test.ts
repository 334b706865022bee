import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/src/database/database.js';
import { runPrepared, statementName } from '../../server/src/database/prepared.js';
import { createScratchDatabase, databaseUrl, openMigrated, SKIP_MESSAGE } from './ledger-fixture.js';

/** runPrepared: a constant statement prepared once per connection, on PostgreSQL and on the embedded database. */

const PLUS_ONE = 'select ?::int + 1 as answer';

describe('statementName', () => {
  it('names a text the same way every time, and different texts differently, within PostgreSQL’s 63 bytes', () => {
    expect(statementName(PLUS_ONE)).toBe(statementName(`${PLUS_ONE}`));
    expect(statementName(PLUS_ONE)).not.toBe(statementName('select ?::int + 2 as answer'));
    expect(statementName(PLUS_ONE).length).toBeLessThanOrEqual(63);
  });
});

describe('runPrepared on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'billsmoothing-prepared-'));
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: undefined, dataDir });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs again on the pool’s next connection, though the one backend still holds the first one’s statement', async () => {
    const ask = (value: number) => runPrepared<{ answer: number }>(database.orm.em.fork(), PLUS_ONE, [value]);
    expect(await ask(1)).toEqual([{ answer: 2 }]);
    expect(await ask(2)).toEqual([{ answer: 3 }]);
    // A new pool and so a new connection: PGlite keeps the session, the new client knows no statement.
    await database.orm.close(true);
    await database.orm.connect();
    expect(await ask(41)).toEqual([{ answer: 42 }]);
  });
});

describe.skipIf(!databaseUrl)('runPrepared on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let orm: MikroORM;
  beforeAll(async () => {
    if (!databaseUrl) throw new Error(SKIP_MESSAGE);
    scratch = await createScratchDatabase('prepared_statements');
    orm = await openMigrated(scratch.url, 2);
  }, 120_000);
  afterAll(async () => {
    await orm?.close(true);
    await scratch?.drop();
  });

  it('is a prepared statement of the connection it ran on', async () => {
    const em = orm.em.fork();
    await em.transactional(async (tx) => {
      await runPrepared(tx, PLUS_ONE, [1]);
      const held = await runPrepared<{ name: string }>(tx, 'select name from pg_prepared_statements where name = ?', [
        statementName(PLUS_ONE),
      ]);
      expect(held).toEqual([{ name: statementName(PLUS_ONE) }]);
    });
  });

  it('runs in the entity manager’s transaction: it sees what the transaction wrote and has not committed', async () => {
    const count = 'select count(*)::int as n from member where member_number = ?';
    await orm.em.fork().transactional(async (tx) => {
      await tx.execute(`insert into member (member_number, first_name, last_name) values ('prep-1', 'Pre', 'Pared')`);
      expect(await runPrepared(tx, count, ['prep-1'])).toEqual([{ n: 1 }]);
      expect(await runPrepared(orm.em.fork(), count, ['prep-1'])).toEqual([{ n: 0 }]);
    });
  });
});
