import { performance } from 'node:perf_hooks';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';

/** Runs one SQL statement on the bench's scratch database. */
export type RunSql = (sql: string) => Promise<unknown>;

/**
 * A large book of agreements for the benchmarks, built set-based on the real PostgreSQL: each step is one
 * `insert … select … from generate_series(…)`, never a row at a time, and each step is followed by `analyze` of
 * the table it filled, so the next step's join is planned on the table's real size (a fresh table's planner
 * estimate is a few rows, and a nested loop over 100,000 × 100,000 rows never finishes).
 */
export interface BookSpec {
  /** Agreements (one member, one account each). */
  count: number;
  /** Prefix of the member numbers ('<prefix><n>') and account numbers ('<prefix>A<n>'): two letters. */
  prefix: string;
  /** Branches the members are spread over (none: members without a branch). */
  branches: number;
  /** The agreements' status: a SQL expression over the account `a` (e.g. `case when a.id % 10 = 0 then 4 else 7 end`). */
  status: string;
  start: LocalDate;
  end: LocalDate;
  /** The first deposit's day: a SQL date expression over the account `a`. */
  contributionDate: string;
}

/** The steps' durations, when BENCH_SEED_LOG is set (where a slow seed spends its time). */
async function step(run: RunSql, label: string, sql: string, analyze: string): Promise<void> {
  const started = performance.now();
  await run(sql);
  await run(`analyze ${analyze}`);
  if (process.env.BENCH_SEED_LOG) console.log(`  seed ${label}: ${Math.round(performance.now() - started)} ms`);
}

/**
 * Issue 23 item 4: the planner's statistics of every table of the book forgotten (as if ANALYZE had never run on them;
 * the tables' sizes stay, which PostgreSQL reads from the files anyway) and automatic ANALYZE off for them, so the day
 * that follows shows whether any of its queries depends on statistics for its plan.
 */
export async function forgetStatistics(run: RunSql): Promise<void> {
  await run(`do $$
    declare t record;
    begin
      for t in select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = 'public' and c.relkind in ('r', 'p')
      loop
        execute format('alter table public.%I set (autovacuum_enabled = false)', t.relname);
        delete from pg_statistic where starelid = t.oid;
      end loop;
    end $$`);
}

/** Members, their accounts and links (each member the primary holder of one account), and one agreement each. */
export async function seedAgreements(run: RunSql, spec: BookSpec): Promise<void> {
  const { count, prefix } = spec;
  if (spec.branches > 0) {
    await step(
      run,
      'branches',
      `insert into branch (name) select 'Bench branch ' || g from generate_series(1, ${spec.branches}) g`,
      'branch',
    );
  }
  const branch = spec.branches > 0 ? `(select min(id) from branch) + (g % ${spec.branches})` : 'null';
  await step(
    run,
    'members',
    `insert into member (member_number, first_name, last_name, branch_id)
     select '${prefix}' || g, 'Bench', 'Member ' || g, ${branch} from generate_series(1, ${count}) g`,
    'member',
  );
  await step(
    run,
    'accounts',
    `insert into account (account_number) select '${prefix}A' || g from generate_series(1, ${count}) g`,
    'account',
  );
  await step(
    run,
    'links',
    `insert into member_account_link (member_id, account_id, is_primary)
     select m.id, a.id, true
     from member m join account a on a.account_number = '${prefix}A' || substr(m.member_number, ${prefix.length + 1})
     where m.member_number like '${prefix}%'`,
    'member_account_link',
  );
  await step(
    run,
    'agreements',
    `insert into agreement (account_id, status, start_date, end_date, contribution_frequency, contribution_date,
       deposit_type, remitter_name, remitter_number, deposit_amount)
     select a.id, ${spec.status}, '${spec.start}', '${spec.end}', 1, ${spec.contributionDate}, 1, 'Employer', '12345', 120
     from account a where a.account_number like '${prefix}A%'`,
    'agreement',
  );
}

/**
 * The missed-deposit report's book: `count` agreements over 10 branches, 10 weekly deposits each (8 past), one
 * agreement in ten in missed deposit (4) with its last two past deposits missed (status 2), as the bank day leaves
 * them.
 */
export async function seedMissedDepositBook(run: RunSql, count: number, start: LocalDate): Promise<void> {
  await seedAgreements(run, {
    count,
    prefix: 'MD',
    branches: 10,
    status: 'case when a.id % 10 = 0 then 4 else 7 end',
    start,
    end: addDays(start, 363),
    contributionDate: `'${start}'::date`,
  });
  await step(
    run,
    'deposits',
    `insert into scheduled_deposit (agreement_id, due_date, expected_amount, received_amount, status)
     select g.id, '${start}'::date + w * 7, 120,
       case when g.status = 4 and w between 6 and 7 then 0 when w < 8 then 120 else 0 end,
       case when g.status = 4 and w between 6 and 7 then 2 when w < 8 then 1 else 0 end
     from agreement g cross join generate_series(0, 9) w`,
    'scheduled_deposit',
  );
}

/**
 * The bank day's book: `count` agreements, each with a weekly deposit (one in seven due on any given day) and three
 * billers paid automatically with a bill a month each (about one agreement in ten has one due on a given day), a
 * year of bills in the calendar and 52 weeks of deposits. Payroll deductions, so every deposit arrives.
 */
export async function seedBankDayBook(run: RunSql, count: number, start: LocalDate): Promise<void> {
  await run(`insert into company (name, billing_category_id, bpay_biller_code, reference_algorithm)
             values ('Greater Harbour Water', 1, '14589', 'MOD10V01')`);
  await seedAgreements(run, {
    count,
    prefix: 'BD',
    branches: 0,
    status: '7',
    start,
    end: addDays(start, 364),
    contributionDate: `'${start}'::date + (a.id % 7)`,
  });
  await step(
    run,
    'billers',
    `insert into biller (agreement_id, billing_category_id, nickname, payment_method, expected_bill_value,
       billing_frequency, date_of_bill, date_added, does_amount_vary, is_auto_payment, bpay_biller_code,
       customer_reference_number, direct_debit_account_number)
     select g.id, 1, b.nickname, b.method, b.value, 3, '${start}'::date + ((g.id * 3 + b.k) % 30), '${start}',
       b.method = 4, true, case when b.method = 0 then '14589' end,
       case when b.method = 0 then '1234009890' end, case when b.method = 4 then '123456789' end
     from agreement g cross join (values (0, 'Water', 0, 80), (1, 'Power', 4, 150), (2, 'Phone', 4, 60))
       as b(k, nickname, method, value)`,
    'biller',
  );
  await step(
    run,
    'bills',
    `insert into bill (agreement_id, biller_id, due_date, due_date_no_offset, expected_amount, amount_allocated,
       contingency)
     select br.agreement_id, br.id, d, d, br.expected_bill_value, br.expected_bill_value,
       case when br.does_amount_vary then round(br.expected_bill_value * 0.1, 2) else 0 end
     from biller br cross join generate_series(0, 11) m
     cross join lateral (select (br.date_of_bill + make_interval(months => m))::date as d) x`,
    'bill',
  );
  await step(
    run,
    'deposits',
    `insert into scheduled_deposit (agreement_id, due_date, expected_amount)
     select g.id, (g.contribution_date + w * 7), 120 from agreement g cross join generate_series(0, 51) w`,
    'scheduled_deposit',
  );
}
