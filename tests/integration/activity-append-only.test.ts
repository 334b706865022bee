import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';

/**
 * The history keeps everything (issue 26 item 6): the database refuses any code that deletes an activity or changes
 * what it says; only a payment's transaction status (and its bank-window mark) moves, and a reference goes to null
 * with the row it named.
 */

let server: TestServer;
let activityId: number;

beforeAll(async () => {
  server = await startTestServer();
  const [row] = await sql<{ id: number }>(server, 'select id from activity order by id limit 1');
  activityId = Number(row.id);
});
afterAll(async () => {
  await server?.stop();
});

describe('activities are append-only', () => {
  it.each([
    ['delete', 'delete from activity where id = ?'],
    ['rewrite the details', "update activity set details = 'rewritten' where id = ?"],
    ['rewrite the notes', "update activity set notes = 'rewritten' where id = ?"],
    ['change the type', 'update activity set type = 11 where id = ?'],
    ['move it in time', "update activity set occurred_at = occurred_at - interval '1 day' where id = ?"],
    ['change the amount', 'update activity set balance_change = balance_change + 1 where id = ?'],
    ['change its data', `update activity set data = coalesce(data, '{}'::jsonb) || '{"x": 1}'::jsonb where id = ?`],
    [
      'move it to another agreement',
      'update activity a set agreement_id = (select g.id from agreement g where g.id is distinct from a.agreement_id limit 1) where a.id = ?',
    ],
  ])('refuses to %s', async (_what, statement) => {
    const [before] = await sql<Record<string, unknown>>(server, 'select * from activity where id = ?', [activityId]);
    await expect(sql(server, statement, [activityId])).rejects.toThrow(/activities are append-only/);
    const [after] = await sql<Record<string, unknown>>(server, 'select * from activity where id = ?', [activityId]);
    expect(after).toEqual(before);
  });

  it('refuses truncating the history', async () => {
    await expect(sql(server, 'truncate activity cascade')).rejects.toThrow(/append-only/);
  });

  it('lets a payment’s status move (the bank’s answer), and nothing else with it', async () => {
    const [payment] = await sql<{ id: number }>(
      server,
      'select id from activity where transaction_status is not null order by id limit 1',
    );
    await sql(
      server,
      `update activity set transaction_status = 2, data = coalesce(data, '{}'::jsonb) || '{"bankWindow": "x"}'::jsonb
       where id = ?`,
      [payment.id],
    );
    const [moved] = await sql<{ transaction_status: number }>(
      server,
      'select transaction_status from activity where id = ?',
      [payment.id],
    );
    expect(Number(moved.transaction_status)).toBe(2);
  });
});
