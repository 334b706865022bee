import { randomUUID } from 'node:crypto';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_REVIEW_JOB, DEPOSIT_REVIEW_REWORK_JOB } from '../../server/src/modules/agreement/index.js';
import { JOB_SCHEMA } from '../../server/src/jobs/job-queue.js';
import { fixedClock, startOfRunOn } from '../../server/src/shared/clock.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { realDatabaseUrl } from '../support/database.js';
import { MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { subscribe, wsClient, type LiveSubscription } from '../support/live.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  accountWithStatus,
  em,
  gql,
  memberIdOf,
  salaryInto,
  session,
  sql,
  untilWaitingForLock,
  type Session,
} from './portal-support.js';

/**
 * The open deposit review follows the money between two nightly runs: whenever the figures of an agreement with an
 * open review change (the figures announcement, one per transaction), a rework job of that agreement is queued in the
 * same transaction and works the open review out again (rule "record a review"), then announces it so that the
 * review's screens follow. Before, only a catch-up did it: a member's bill paid or top-up left the review offering
 * the figure of the night before while the panel's own proposal had moved on. An agreement without an open review
 * gets no job.
 */

const TODAY = (process.env.E2E_TODAY ?? '2026-11-23') as LocalDate;
const READ = `query($m: Int!, $a: Int!) { depositReview(memberId: $m, accountId: $a) {
  proposal { proposedDeposit topUpFirst } open { reviewId proposedDeposit } } }`;
const TOP_UP = `mutation($input: RainyDayTopUpInput!) { topUpRainyDay(input: $input) { ok errors { code message } } }`;
const PAY = `mutation($input: PayBillInput!) { payBill(input: $input) { ok errors { code message } } }`;
const FIGURES = 'subscription { figuresChanged { accountIds everyAccount reasons } }';

interface Review {
  depositReview: {
    proposal: { proposedDeposit: string | null; topUpFirst: string } | null;
    open: { reviewId: number; proposedDeposit: string } | null;
  };
}
interface Figures {
  figuresChanged: { accountIds: number[]; everyAccount: boolean; reasons: string[] };
}

let server: TestServer;
let mary: Session;
let maryId: number;
let accountId: number;
let agreementId: number;
let savings: string;
const clients: Client[] = [];

async function review() {
  const body = await gql<Review>(server, mary, READ, { m: maryId, a: accountId });
  expect(body.errors).toBeUndefined();
  return body.data!.depositReview;
}

/** The rework jobs of the agreement that wait to run. */
async function reworkJobsWaiting(id: number): Promise<number> {
  const [row] = await sql<{ n: number }>(
    server,
    `select count(*)::int as n from ${JOB_SCHEMA}.job where name = ? and singleton_key = ? and state = 'created'`,
    [DEPOSIT_REVIEW_REWORK_JOB.definition.name, `rework:${id}`],
  );
  return row.n;
}

async function reworkJobs(): Promise<number> {
  const [row] = await sql<{ n: number }>(server, `select count(*)::int as n from ${JOB_SCHEMA}.job where name = ?`, [
    DEPOSIT_REVIEW_REWORK_JOB.definition.name,
  ]);
  return row.n;
}

async function topUp(amount: string) {
  const body = await gql<{ topUpRainyDay: { ok: boolean; errors: unknown[] } }>(server, mary, TOP_UP, {
    input: { contractId: agreementId, accountNumber: savings, topupAmount: amount, idempotencyKey: randomUUID() },
  });
  expect(body.data?.topUpRainyDay).toEqual({ ok: true, errors: [] });
}

/** Mary listens to the figures announcements (waits for LISTENING: from then on every one reaches her). */
async function listen(): Promise<LiveSubscription<Figures>> {
  const client = wsClient(server.url, mary.token);
  clients.push(client);
  const live = subscribe<Figures>(client, FIGURES);
  await live.waitFor((r) => r.data?.figuresChanged.reasons.includes('LISTENING') === true);
  return live;
}

beforeAll(async () => {
  server = await startTestServer({ clock: fixedClock(TODAY, startOfRunOn(TODAY)) });
  mary = await session(server, MEMBER_TWO_ACCOUNTS);
  maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await accountWithStatus(server, maryId, 7));
  savings = (await salaryInto(server, maryId)).account.accountNumber;
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await server?.stop();
});

