import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_REVIEW_JOB } from '../../server/src/modules/agreement/index.js';
import { fixedClock, startOfRunOn } from '../../server/src/shared/clock.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { realDatabaseUrl } from '../support/database.js';
import {
  accountWithStatus,
  em,
  gql,
  memberIdOf,
  session,
  sql,
  untilWaitingForLock,
  type Session,
} from './portal-support.js';

/**
 * An open deposit review ends with its version: a status change that takes the reviewed version out of running
 * (locked, cancelled, expired, superseded by a modification or a renewal) closes its open review in the change's own
 * transaction, whoever makes it (the status writer, the one place a status changes). Before, the review stayed open
 * until the 01:30 run superseded it, and Mary (100001) could still accept it on her locked agreement: a modification
 * of the deposit was made for a version staff had stopped.
 */

const TODAY = (process.env.E2E_TODAY ?? '2026-11-23') as LocalDate;
const READ = `query($m: Int!, $a: Int!) { depositReview(memberId: $m, accountId: $a) {
  open { reviewId proposedDeposit } closed { reviewId outcome } } }`;
const ACCEPT = `mutation($m: Int!, $a: Int!, $r: Int!) { acceptDepositReview(memberId: $m, accountId: $a, reviewId: $r) {
  ok message changeAgreementId errors { code message } } }`;
const OUTCOME = 'errors { code message } outcome { status }';
const LOCK = `mutation($id: Int!, $r: String!) { lockAgreement(agreementId: $id, reason: $r) { ${OUTCOME} } }`;
const CANCEL = `mutation($id: Int!, $r: String!) { cancelAgreement(agreementId: $id, reason: $r) { ${OUTCOME} } }`;

interface Review {
  depositReview: { open: { reviewId: number; proposedDeposit: string } | null; closed: unknown } | null;
}
interface Accepted {
  acceptDepositReview: {
    ok: boolean;
    message: string | null;
    changeAgreementId: number | null;
    errors: { code: string; message: string }[];
  };
}

let server: TestServer;
let agent: Session;

async function openReviewOf(who: Session, memberId: number, accountId: number) {
  const body = await gql<Review>(server, who, READ, { m: memberId, a: accountId });
  expect(body.errors).toBeUndefined();
  return body.data!.depositReview?.open ?? null;
}

async function reviewStatus(reviewId: number): Promise<number> {
  const [row] = await sql<{ status: number }>(server, 'select status from deposit_review where id = ?', [reviewId]);
  return row.status;
}

async function versionsAfter(agreementId: number): Promise<number> {
  const [row] = await sql<{ n: number }>(server, 'select count(*)::int as n from agreement where previous_id = ?', [
    agreementId,
  ]);
  return row.n;
}

beforeAll(async () => {
  server = await startTestServer({ clock: fixedClock(TODAY, startOfRunOn(TODAY)) });
  agent = await session(server, AGENT);
  const jobs = server.app.services.jobs;
  await jobs.send(em(server), DEPOSIT_REVIEW_JOB, {});
  await jobs.drain(DEPOSIT_REVIEW_JOB);
}, 120_000);
afterAll(() => server?.stop());

describe('an open deposit review when its version stops running', () => {
  it('is closed when staff lock the agreement, and the member’s accept is refused, changing nothing', async () => {
    const mary = await session(server, MEMBER_TWO_ACCOUNTS);
    const maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
    const { accountId, agreementId } = await accountWithStatus(server, maryId, 7);
    const open = await openReviewOf(mary, maryId, accountId);
    expect(open).not.toBeNull();

    const locked = await gql<{ lockAgreement: { errors: unknown[]; outcome: { status: string } } }>(
      server,
      agent,
      LOCK,
      { id: agreementId, r: 'Member asked to pause' },
    );
    expect(locked.data!.lockAgreement).toMatchObject({ errors: [], outcome: { status: 'Locked' } });
    // Closed with the lock, not at 01:30: no job ran.
    expect(await reviewStatus(open!.reviewId)).toBe(4);
    expect(await openReviewOf(mary, maryId, accountId)).toBeNull();

    const accepted = await gql<Accepted>(server, mary, ACCEPT, { m: maryId, a: accountId, r: open!.reviewId });
    expect(accepted.data!.acceptDepositReview).toMatchObject({
      ok: false,
      changeAgreementId: null,
      errors: [{ code: 'REVIEW_NOT_OPEN', message: 'This review is no longer open: the page shows the latest one.' }],
    });
    expect(await versionsAfter(agreementId)).toBe(0);
    expect(await reviewStatus(open!.reviewId)).toBe(4);
  });

  it('is closed when staff cancel an agreement in arrears', async () => {
    const jack = await session(server, MEMBER_MISSED_DEPOSIT);
    const jackId = await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]);
    const { accountId, agreementId } = await accountWithStatus(server, jackId, 4);
    const open = await openReviewOf(jack, jackId, accountId);
    expect(open).not.toBeNull();

    const cancelled = await gql<{ cancelAgreement: { errors: unknown[]; outcome: { status: string } } }>(
      server,
      agent,
      CANCEL,
      { id: agreementId, r: 'Member moved away' },
    );
    expect(cancelled.data!.cancelAgreement.errors).toEqual([]);
    expect(await reviewStatus(open!.reviewId)).toBe(4);
    const accepted = await gql<Accepted>(server, jack, ACCEPT, { m: jackId, a: accountId, r: open!.reviewId });
    expect(accepted.data!.acceptDepositReview.errors.map((error) => error.code)).toEqual(['REVIEW_NOT_OPEN']);
    expect(await versionsAfter(agreementId)).toBe(0);
  });

  // Two connections at once: a status change closing the review while its rework replaces it.
  it.skipIf(!realDatabaseUrl)('a status change and a rework of the same review wait for each other', async () => {
    // Any running agreement's open review (Mary's and Jack's were closed above).
    const [open] = await sql<{ id: number; agreement_id: number }>(
      server,
      `select d.id, d.agreement_id from deposit_review d join agreement g on g.id = d.agreement_id
        where d.status in (0, 2) and g.status in (7, 4) order by d.id limit 1`,
    );
    expect(open).toBeDefined();
    const agreementId = Number(open.agreement_id);
    // The open review's figure is no longer the one worked out: its rework supersedes it and records another.
    await sql(server, 'update deposit_review set proposed_deposit = proposed_deposit + 1 where id = ?', [open.id]);
    // The status writer's order: the version locked, then its open review closed (review-ends.ts).
    const holder = em(server);
    await holder.begin();
    await holder.execute('select id from agreement where id = ? for update', [agreementId]);
    const rework = server.app.services.depositReviews.reworkOpen(em(server), agreementId);
    rework.catch(() => undefined);
    try {
      await untilWaitingForLock(server, 'the rework');
      await holder.execute(
        'update deposit_review set status = 4, decided_at = now() where id = ? and status in (0, 2)',
        [open.id],
      );
      await holder.commit();
    } finally {
      if (holder.isInTransaction()) await holder.rollback();
    }
    // Before, the rework superseded the review first, then its replacement's insert waited for the version: each
    // waited for the other, and PostgreSQL aborted one ("deadlock detected").
    await expect(rework).resolves.toMatchObject({ proposed: 0, superseded: 0 });
    const rows = await sql<{ id: number; status: number }>(
      server,
      'select id, status from deposit_review where agreement_id = ? and (id = ? or status in (0, 2)) order by id',
      [agreementId, open.id],
    );
    expect(rows.map((row) => [row.id, row.status])).toEqual([[open.id, 4]]);
  });
});
