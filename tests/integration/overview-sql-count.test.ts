import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { execute, parse } from 'graphql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../server/src/common/auth/current-user.js';
import { Role } from '../../server/src/common/auth/roles.js';
import { fixedClock } from '../../server/src/shared/clock.js';
import { ActivityService } from '../../server/src/modules/activity-history/activity.service.js';
import { OverviewService } from '../../server/src/modules/overview/overview.service.js';
import type { GraphQLContext } from '../../server/src/graphql/context.js';
import { buildAppSchema } from '../../server/src/graphql/schema.js';
import type { Services } from '../../server/src/services.js';
import { createScratchDatabase, databaseUrl, openMigrated } from './ledger-fixture.js';

/**
 * The overview runs a constant number of SQL statements whatever the size of the agreement (1, 10 or 100 billers,
 * thousands of bills and activities): it loads set-based, one statement per kind of row, never one per biller.
 *
 * How statements are counted: every statement that reaches PostgreSQL goes through `pg.Client.prototype.query`
 * (knex, MikroORM's `em.find` and raw `em.execute` all end there), so the test wraps that method for the duration
 * of one call. As a cross-check, knex's own `query` event on the ORM's connection is counted too; both must agree.
 */

const TODAY = '2026-06-15';
const SIZES = [1, 10, 100] as const;

interface Fixture {
  billers: number;
  memberId: number;
  accountId: number;
}

const staff: CurrentUser = {
  userId: 1,
  sessionId: 'sql-count',
  username: 'agent',
  displayName: 'Alex Agent',
  roles: [Role.AGENT],
  memberId: null,
};
const member = (memberId: number): CurrentUser => ({ ...staff, username: 'm', roles: [Role.MEMBER], memberId });

async function id(em: EntityManager, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(`${sql} returning id`, params);
  return Number(row.id);
}

/** An active agreement with `billers` billers (every payment method, some automatic, some on hold), 26 bills
 * each, two sub-categories, 20 activities and a note per biller. */
async function seedAgreement(em: EntityManager, billers: number): Promise<Fixture> {
  const memberId = await id(em, `insert into member (member_number, first_name, last_name) values (?, 'Size', ?)`, [
    `sql-${billers}`,
    String(billers),
  ]);
  const accountId = await id(em, 'insert into account (account_number) values (?)', [`9900${billers}`]);
  await em.execute('insert into member_account_link (member_id, account_id) values (?, ?)', [memberId, accountId]);
  const agreementId = await id(
    em,
    `insert into agreement (account_id, status, start_date, end_date, contribution_frequency, deposit_amount)
     values (?, 7, '2026-01-01', '2026-12-31', 2, 500)`,
    [accountId],
  );
  const category = await id(em, `insert into billing_category (name) values (?)`, [`Size ${billers}`]);
  await em.execute(
    `insert into biller (agreement_id, billing_category_id, nickname, payment_method, expected_bill_value,
       billing_frequency, date_of_bill, date_added, is_auto_payment, status, on_hold_date, does_amount_vary)
     select ?, ?, 'Biller ' || k, k % 5, 50 + k, case when k % 2 = 0 then 3 else 2 end, '2026-01-05'::date + (k % 20),
       '2026-01-01', k % 3 = 0, case when k % 17 = 0 then 5 else 1 end,
       case when k % 17 = 0 then '2026-05-05'::date end, k % 4 = 0
     from generate_series(1, ?) k`,
    [agreementId, category, billers],
  );
  await em.execute(
    `insert into billing_sub_category (agreement_id, billing_category_id, nickname, expected_bill_value,
       billing_frequency, date_of_bill, date_added)
     select ?, ?, 'Allocation ' || k, 80, 3, '2026-01-20', '2026-01-01' from generate_series(1, 2) k`,
    [agreementId, category],
  );
  await em.execute(
    `insert into bill (agreement_id, biller_id, due_date, due_date_no_offset, expected_amount, amount_allocated,
       status, paid_amount, paid_date)
     select b.agreement_id, b.id, b.date_of_bill + 14 * k, b.date_of_bill + 14 * k, b.expected_bill_value,
       b.expected_bill_value, case when b.date_of_bill + 14 * k < ?::date then 2 else 0 end,
       case when b.date_of_bill + 14 * k < ?::date then b.expected_bill_value else 0 end,
       case when b.date_of_bill + 14 * k < ?::date then b.date_of_bill + 14 * k end
     from biller b cross join generate_series(0, 25) k where b.agreement_id = ?`,
    [TODAY, TODAY, TODAY, agreementId],
  );
  await em.execute(
    `insert into bill (agreement_id, billing_sub_category_id, due_date, due_date_no_offset, expected_amount,
       amount_allocated)
     select s.agreement_id, s.id, s.date_of_bill + 30 * k, s.date_of_bill + 30 * k, 80, 80
     from billing_sub_category s cross join generate_series(0, 11) k where s.agreement_id = ?`,
    [agreementId],
  );
  await em.execute(
    `insert into activity (type, occurred_at, member_id, account_id, agreement_id, details, notes, agent_name)
     select (array[0, 2, 3, 8, 11, 12, 17, 25, 29, 33])[1 + k % 10], '2026-01-01'::timestamptz + k * interval '1 hour',
       ?, ?, ?, 'Activity ' || k, 'note ' || k, 'Alex Agent'
     from generate_series(1, ?) k`,
    [memberId, accountId, agreementId, billers * 20],
  );
  await em.execute(
    `insert into note (entity_type, entity_id, agreement_id, text, created_by_name)
     select 1, ?, ?, 'Note ' || k, 'Alex Agent' from generate_series(1, ?) k`,
    [agreementId, agreementId, billers],
  );
  return { billers, memberId, accountId };
}

