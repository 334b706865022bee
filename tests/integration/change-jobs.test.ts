import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLY_CHANGE_JOB,
  changeJobKey,
  enqueueChangeApply,
  sweepQueuedChanges,
} from '../../server/src/modules/agreement/change-jobs.js';
import { agreementBalances, linkedAccountBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { loadAgreementFacts } from '../../server/src/modules/agreement/agreement-facts.js';
import { scheduledDepositDates } from '../../server/src/modules/agreement/plan/plan-schedule.rules.js';
import { accountHasResignedMember } from '../../server/src/modules/agreement/index.js';
import { preparedNewAgreement } from './lifecycle.fixtures.js';
import { AGENT, MEMBER_NO_AGREEMENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { realDatabaseUrl } from '../support/database.js';
import { subscribe, wsClient, type LiveSubscription } from '../support/live.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { queueModification } from './modification.fixtures.js';

/** Workers on, polling every half second (the smallest pg-boss allows). */
const WORKING = { JOB_POLLING_SECONDS: '0.5' };
const STATUS = 'subscription($a: Int!) { queuedChangeStatus(accountId: $a) { agreementId stage message } }';

interface Status {
  agreementId: number | null;
  stage: string;
  message: string | null;
}
type Live = LiveSubscription<{ queuedChangeStatus: Status }>;
const stageIs = (stage: string) => (r: { data?: { queuedChangeStatus: Status } | null }) =>
  r.data?.queuedChangeStatus.stage === stage;

const em = (server: TestServer) => server.app.database.orm.em.fork();

/**
 * The running agreements (each can take one queued change at a time), with their accounts; not those of an account a
 * resigned member holds, which take no modification.
 */
async function runningAgreements(server: TestServer): Promise<{ id: number; account_id: number }[]> {
  return em(server).execute(
    `select id, account_id from agreement g where status in (4, 7, 8) and not ${accountHasResignedMember('g.account_id')}
      order by id`,
  );
}

/** Staff modify the agreement and save all, changing nothing the member agreed to: queued (2) with its job. */
async function queueChange(server: TestServer, agreementId: number): Promise<number> {
  return (await queueModification(server, agreementId)).agreementId;
}

/** Waits (not a timed assertion: the deadline only stops a hung test) until `done` answers true. */
async function waitUntil(what: string, done: () => Promise<boolean>, deadlineMs = 30_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Still waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Until no change waits in 2 or 3 and every apply job has finished. */
async function allApplied(server: TestServer): Promise<void> {
  await waitUntil('changes applied and their jobs finished', async () => {
    const [row] = await em(server).execute<{ waiting: number; jobs: number }[]>(
      `select (select count(*)::int from agreement where status in (2, 3)) as waiting,
              (select count(*)::int from pgboss.job where name = ? and state < 'completed') as jobs`,
      [APPLY_CHANGE_JOB.definition.name],
    );
    return row.waiting === 0 && row.jobs === 0;
  });
}

async function jobsOf(server: TestServer, agreementId: number) {
  return em(server).execute<{ state: string; retry_count: number }[]>(
    'select state, retry_count from pgboss.job where name = ? and singleton_key = ? order by created_on',
    [APPLY_CHANGE_JOB.definition.name, changeJobKey(agreementId)],
  );
}

async function appliedActivities(server: TestServer, agreementId: number): Promise<number> {
  const rows = await em(server).execute<{ n: number }[]>(
    'select count(*)::int as n from activity where agreement_id = ? and type = 21',
    [agreementId],
  );
  return rows[0].n;
}

/** Makes the apply's final update (3 → 7) fail: once (`once`), or every time. A real database error. */
async function crashApplies(server: TestServer, once: boolean): Promise<void> {
  await em(server).execute(`
    create sequence if not exists crash_count;
    create or replace function crash_apply() returns trigger language plpgsql as $$
    begin
      if ${once ? "nextval('crash_count') = 1" : 'true'} then raise exception 'simulated crash while applying'; end if;
      return new;
    end $$;
    create trigger crash_apply before update of status on agreement
      for each row when (old.status = 3 and new.status in (4, 7, 8)) execute function crash_apply();`);
}

async function stopCrashing(server: TestServer): Promise<void> {
  await em(server).execute(
    'drop trigger if exists crash_apply on agreement; drop function if exists crash_apply(); drop sequence if exists crash_count;',
  );
}

describe.skipIf(!realDatabaseUrl)('queued changes on the job queue, two working instances on one database', () => {
  let first: TestServer;
  let second: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    first = await startTestServer({ env: WORKING });
    second = await startTestServer({ env: WORKING, reset: false }); // same database, queues created again
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await second?.stop();
    await first?.stop();
  });

  /** Member 100001's running account (whose stages a subscriber watches). */
  async function watchedAccount(): Promise<number> {
    const body = await first.signIn(...MEMBER_TWO_ACCOUNTS);
    const { body: list } = await first.graphql<{ accountList: { accountId: number; status: string }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId status } }',
      { m: Number(body.memberId) },
      String(body.access_token),
    );
    return list.data!.accountList.find((a) => a.status === 'Active')!.accountId;
  }

  async function watch(server: TestServer, accountId: number): Promise<Live> {
    const token = await server.token(...MEMBER_TWO_ACCOUNTS);
    const client = wsClient(server.url, token);
    clients.push(client);
    const live: Live = subscribe(client, STATUS, { a: accountId });
    await live.waitFor((r) => !!r.data);
    return live;
  }

  it('applies every queued change exactly once, with its stages pushed to a subscriber', async () => {
    expect((await runningAgreements(first)).length).toBeGreaterThanOrEqual(3);
    const watchedAccountId = await watchedAccount();
    const rounds: number[][] = [];
    for (let round = 0; round < 2; round += 1) {
      const current = await runningAgreements(first);
      const live = await watch(second, watchedAccountId);
      const before = await agreementBalances(
        em(first),
        current.map((a) => a.id),
      );
      // Queued through both instances at once; either instance's workers may take each job.
      const queued = await Promise.all(current.map((a, i) => queueChange(i % 2 ? second : first, a.id)));
      await allApplied(first);
      const received = await live.waitFor(stageIs('APPLIED'), 10_000);
      const watchedId = queued[current.findIndex((a) => a.account_id === watchedAccountId)];
      expect(received.map((r) => r.result.data?.queuedChangeStatus.stage)).toEqual([
        'NONE',
        'QUEUED',
        'APPLYING',
        'APPLIED',
      ]);
      expect(received.at(-1)?.result.data?.queuedChangeStatus.agreementId).toBe(watchedId);
      live.stop();

      const after = await agreementBalances(em(first), queued);
      for (const [i, newId] of queued.entries()) {
        expect(await appliedActivities(first, newId)).toBe(1);
        expect(await jobsOf(first, newId)).toEqual([{ state: 'completed', retry_count: 0 }]);
        expect(after.get(newId)).toEqual(before.get(current[i].id)); // the balances moved once
      }
      rounds.push(queued);
    }
    const statusOf = async (ids: number[]) =>
      (
        await em(first).execute<{ status: number }[]>('select status from agreement where id = any(?::int[])', [
          `{${ids.join(',')}}`,
        ])
      ).map((row) => row.status);
    expect(new Set(await statusOf(rounds[0]))).toEqual(new Set([10])); // superseded by the second round's
    expect((await statusOf(rounds[1])).every((status) => [4, 7, 8].includes(status))).toBe(true);
  });

  it('tries a crashed apply again: the change is applied once and the stages end APPLIED', async () => {
    const accountId = await watchedAccount();
    const agreement = (await runningAgreements(first)).find((a) => a.account_id === accountId)!;
    await crashApplies(first, true);
    try {
      const live = await watch(first, accountId);
      const newId = await queueChange(second, agreement.id);
      await allApplied(first);
      const received = await live.waitFor(stageIs('APPLIED'), 10_000);
      expect(received.map((r) => r.result.data?.queuedChangeStatus.stage)).toEqual([
        'NONE',
        'QUEUED',
        'APPLYING', // the failed run, and the retry taking it over (the same stage is not pushed twice)
        'APPLIED',
      ]);
      live.stop();
      expect(await jobsOf(first, newId)).toEqual([{ state: 'completed', retry_count: 1 }]);
      expect(await appliedActivities(first, newId)).toBe(1);
      const failures = await em(first).execute(
        'select 1 from agreement_change where agreement_id = ? and failed_at is not null',
        [newId],
      );
      expect(failures).toHaveLength(0);
    } finally {
      await stopCrashing(first);
    }
  });

  it('applies a new agreement the member approved exactly once: its bills, deposits and TopupNow written once', async () => {
    const { agreementId } = await preparedNewAgreement(first, MEMBER_NO_AGREEMENT[0]);
    // The deposits step's TopupNow, as it stores it, so that the money moved is counted too.
    const [linked] = await em(first).execute<{ id: number; member_id: number }[]>(
      `select l.id, l.member_id from linked_account l join member m on m.id = l.member_id
       where m.member_number = ? and l.is_active order by l.id limit 1`,
      [MEMBER_NO_AGREEMENT[0]],
    );
    const balance = (await linkedAccountBalances(em(first), [linked.id])).get(linked.id) ?? 0;
    expect(balance).toBeGreaterThanOrEqual(1_000);
    await em(first).execute(
      `update agreement set is_topup_performed = true, topup_amount = 10.00, topup_account_id = ?, topup_member_id = ?
       where id = ?`,
      [linked.id, linked.member_id, agreementId],
    );
    const staff = await first.token(...AGENT);
    const activated = await first.graphql<{ activateAgreement: { errors: { message: string }[] } }>(
      'mutation($id: Int!) { activateAgreement(agreementId: $id) { errors { message } } }',
      { id: agreementId },
      staff,
    );
    expect(activated.body.data?.activateAgreement.errors).toEqual([]);
    // The member approves on the other instance; either instance's workers may take the job.
    const member = await second.token(...MEMBER_NO_AGREEMENT);
    const approved = await second.graphql<{ approveAgreement: { ok: boolean } }>(
      'mutation($id: Int!) { approveAgreement(agreementId: $id) { ok } }',
      { id: agreementId },
      member,
    );
    expect(approved.body.data?.approveAgreement.ok).toBe(true);
    await allApplied(first);

    const [row] = await em(first).execute<
      {
        status: number;
        activated: number;
        bills: number;
        doubled: number;
        deposits: number;
        planned: number;
        topups: number;
      }[]
    >(
      `select a.status,
         (select count(*)::int from activity where agreement_id = a.id and type = 15) as activated,
         (select count(*)::int from bill where agreement_id = a.id) as bills,
         (select count(*)::int from (select 1 from bill where agreement_id = a.id
            group by biller_id, billing_sub_category_id, due_date having count(*) > 1) d) as doubled,
         (select count(*)::int from scheduled_deposit where agreement_id = a.id) as deposits,
         (select count(*)::int from scheduled_deposit d join agreement_plan p on p.id = d.plan_id
            where d.agreement_id = a.id and p.agreement_id = a.id and p.effective_date = a.start_date) as planned,
         (select count(*)::int from ledger_transaction where agreement_id = a.id and type = 4) as topups
       from agreement a where a.id = ?`,
      [agreementId],
    );
    const facts = (await loadAgreementFacts(em(first), agreementId))!;
    expect(row).toEqual({
      status: 7,
      activated: 1,
      bills: row.bills,
      doubled: 0,
      deposits: scheduledDepositDates(facts).length,
      planned: scheduledDepositDates(facts).length, // each deposit names the plan stored once from the start
      topups: 1,
    });
    expect(row.bills).toBeGreaterThan(0);
    expect(await jobsOf(first, agreementId)).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect((await linkedAccountBalances(em(first), [linked.id])).get(linked.id)).toBe(balance - 1_000);
    expect((await agreementBalances(em(first), [agreementId])).get(agreementId)?.rainyDay).toBe(1_000);
  });

  it('creates the queues and the sweep schedule once for both instances', async () => {
    const queues = await em(first).execute<{ name: string }[]>(
      "select name from pgboss.queue where name like 'agreement-change-%' order by name",
    );
    expect(queues.map((q) => q.name)).toEqual(['agreement-change-apply', 'agreement-change-sweep']);
    const schedules = await em(first).execute<{ name: string; cron: string }[]>(
      "select name, cron from pgboss.schedule where name like 'agreement-change-%'",
    );
    expect(schedules).toEqual([{ name: 'agreement-change-sweep', cron: '* * * * *' }]);
  });
});

