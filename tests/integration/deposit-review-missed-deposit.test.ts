import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_REVIEW_JOB, DEPOSIT_REVIEW_REWORK_JOB } from '../../server/src/modules/agreement/index.js';
import { JOB_SCHEMA } from '../../server/src/jobs/job-queue.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { MEMBER_MISSED_DEPOSIT } from '../support/demo.js';
import { subscribe, wsClient } from '../support/live.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';

/**
 * A second missed deposit while already in arrears moves the figures an open deposit review offers (one deposit fewer
 * still to come, more owed), but the bank day's deposits step wrote it without announcing the account: no status
 * changed (4 stays 4), no money moved, and the step's own announcement is every account's, without ids. So no rework
 * was queued and Jack's (100002) review offered the figures of before until the 01:30 run, and his open screens heard
 * only the bank day. Now the step announces the accounts of the deposits it marks missed (DEPOSITS_CHANGED), in its
 * batch's transaction: the rework is queued with it, and the member's subscription hears his account.
 */

const TZ = 'Australia/Sydney';
const TODAY = (process.env.E2E_TODAY ?? '2026-11-23') as LocalDate;
const READ = `query($m: Int!, $a: Int!) { depositReview(memberId: $m, accountId: $a) {
  proposal { proposedDeposit summary } open { reviewId proposedDeposit summary } } }`;
const FIGURES = 'subscription { figuresChanged { accountIds everyAccount reasons } }';

interface Review {
  depositReview: {
    proposal: { proposedDeposit: string | null; summary: string } | null;
    open: { reviewId: number; proposedDeposit: string; summary: string } | null;
  };
}
interface Figures {
  figuresChanged: { accountIds: number[]; everyAccount: boolean; reasons: string[] };
}

const clock = new SimulationClock(zonedInstant(TODAY, TZ, 0, 1), TZ);
let server: TestServer;
let jack: Session;
let jackId: number;
let accountId: number;
let agreementId: number;
const clients: Client[] = [];

async function review() {
  const body = await gql<Review>(server, jack, READ, { m: jackId, a: accountId });
  expect(body.errors).toBeUndefined();
  return body.data!.depositReview;
}

async function reworkJobsWaiting(): Promise<number> {
  const [row] = await sql<{ n: number }>(
    server,
    `select count(*)::int as n from ${JOB_SCHEMA}.job where name = ? and singleton_key = ? and state = 'created'`,
    [DEPOSIT_REVIEW_REWORK_JOB.definition.name, `rework:${agreementId}`],
  );
  return row.n;
}

beforeAll(async () => {
  server = await startTestServer({ clock });
  jackId = await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]);
  ({ accountId, agreementId } = await accountWithStatus(server, jackId, 4));
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await server?.stop();
});

describe('a deposit missed while already in arrears', () => {
  it('announces the account, so that the open review is worked out again and the screens hear it', async () => {
    // His next deposit's day, before its deposits step (his deposits keep missing: the simulator's seeded outcome).
    const [next] = await sql<{ id: number; due_date: string }>(
      server,
      `select id, due_date::text from scheduled_deposit where agreement_id = ? and status = 0 and due_date >= ?
        order by due_date limit 1`,
      [agreementId, TODAY],
    );
    const day = next.due_date as LocalDate;
    clock.setAt(day, 0, 2);
    jack = await session(server, MEMBER_MISSED_DEPOSIT); // signed in on that day
    const jobs = server.app.services.jobs;
    await jobs.send(em(server), DEPOSIT_REVIEW_JOB, {});
    await jobs.drain(DEPOSIT_REVIEW_JOB);
    const before = await review();
    expect(before.open).not.toBeNull();
    expect(before.open!.summary).toBe(before.proposal!.summary);

    const client = wsClient(server.url, jack.token);
    clients.push(client);
    const live = subscribe<Figures>(client, FIGURES);
    await live.waitFor((r) => r.data?.figuresChanged.reasons.includes('LISTENING') === true);
    clock.setAt(day, 0, 5);
    const step = await server.app.services.bankDay.runStep(em(server), 'deposits', day);
    expect(step).toMatchObject({ step: 'deposits' });
    const [{ status }] = await sql<{ status: number }>(server, 'select status from scheduled_deposit where id = ?', [
      next.id,
    ]);
    expect(status).toBe(2);
    const [agreement] = await sql<{ status: number }>(server, 'select status from agreement where id = ?', [
      agreementId,
    ]);
    expect(agreement.status).toBe(4);
    // The missed deposit moved what the review works out...
    const moved = await review();
    expect(moved.proposal!.summary).not.toBe(before.proposal!.summary);
    // ...and its transaction queued the rework, and announced his account to his screens.
    expect(await reworkJobsWaiting()).toBe(1);
    await live.waitFor(
      (r) =>
        r.data?.figuresChanged.accountIds.includes(accountId) === true &&
        r.data.figuresChanged.reasons.includes('DEPOSITS_CHANGED'),
    );

    expect(await jobs.drain(DEPOSIT_REVIEW_REWORK_JOB)).toBe(1);
    const after = await review();
    expect(after.open).toMatchObject({
      proposedDeposit: after.proposal!.proposedDeposit,
      summary: after.proposal!.summary,
    });
    await live.waitFor(
      (r) =>
        r.data?.figuresChanged.accountIds.includes(accountId) === true &&
        r.data.figuresChanged.reasons.includes('DEPOSIT_REVIEWED'),
    );
  });
});