describe('the open deposit review follows the money between two nightly runs', () => {
  it('queues no job for an agreement without an open review', async () => {
    const [open] = await sql<{ n: number }>(
      server,
      'select count(*)::int as n from deposit_review where agreement_id = ? and status in (0, 2)',
      [agreementId],
    );
    expect(open.n).toBe(0);
    await topUp('20.00');
    expect(await reworkJobs()).toBe(0);
  });

  it('a top-up lands: the open review is worked out again to what the review computes now, and announced', async () => {
    const jobs = server.app.services.jobs;
    await jobs.send(em(server), DEPOSIT_REVIEW_JOB, {});
    await jobs.drain(DEPOSIT_REVIEW_JOB);
    const before = await review();
    expect(before.open).not.toBeNull();
    expect(before.open!.proposedDeposit).toBe(before.proposal!.proposedDeposit);
    // The nightly run announced nothing that queues a rework of its own reviews.
    expect(await reworkJobs()).toBe(0);

    // More than the top-up the review asks first (the days before the next deposit): the deposit itself moves.
    await topUp((Number(before.proposal!.topUpFirst) + 400).toFixed(2));
    await topUp('100.00');
    const moved = await review();
    expect(moved.proposal!.proposedDeposit).not.toBe(before.proposal!.proposedDeposit);
    // One job for the burst (two top-ups), in the money's transaction; the review waits for it.
    expect(await reworkJobsWaiting(agreementId)).toBe(1);

    const live = await listen();
    expect(await jobs.drain(DEPOSIT_REVIEW_REWORK_JOB)).toBe(1);
    const after = await review();
    expect(after.open!.proposedDeposit).toBe(after.proposal!.proposedDeposit);
    expect(after.open!.reviewId).not.toBe(before.open!.reviewId);
    // The review's screens hear it (the panel and the worklist refetch).
    await live.waitFor(
      (r) =>
        r.data?.figuresChanged.accountIds.includes(accountId) === true &&
        r.data.figuresChanged.reasons.includes('DEPOSIT_REVIEWED'),
    );
    // Worked out again, it is the same review: a second run changes nothing and queues nothing.
    const [{ n: rows }] = await sql<{ n: number }>(server, 'select count(*)::int as n from deposit_review');
    await server.app.services.depositReviews.reworkOpen(em(server), agreementId);
    const [{ n: rowsAgain }] = await sql<{ n: number }>(server, 'select count(*)::int as n from deposit_review');
    expect(rowsAgain).toBe(rows);
    expect((await review()).open!.reviewId).toBe(after.open!.reviewId);
    expect(await reworkJobsWaiting(agreementId)).toBe(0);
  });

  it('the member pays a bill above its estimate: the open review offers what the review computes now', async () => {
    const before = await review();
    const [bill] = await sql<{ id: number; amount: string }>(
      server,
      `select b.id, round(b.expected_amount * 1.4, 2)::text as amount from bill b join biller r on r.id = b.biller_id
       where b.agreement_id = ? and b.status in (0, 1, 6) and r.status = 1 and not r.is_auto_payment
         and r.payment_method in (0, 1) and b.expected_amount between 20 and 200
       order by b.due_date limit 1`,
      [agreementId],
    );
    expect(bill).toBeDefined();
    const paid = await gql<{ payBill: { ok: boolean; errors: unknown[] } }>(server, mary, PAY, {
      input: { billId: Number(bill.id), billAmount: bill.amount, idempotencyKey: randomUUID() },
    });
    expect(paid.data?.payBill).toEqual({ ok: true, errors: [] });
    const moved = await review();
    expect(moved.proposal!.proposedDeposit).not.toBe(before.proposal!.proposedDeposit);
    expect(moved.open!.proposedDeposit).toBe(before.open!.proposedDeposit);
    expect(await reworkJobsWaiting(agreementId)).toBe(1);

    expect(await server.app.services.jobs.drain(DEPOSIT_REVIEW_REWORK_JOB)).toBe(1);
    const after = await review();
    expect(after.open!.proposedDeposit).toBe(after.proposal!.proposedDeposit);
    expect(after.open!.reviewId).not.toBe(before.open!.reviewId);
  });

  // Two connections at once: the test answers the review while the rework's transaction reaches it.
  it.skipIf(!realDatabaseUrl)('does not replace a review answered while its rework runs', async () => {
    const { open } = await review();
    await topUp('300.00');
    expect(await reworkJobsWaiting(agreementId)).toBe(1);
    const holder = em(server);
    await holder.begin();
    try {
      // The member accepts it meanwhile (the accept's own transaction, holding the row until it commits).
      await holder.execute('update deposit_review set status = 1, decided_at = now() where id = ?', [open!.reviewId]);
      const rework = server.app.services.jobs.drain(DEPOSIT_REVIEW_REWORK_JOB);
      await untilWaitingForLock(server, 'the rework', { query: 'update deposit_review set status' });
      await holder.commit();
      expect(await rework).toBe(1);
    } finally {
      if (holder.isInTransaction()) await holder.rollback();
    }
    // The answer stands and no other review is offered in its place.
    const rows = await sql<{ id: number; status: number }>(
      server,
      'select id, status from deposit_review where agreement_id = ? and (id = ? or status in (0, 2)) order by id',
      [agreementId, open!.reviewId],
    );
    expect(rows.map((row) => [row.id, row.status])).toEqual([[open!.reviewId, 1]]);
  });
});
