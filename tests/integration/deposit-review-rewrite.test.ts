import { randomUUID } from 'node:crypto';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_REVIEW_JOB, DEPOSIT_REVIEW_REWORK_JOB } from '../../server/src/modules/agreement/index.js';
import { fixedClock, startOfRunOn } from '../../server/src/shared/clock.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { subscribe, wsClient } from '../support/live.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, em, gql, memberIdOf, salaryInto, session, sql, type Session } from './portal-support.js';

/**
 * An open deposit review worked out again says everything the review works out now, not only its deposit: Mary
 * (100001) is offered "Top up $X now …, then raise your deposit from $A to $B"; she tops up exactly $X. The deposit
 * worked out is still $B, but the top-up is made: before, the rework kept the open review as it was (rule "record a
 * review" compared the deposit only), so the worklist, the review's stored top-up and the words a tap on it sends with
 * the change still asked her for the top-up she had made. Now the open review is written again in place from the one
 * computation (the same review, its referral kept: the same deposit is offered) and announced.
 */

const TODAY = (process.env.E2E_TODAY ?? '2026-11-23') as LocalDate;
const READ = `query($m: Int!, $a: Int!) { depositReview(memberId: $m, accountId: $a) {
  proposal { currentDeposit proposedDeposit topUpFirst summary reasons { billerKey perDeposit words } }
  open { reviewId proposedDeposit referred summary } } }`;
const REFER = `mutation($m: Int!, $a: Int!, $r: Int!) { referDepositReview(memberId: $m, accountId: $a, reviewId: $r) {
  ok errors { code message } } }`;
const TOP_UP = `mutation($input: RainyDayTopUpInput!) { topUpRainyDay(input: $input) { ok errors { code message } } }`;
const FIGURES = 'subscription { figuresChanged { accountIds everyAccount reasons } }';

interface Review {
  depositReview: {
    proposal: {
      currentDeposit: string;
      proposedDeposit: string | null;
      topUpFirst: string;
      summary: string;
      reasons: { billerKey: string | null; perDeposit: string; words: string }[];
    };
    open: { reviewId: number; proposedDeposit: string; referred: boolean; summary: string } | null;
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

/** The open review as stored: every figure and word. */
async function stored(reviewId: number) {
  const [row] = await sql<{
    status: number;
    current_deposit: string;
    proposed_deposit: string;
    top_up_first: string;
    summary: string;
    reasons: { billerKey: string | null; perDeposit: string; words: string }[];
  }>(
    server,
    `select status, current_deposit::text, proposed_deposit::text, top_up_first::text, summary, reasons
       from deposit_review where id = ?`,
    [reviewId],
  );
  return row;
}

beforeAll(async () => {
  server = await startTestServer({ clock: fixedClock(TODAY, startOfRunOn(TODAY)) });
  mary = await session(server, MEMBER_TWO_ACCOUNTS);
  maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await accountWithStatus(server, maryId, 7));
  savings = (await salaryInto(server, maryId)).account.accountNumber;
  const jobs = server.app.services.jobs;
  await jobs.send(em(server), DEPOSIT_REVIEW_JOB, {});
  await jobs.drain(DEPOSIT_REVIEW_JOB);
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await server?.stop();
});

describe('an open deposit review worked out again with the same deposit', () => {
  it('is written again from the review worked out now: the top-up made is no longer asked for', async () => {
    const before = await review();
    expect(Number(before.proposal.topUpFirst)).toBeGreaterThan(0);
    expect(before.open!.summary).toBe(before.proposal.summary);
    expect(before.open!.summary).toMatch(/^Top up \$[\d,.]+ now/);
    // She asks staff about it first: the review she asked about stays the one offered.
    const asked = await gql<{ referDepositReview: { ok: boolean } }>(server, mary, REFER, {
      m: maryId,
      a: accountId,
      r: before.open!.reviewId,
    });
    expect(asked.data!.referDepositReview.ok).toBe(true);

    const topUp = await gql<{ topUpRainyDay: { ok: boolean; errors: unknown[] } }>(server, mary, TOP_UP, {
      input: {
        contractId: agreementId,
        accountNumber: savings,
        topupAmount: before.proposal.topUpFirst,
        idempotencyKey: randomUUID(),
      },
    });
    expect(topUp.data?.topUpRainyDay).toEqual({ ok: true, errors: [] });
    const now = (await review()).proposal;
    // The deposit worked out did not move; the top-up first is made, and the words say so.
    expect(now.proposedDeposit).toBe(before.proposal.proposedDeposit);
    expect(now.topUpFirst).toBe('0.00');
    expect(now.summary).not.toBe(before.proposal.summary);

    const client = wsClient(server.url, mary.token);
    clients.push(client);
    const live = subscribe<Figures>(client, FIGURES);
    await live.waitFor((r) => r.data?.figuresChanged.reasons.includes('LISTENING') === true);
    expect(await server.app.services.jobs.drain(DEPOSIT_REVIEW_REWORK_JOB)).toBe(1);

    const after = await review();
    // The same review (the same deposit offered, her question to staff kept), saying what is worked out now.
    expect(after.open).toMatchObject({
      reviewId: before.open!.reviewId,
      proposedDeposit: now.proposedDeposit,
      referred: true,
      summary: now.summary,
    });
    expect(await stored(before.open!.reviewId)).toEqual({
      status: 2,
      current_deposit: now.currentDeposit,
      proposed_deposit: now.proposedDeposit,
      top_up_first: '0.00',
      summary: now.summary,
      reasons: now.reasons,
    });
    // The review's screens (its panel, the staff worklist) hear it.
    await live.waitFor(
      (r) =>
        r.data?.figuresChanged.accountIds.includes(accountId) === true &&
        r.data.figuresChanged.reasons.includes('DEPOSIT_REVIEWED'),
    );
    // Run again, it writes nothing more.
    const run = await server.app.services.depositReviews.reworkOpen(em(server), agreementId);
    expect(run).toMatchObject({ rewritten: 0, proposed: 0, unchanged: 0, superseded: 0 });
  });
});
