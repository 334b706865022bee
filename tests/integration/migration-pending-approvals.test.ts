import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ormOptions } from '../../server/src/database/orm-config.js';
import { migratorOf } from '../../server/src/database/migrations.js';
import { createScratchDatabase, databaseUrl } from './ledger-fixture.js';

/**
 * The migration that makes one arrears request pending per bill (issue 21 item 3) upgrades a database where the
 * attack had already queued repeats: it keeps each bill's first pending request, and every decided one.
 */
describe.skipIf(!databaseUrl)('migration: one pending arrears approval per bill', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase('pending_approvals');
    drop = scratch.drop;
    const options = ormOptions(scratch.url, { pool: { min: 0, max: 1 } });
    orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true } });
  });
  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });

  it('keeps the first pending request of each bill and every decided one', async () => {
    await (await migratorOf(orm)).up({ to: 'Migration20261124123912_core_banking_statement' });
    const em = orm.em.fork();
    // Rows without their agreement, bill and users: only the approvals matter here (foreign keys off for them).
    await em.transactional(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      await tx.execute(
        `insert into approval (id, agreement_id, approval_type, bill_id, requested_by_id, approver_id, manager_name,
           note, approval_granted) values
         (1, 1, 3, 429, 7, null, '', 'first', false), (2, 1, 3, 429, 7, null, '', 'again', false),
         (3, 1, 3, 429, 7, 9, 'M', 'decided', true), (4, 1, 3, 430, 7, null, '', 'first', false),
         (5, 1, 3, 430, 7, null, '', 'again', false), (6, 1, 1, null, 7, null, '', 'overdraw', false),
         (7, 1, 3, 431, 7, null, '', 'only', false)`,
      );
    });
    await (await migratorOf(orm)).up({ to: 'Migration20261125100000_one_pending_arrears_approval' });
    const rows = await em.execute<{ id: number }[]>('select id from approval order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 3, 4, 6, 7]);
    const repeat = em.transactional(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      await tx.execute(
        `insert into approval (id, agreement_id, approval_type, bill_id, manager_name, note, approval_granted)
         values (8, 1, 3, 429, '', 'x', false)`,
      );
    });
    await expect(repeat).rejects.toThrow(/approval_one_pending_per_bill/);
  });
});
