import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_CHANGE_JOB } from '../../server/src/modules/agreement/change-jobs.js';
import { DEPOSIT_REVIEW_JOB } from '../../server/src/modules/agreement/review/review-jobs.js';
import { fixedClock, startOfRunOn } from '../../server/src/shared/clock.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';

/**
 * Issue 24 item 2, the review accepted in one tap: the scheduled review records Mary's (100001) proposal; another
 * member and the reporter are refused; she asks staff first (the worklist row says so, and asking twice is refused);
 * then she accepts: a modification of the deposit at the proposed amount, prepared as "Deposit review" and approved
 * by her tap, which the change job applies (her deposit is the proposal); the review is closed and a second tap is
 * refused, changing nothing.
 */
const TODAY = (process.env.E2E_TODAY ?? '2026-11-23') as LocalDate;
const READ = `query($m: Int!, $a: Int!) { depositReview(memberId: $m, accountId: $a) {
  open { reviewId reviewedOn proposedDeposit referred summary } closed { reviewId outcome } } }`;
const RESULT = 'ok message changeAgreementId approved sentToMember waitingForManager errors { code field message }';
const ACCEPT = `mutation($m: Int!, $a: Int!, $r: Int!) { acceptDepositReview(memberId: $m, accountId: $a, reviewId: $r) { ${RESULT} } }`;
const REFER = `mutation($m: Int!, $a: Int!, $r: Int!) { referDepositReview(memberId: $m, accountId: $a, reviewId: $r) { ${RESULT} } }`;
const WORKLIST = `query { staffWorklist { items { key kind title agreementId } } }`;

interface Decision {
  ok: boolean;
  message: string | null;
  changeAgreementId: number | null;
  approved: boolean;
  sentToMember: boolean;
  waitingForManager: boolean;
  errors: { code: string; field: string | null; message: string }[];
}

let server: TestServer;
let mary: Session;
let agent: Session;
let maryId: number;
let accountId: number;
let agreementId: number;
let reviewId: number;
let proposed: string;

async function decide(mutation: string, who: Session) {
  const body = await gql<Record<string, Decision>>(server, who, mutation, { m: maryId, a: accountId, r: reviewId });
  return body;
}

beforeAll(async () => {
  server = await startTestServer({ clock: fixedClock(TODAY, startOfRunOn(TODAY)) });
  mary = await session(server, MEMBER_TWO_ACCOUNTS);
  agent = await session(server, AGENT);
  maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await accountWithStatus(server, maryId, 7));
  const jobs = server.app.services.jobs;
  await jobs.send(em(server), DEPOSIT_REVIEW_JOB, {});
  await jobs.drain(DEPOSIT_REVIEW_JOB);
  const body = await gql<{
    depositReview: { open: { reviewId: number; proposedDeposit: string; referred: boolean } | null };
  }>(server, mary, READ, { m: maryId, a: accountId });
  const open = body.data!.depositReview.open!;
  expect(open).toMatchObject({ referred: false });
  reviewId = open.reviewId;
  proposed = open.proposedDeposit;
}, 120_000);
afterAll(() => server?.stop());

describe('a deposit review accepted in one tap, or referred to staff', () => {
  it('refuses another member and the reporter, changing nothing', async () => {
    const jack = await session(server, MEMBER_MISSED_DEPOSIT);
    const foreign = await decide(ACCEPT, jack);
    expect(JSON.stringify(foreign)).toMatch(/do not have access/);
    const reporter = await decide(ACCEPT, await session(server, REPORTER));
    expect(reporter.errors?.[0]?.message).toMatch(/do not have access/);
    const [{ n }] = await sql<{ n: number }>(server, 'select count(*)::int as n from agreement where previous_id = ?', [
      agreementId,
    ]);
    expect(n).toBe(0);
  });

  it('lets the member ask staff: the worklist row says so, and asking twice is refused', async () => {
    const asked = (await decide(REFER, mary)).data!.referDepositReview;
    expect(asked).toMatchObject({ ok: true, message: 'We will look at the review with you and be in touch.' });
    const read = await gql<{ depositReview: { open: { referred: boolean } } }>(server, mary, READ, {
      m: maryId,
      a: accountId,
    });
    expect(read.data!.depositReview.open.referred).toBe(true);
    const rows = (
      await gql<{ staffWorklist: { items: { key: string; kind: string; agreementId: number | null }[] } }>(
        server,
        agent,
        WORKLIST,
      )
    ).data!.staffWorklist.items.filter((item) => item.kind === 'DepositReview' && item.agreementId === agreementId);
    expect(rows.map((row) => row.key)).toEqual([`review:${reviewId}:referred`]);
    const again = (await decide(REFER, mary)).data!.referDepositReview;
    expect(again.errors.map((e) => e.code)).toEqual(['ALREADY_ASKED']);
  });

  it('applies the proposed deposit when the member accepts: prepared as Deposit review, approved by her tap', async () => {
    const done = (await decide(ACCEPT, mary)).data!.acceptDepositReview;
    expect(done.errors).toEqual([]);
    if (done.waitingForManager) {
      expect(done.message).toMatch(/needs a manager’s approval first/);
      return;
    }
    expect(done).toMatchObject({ ok: true, approved: true, sentToMember: false });
    expect(done.message).toMatch(/^Your new deposit of \$[\d,.]+ is approved: it applies from the next deposit\.$/);
    const [version] = await sql<{ deposit_amount: string; previous_id: number }>(
      server,
      'select deposit_amount::text as deposit_amount, previous_id from agreement where id = ?',
      [done.changeAgreementId],
    );
    // Prepared as "Deposit review", never as a person on staff.
    const prepared = await sql<{ agent_name: string | null }>(
      server,
      'select distinct agent_name from activity where agreement_id = ?',
      [done.changeAgreementId],
    );
    expect(prepared.map((row) => row.agent_name)).toContain('Deposit review');
    expect(version).toMatchObject({ deposit_amount: proposed, previous_id: agreementId });
    await server.app.services.jobs.drain(APPLY_CHANGE_JOB);
    const [applied] = await sql<{ status: number; deposit_amount: string }>(
      server,
      'select status, deposit_amount::text as deposit_amount from agreement where id = ?',
      [done.changeAgreementId],
    );
    expect(applied).toEqual({ status: 7, deposit_amount: proposed });
    const [review] = await sql<{ status: number; change_agreement_id: number }>(
      server,
      'select status, change_agreement_id from deposit_review where id = ?',
      [reviewId],
    );
    expect(review).toEqual({ status: 1, change_agreement_id: done.changeAgreementId });
    // Her panel, now on the new version, says the review was accepted.
    const after = await gql<{ depositReview: { open: unknown; closed: { reviewId: number; outcome: string } | null } }>(
      server,
      mary,
      READ,
      { m: maryId, a: accountId },
    );
    expect(after.data!.depositReview).toMatchObject({ open: null, closed: { reviewId, outcome: 'Accepted' } });
    // The history says the member approved it.
    const approvals = await sql<{ details: string }>(
      server,
      'select details from activity where agreement_id = ? and details like ?',
      [done.changeAgreementId, 'Agreement approved by the member%'],
    );
    expect(approvals).toHaveLength(1);
    const twice = (await decide(ACCEPT, mary)).data!.acceptDepositReview;
    expect(twice.errors.map((e) => e.code)).toEqual(['REVIEW_NOT_OPEN']);
  });
});