describe('the job queue of one instance (no workers: the test runs the jobs)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const jobs = () => server.app.services.jobs;

  it('enqueues with the transaction: a rolled-back send leaves no job, a committed one waits', async () => {
    const [agreement] = await runningAgreements(server);
    await expect(
      em(server).transactional(async (tx) => {
        await enqueueChangeApply(jobs(), tx, agreement.id);
        throw new Error('the business transaction fails after the send');
      }),
    ).rejects.toThrow('the business transaction fails');
    expect(await jobs().liveKeys(APPLY_CHANGE_JOB)).not.toContain(changeJobKey(agreement.id));

    await em(server).transactional((tx) => enqueueChangeApply(jobs(), tx, agreement.id));
    expect(await jobs().liveKeys(APPLY_CHANGE_JOB)).toContain(changeJobKey(agreement.id));
    // A second send for the same version while one waits is dropped, not doubled.
    await em(server).transactional((tx) => enqueueChangeApply(jobs(), tx, agreement.id));
    expect(await jobsOf(server, agreement.id)).toEqual([{ state: 'created', retry_count: 0 }]);
    // Its run finds nothing queued (the agreement is running) and changes nothing.
    expect(await jobs().drain(APPLY_CHANGE_JOB)).toBe(1);
    expect(await jobsOf(server, agreement.id)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('sweeps a queued change left without a job onto one, once, and the job applies it', async () => {
    const [agreement] = await runningAgreements(server);
    const newId = await queueChange(server, agreement.id);
    // As if queued before the job queue existed.
    await em(server).execute('delete from pgboss.job where singleton_key = ?', [changeJobKey(newId)]);
    const applier = server.app.services.changeApplier;
    expect(await sweepQueuedChanges(jobs(), applier, em(server))).toEqual([newId]);
    expect(await sweepQueuedChanges(jobs(), applier, em(server))).toEqual([]);
    expect(await jobs().drain(APPLY_CHANGE_JOB)).toBe(1);
    expect(await appliedActivities(server, newId)).toBe(1);
    expect(await applier.waitingVersions(em(server))).toEqual([]);
  });

  it('records FAILED with the generic message when every attempt of an apply crashes', async () => {
    const [agreement] = await runningAgreements(server);
    await crashApplies(server, false);
    try {
      const newId = await queueChange(server, agreement.id);
      // Every attempt now, without waiting out the retry delays.
      expect(await jobs().drain(APPLY_CHANGE_JOB, { includeDelayed: true })).toBe(6);
      expect(await jobsOf(server, newId)).toEqual([{ state: 'completed', retry_count: 5 }]);
      const rows = await em(server).execute<{ status: number; failure_message: string }[]>(
        `select a.status, c.failure_message from agreement a join agreement_change c on c.agreement_id = a.id
         where a.id = ?`,
        [newId],
      );
      expect(rows).toEqual([
        { status: 6, failure_message: 'The change could not be applied. Please contact support.' },
      ]);
      const previous = await em(server).execute<{ status: number }[]>('select status from agreement where id = ?', [
        agreement.id,
      ]);
      expect([4, 7, 8]).toContain(previous[0].status);
    } finally {
      await stopCrashing(server);
    }
  });
});
