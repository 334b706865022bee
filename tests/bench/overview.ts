import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { MikroORM } from '@mikro-orm/postgresql';
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode } from 'graphql';
import pg from 'pg';
import { startApp, type App } from '../../server/src/app.js';
import { fixedClock } from '../../server/src/shared/clock.js';
import { parseLocalDate } from '../../server/src/shared/local-date.js';
import { loadConfig } from '../../server/src/config.js';
import { statementName } from '../../server/src/database/prepared.js';
import { ormOptions } from '../../server/src/database/orm-config.js';
import { applyMigrations } from '../../server/src/database/migrations.js';
import { MEMBER_DEMO_PASSWORD } from '../../server/src/seed/demo.js';
import { generateMembers } from '../../server/src/seed/generator.js';
import { createScratchDatabase } from '../integration/ledger-fixture.js';
import { consume, fromSamples, measure, type BenchResult, type BenchRow, type BenchSection } from './harness.js';
import { startHttpCaller, type HttpCall } from './http-caller.js';

/**
 * The overview page's query over HTTP + GraphQL (the overview's summary fragment of the client's own OverviewPage
 * operation, read from client/src/features/overview/overview.graphql), next to the same rows fetched by plain SQL on a pg pool in the
 * same run: the access check, the account with its link and agreement, balances, billers and sub-categories,
 * bills, activity counts. Goals (issue 13 item 8): GraphQL p95 at most 1.75× the SQL baseline's, throughput at
 * least half of it. The same statements prepared are measured beside them for reference. BENCH_MEMBERS generated members
 * (default 300) are seeded into a scratch database made from DATABASE_URL. `npm run bench` runs with the V8 flag
 * of the production start (`--max-semi-space-size=32`, package.json), so the server measured here collects its
 * young objects as the deployed one does.
 */

const TODAY = parseLocalDate('2026-06-15');
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? '300');
const SIGNED_IN = 20;
const WARMUP = 30;
const RUNS = 300;
const CONCURRENCY = 8;
const THROUGHPUT_MS = 4000;
/** Latency samples are taken in alternating blocks of this many calls; throughput in rounds of this length. */
const BLOCK = 10;
const THROUGHPUT_ROUND_MS = 1000;

/**
 * The overview's own part of the page's one query (`OverviewPage` also carries the billers, tonight's run, the
 * activities' first page, the settings and the account): the rows the SQL baseline reads.
 */
const SUMMARY_OPERATION = `query AccountOverview($memberId: Int!, $accountId: Int!, $staff: Boolean!) {
  accountOverview(memberId: $memberId, accountId: $accountId) { ...OverviewSummaryFields }
}`;
const DOCUMENT = withFragments('client/src/features/overview/overview.graphql', SUMMARY_OPERATION);

/** A client document with the fragments it uses from the client's other documents, as the client's build sends it. */
function withFragments(file: string, extra = ''): string {
  const own = parse(`${readFileSync(file, 'utf8')}\n${extra}`);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const other of readdirSync('client/src', { recursive: true, encoding: 'utf8' })) {
    if (!other.endsWith('.graphql')) continue;
    for (const definition of parse(readFileSync(`client/src/${other}`, 'utf8')).definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
  }
  const definitions: DefinitionNode[] = [...own.definitions];
  const named = new Set(own.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [d.name.value] : [])));
  for (let i = 0; i < definitions.length; i++) {
    visit(definitions[i], {
      FragmentSpread(node) {
        if (named.has(node.name.value)) return;
        const fragment = fragments.get(node.name.value);
        if (!fragment) throw new Error(`${file}: fragment ${node.name.value} is defined nowhere in client/src`);
        named.add(node.name.value);
        definitions.push(fragment);
      },
    });
  }
  return print({ kind: Kind.DOCUMENT, definitions });
}

interface Target {
  memberId: number;
  accountId: number;
  agreementId: number;
  token: string;
}