/** Statements sent while `work` runs, counted at the pg client and by knex's query event. */
async function countStatements(orm: MikroORM, work: () => Promise<unknown>): Promise<{ pg: number; knex: number }> {
  const counts = { pg: 0, knex: 0 };
  const original = pg.Client.prototype.query;
  const patched = function (this: pg.Client, ...args: unknown[]) {
    counts.pg += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  const knex = orm.em.getConnection().getKnex();
  const onQuery = () => {
    counts.knex += 1;
  };
  pg.Client.prototype.query = patched as typeof original;
  knex.on('query', onQuery);
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
    knex.off('query', onQuery);
  }
  return counts;
}

describe.skipIf(!databaseUrl)('accountOverview SQL statements', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  const fixtures: Fixture[] = [];
  const overview = new OverviewService(fixedClock(TODAY as never));
  const activities = new ActivityService();

  beforeAll(async () => {
    const scratch = await createScratchDatabase('overview_sql_count');
    drop = scratch.drop;
    orm = await openMigrated(scratch.url);
    const em = orm.em.fork();
    for (const size of SIZES) fixtures.push(await seedAgreement(em, size));
    // A pooled connection for every caller first, so no count includes a connection's set-up statements.
    await Promise.all(Array.from({ length: 4 }, () => orm.em.fork().execute('select 1')));
  });
  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });

  it.each([
    // A member: one statement, the account (with the agreement and the access check) carrying the balances,
    // billers, bills and activity counts as JSON columns. Staff: the same, then the notes.
    ['staff', () => staff, 2],
    ['a member', (f: Fixture) => member(f.memberId), 1],
  ])('is the same count for 1, 10 and 100 billers, for %s', async (_who, userOf, most) => {
    const counts: { billers: number; pg: number; knex: number; shown: number }[] = [];
    for (const fixture of fixtures) {
      let shown = 0;
      const count = await countStatements(orm, async () => {
        const result = await overview.accountOverview(
          orm.em.fork(),
          userOf(fixture),
          fixture.memberId,
          fixture.accountId,
        );
        shown = result.autoBillers.length + result.manualBillers.length;
      });
      counts.push({ billers: fixture.billers, ...count, shown });
    }
    console.log(`accountOverview statements (${_who}):`, JSON.stringify(counts));
    expect(counts.map((c) => c.shown)).toEqual(SIZES.map((n) => n + 2));
    expect(new Set(counts.map((c) => c.pg)).size).toBe(1);
    expect(counts.every((c) => c.pg === c.knex)).toBe(true);
    expect(counts[0].pg).toBeLessThanOrEqual(most as number);
  });

  it('is the same one statement over GraphQL, the summary’s field resolvers included (termEndDue)', async () => {
    const schema = await buildAppSchema();
    // Only the overview's service: a field that read more on its own would fail here, not pass unnoticed.
    const services = { overview } as unknown as Services;
    const document = parse(`query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) {
      agreement { contractId termEndDue } projection { agreementId billsDue { billId } }
      upcomingBills { billId } autoBillers { billerId bills { billId } } manualBillers { billerId }
      activityTotals { payment } } }`);
    const counts: number[] = [];
    for (const fixture of fixtures) {
      const contextValue: GraphQLContext = {
        em: orm.em.fork(),
        user: member(fixture.memberId),
        services,
        requestId: 'sql-count',
      };
      let answer: Awaited<ReturnType<typeof execute>> | undefined;
      const count = await countStatements(orm, async () => {
        answer = await execute({
          schema,
          document,
          contextValue,
          variableValues: { m: fixture.memberId, a: fixture.accountId },
        });
      });
      expect(answer?.errors).toBeUndefined();
      expect(answer?.data).toMatchObject({ accountOverview: { agreement: { termEndDue: false } } });
      counts.push(count.pg);
    }
    expect(counts).toEqual([1, 1, 1]);
  });

  it('keeps an activity page to the same count too', async () => {
    const counts: number[] = [];
    for (const fixture of fixtures) {
      const count = await countStatements(orm, () =>
        activities.page(orm.em.fork(), member(fixture.memberId), {
          memberId: fixture.memberId,
          accountId: fixture.accountId,
          filters: null,
          page: 2,
          pageSize: 25,
        }),
      );
      counts.push(count.pg);
    }
    console.log('activities page statements (member):', JSON.stringify(counts));
    expect(new Set(counts).size).toBe(1);
  });
});