async function targets(app: App): Promise<Target[]> {
  const rows = await app.database.orm.em
    .fork()
    .execute<{ member_id: number; account_id: number; agreement_id: number; member_number: string }[]>(
      `select distinct on (l.member_id) l.member_id, l.account_id, g.id as agreement_id, m.member_number
     from member_account_link l join member m on m.id = l.member_id
     join agreement g on g.account_id = l.account_id and g.status = 7
     where l.is_active and m.member_number >= '200001' order by l.member_id, g.id desc limit ?`,
      [SIGNED_IN],
    );
  return Promise.all(
    rows.map(async (row) => {
      const response = await fetch(`${app.url}/Token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: row.member_number,
          password: MEMBER_DEMO_PASSWORD,
        }),
      });
      const token = ((await response.json()) as { access_token: string }).access_token;
      return { memberId: row.member_id, accountId: row.account_id, agreementId: row.agreement_id, token };
    }),
  );
}

type Query = (text: string, values: unknown[]) => Promise<pg.QueryResult>;

/** Plain SQL as most code sends it: each statement parsed and planned on every call (pg's unnamed statement). */
const plain =
  (pool: pg.Pool): Query =>
  (text, values) =>
    pool.query(text, values);

/**
 * The same statements prepared once per connection (named, as the service's statement is: runPrepared), for
 * reference: the baseline a hand-written endpoint would reach by doing what the service does.
 */
const prepared =
  (pool: pg.Pool): Query =>
  (text, values) =>
    pool.query({ name: statementName(text), text, values });

/** The same rows by hand: two statements in turn (access, then account/link/agreement), then five at once. */
async function viaSql(query: Query, target: Target): Promise<number> {
  const { memberId, accountId, agreementId } = target;
  await query('select 1 from member_account_link where member_id = $1 and account_id = $2 limit 1', [
    memberId,
    accountId,
  ]);
  await query(
    `select a.*, m.is_active, l.is_active as link_active, g.* from account a
     left join member m on m.id = $1 left join member_account_link l on l.account_id = a.id and l.member_id = m.id
     left join lateral (select * from agreement x where x.account_id = a.id and x.status not in (5, 6, 10)
                        order by x.id desc limit 1) g on true
     left join overdraw_rule r on r.id = g.overdraw_rule_id where a.id = $2`,
    [memberId, accountId],
  );
  const results = await Promise.all([
    query(
      `select la.agreement_id, la.kind, sum(e.amount) from ledger_account la
       join ledger_entry e on e.ledger_account_id = la.id where la.agreement_id = $1 group by 1, 2`,
      [agreementId],
    ),
    query(
      `select b.*, c.name from biller b join billing_category c on c.id = b.billing_category_id
       where b.agreement_id = $1 and b.status <> 3`,
      [agreementId],
    ),
    query(
      `select s.*, c.name from billing_sub_category s join billing_category c on c.id = s.billing_category_id
       where s.agreement_id = $1 and s.status <> 3`,
      [agreementId],
    ),
    query('select * from bill where agreement_id = $1 order by due_date, id', [agreementId]),
    query('select type, count(*) from activity where account_id = $1 group by type', [accountId]),
  ]);
  return results.reduce((rows, result) => rows + result.rowCount!, 0);
}

/** Calls completed with CONCURRENCY callers in `durationMs`, and the milliseconds it took. */
async function throughput(
  call: (i: number) => Promise<unknown>,
  durationMs: number,
): Promise<{ done: number; ms: number }> {
  let done = 0;
  const end = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = worker; performance.now() < end; i += CONCURRENCY) {
        await call(i);
        done += 1;
      }
    }),
  );
  return { done, ms: performance.now() - started };
}

export const overviewSection: BenchSection = {
  name: 'overview',
  title: 'Overview: accountOverview over HTTP + GraphQL vs the same rows by plain SQL',
  async run(): Promise<BenchRow[]> {
    if (!process.env.DATABASE_URL) {
      return [{ name: 'overview', note: 'skipped: set DATABASE_URL (a scratch database is created from it)' }];
    }
    const scratch = await createScratchDatabase('overview_bench');
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      TOKEN_SECRET: 'bench-token-secret',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      DEMO_DATA: 'true',
    });
    // Seeded first, as `npm run seed` does, then the server started on it: the measurements run on a server
    // at rest, not one still announcing the seed's history on its event bus.
    const seedOrm = await MikroORM.init(ormOptions(scratch.url, { pool: { min: 0, max: 2 } }));
    let seeded;
    try {
      await applyMigrations(seedOrm);
      seeded = await generateMembers(seedOrm.em.fork(), {
        members: MEMBERS,
        today: TODAY,
        batchSize: 100,
        concurrency: 2,
      });
    } finally {
      await seedOrm.close(true);
    }
    const app = await startApp(config, { port: 0, clock: fixedClock(TODAY) });
    const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
    try {
      await pool.query('analyze');
      const list = await targets(app);
      const sizes = await pool.query<{ billers: string; bills: string }>(
        `select avg((select count(*) from biller b where b.agreement_id = g.id))::numeric(6,1) as billers,
                avg((select count(*) from bill b where b.agreement_id = g.id))::numeric(6,1) as bills
         from agreement g where g.id = any($1::int[])`,
        [list.map((t) => t.agreementId)],
      );
      // The HTTP caller runs in its own thread (http-caller.ts), as a client on another machine would.
      const overviewCalls: HttpCall[] = list.map((t) => ({
        url: `${app.url}/graphql`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` },
        body: JSON.stringify({
          query: DOCUMENT,
          operationName: 'AccountOverview',
          variables: { memberId: t.memberId, accountId: t.accountId, staff: false },
        }),
      }));
      const floorCalls: HttpCall[] = list.map((t) => ({
        url: `${app.url}/graphql`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` },
        body: JSON.stringify({ query: '{ __typename }' }),
      }));
      const caller = startHttpCaller();
      try {
        // The overview over HTTP and the SQL baselines are measured in alternation, a block of each in turn: a
        // shared machine's slow moments then fall on all of them alike, instead of on whichever ran then.
        const samples = { graphql: [] as number[], sql: [] as number[], prepared: [] as number[] };
        const timed = async (into: number[], call: () => Promise<unknown>) => {
          const start = performance.now();
          consume(await call());
          into.push(performance.now() - start);
        };
        const plainSql = plain(pool);
        const preparedSql = prepared(pool);
        await caller.run({ calls: overviewCalls, mode: 'latency', warmup: WARMUP, runs: 0 });
        for (let i = 0; i < WARMUP; i += 1) {
          await viaSql(plainSql, list[i % list.length]);
          await viaSql(preparedSql, list[i % list.length]);
        }
        for (let block = 0; block < RUNS / BLOCK; block += 1) {
          const from = (block * BLOCK) % list.length;
          const calls = [...overviewCalls.slice(from), ...overviewCalls.slice(0, from)];
          samples.graphql.push(...(await caller.run({ calls, mode: 'latency', runs: BLOCK })).samples);
          for (let i = 0; i < BLOCK; i += 1) {
            const target = list[(from + i) % list.length];
            await timed(samples.sql, () => viaSql(plainSql, target));
            await timed(samples.prepared, () => viaSql(preparedSql, target));
          }
        }
        const graphql = fromSamples('accountOverview over HTTP + GraphQL', samples.graphql);
        const sql = fromSamples('the same rows by plain SQL (pg pool)', samples.sql);
        const preparedBaseline = fromSamples('the same statements, prepared (reference)', samples.prepared);
        const users = await Promise.all(
          list.map((t) => app.services.auth.authenticate(app.database.orm.em.fork(), `Bearer ${t.token}`)),
        );
        let d = 0;
        const direct = await measure(
          'the service in process (no HTTP, no GraphQL)',
          () => {
            const i = d++ % list.length;
            return app.services.overview.accountOverview(
              app.database.orm.em.fork(),
              users[i],
              list[i].memberId,
              list[i].accountId,
            );
          },
          { warmup: WARMUP, runs: RUNS },
        );
        const floor = fromSamples(
          'floor: a signed-in { __typename } over HTTP',
          (await caller.run({ calls: floorCalls, mode: 'latency', warmup: WARMUP, runs: RUNS })).samples,
        );
        // Throughput in alternating rounds too, each side THROUGHPUT_ROUND_MS at a time; the mean of the rounds.
        const rounds = THROUGHPUT_MS / THROUGHPUT_ROUND_MS;
        let graphqlRate = 0;
        let sqlRate = 0;
        for (let round = 0; round < rounds; round += 1) {
          const { rate } = await caller.run({
            calls: overviewCalls,
            mode: 'throughput',
            concurrency: CONCURRENCY,
            durationMs: THROUGHPUT_ROUND_MS,
          });
          graphqlRate += rate / rounds;
          const { done, ms } = await throughput((i) => viaSql(plainSql, list[i % list.length]), THROUGHPUT_ROUND_MS);
          sqlRate += done / (ms / 1000) / rounds;
        }
        const ratio = graphql.p95Ms / sql.p95Ms;
        const preparedRatio = graphql.p95Ms / preparedBaseline.p95Ms;
        console.log(
          `overview: ${seeded.members} members seeded (${seeded.rows} rows); agreements measured have on average ` +
            `${sizes.rows[0].billers} billers and ${sizes.rows[0].bills} bills. GraphQL p95 ${graphql.p95Ms.toFixed(2)} ms ` +
            `vs SQL p95 ${sql.p95Ms.toFixed(2)} ms: ratio ${ratio.toFixed(2)}× (goal ≤ 1.75×); throughput at concurrency ` +
            `${CONCURRENCY}: ${graphqlRate.toFixed(0)} vs ${sqlRate.toFixed(0)} per second.`,
        );
        const rows: BenchResult[] = [
          {
            ...graphql,
            note: `p95 ${ratio.toFixed(2)}× the SQL baseline (goal ≤ 1.75×); ${graphqlRate.toFixed(0)} req/s at ${CONCURRENCY} callers`,
          },
          {
            ...sql,
            note: `${sqlRate.toFixed(0)} overviews/s at ${CONCURRENCY} callers (GraphQL ${(graphqlRate / sqlRate).toFixed(2)}× of it; goal ≥ 0.5×)`,
          },
          { ...preparedBaseline, note: `GraphQL p95 ${preparedRatio.toFixed(2)}× this one (no goal: for reference)` },
          { ...floor, note: 'HTTP, Apollo and the session check alone' },
          {
            ...direct,
            note: `${(direct.p95Ms / sql.p95Ms).toFixed(2)}× the SQL baseline at p95 (where the time goes)`,
          },
        ];
        return rows;
      } finally {
        await caller.stop();
      }
    } finally {
      await pool.end();
      await app.stop();
      await scratch.drop();
    }
  },
};
