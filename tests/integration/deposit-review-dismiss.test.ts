import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_REVIEW_JOB } from '../../server/src/modules/agreement/review/review-jobs.js';
import { fixedClock, startOfRunOn } from '../../server/src/shared/clock.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { realDatabaseUrl } from '../support/database.js';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
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
 * Issue 24 item 2, a review's answers kept whole: accepting a review is one transaction with marking it accepted, so a
 * review closed meanwhile (the nightly job superseding it while the member's tap is under way) leaves no change behind;
 * staff dismiss an open review with a reason (not the member, not the reporter): it is closed, its worklist row goes,
 * the member sees it closed, and the history and the audit keep who and why.
 */
const TODAY = (process.env.E2E_TODAY ?? '2026-11-23') as LocalDate;
const READ = `query($m: Int!, $a: Int!) { depositReview(memberId: $m, accountId: $a) {
  open { reviewId referred } closed { reviewId reviewedOn outcome } } }`;
const RESULT = 'ok message changeAgreementId approved sentToMember waitingForManager errors { code field message }';
const ACCEPT = `mutation($m: Int!, $a: Int!, $r: Int!) { acceptDepositReview(memberId: $m, accountId: $a, reviewId: $r) { ${RESULT} } }`;
const DISMISS = `mutation($m: Int!, $a: Int!, $r: Int!, $why: String!) {
  dismissDepositReview(memberId: $m, accountId: $a, reviewId: $r, reason: $why) { ${RESULT} } }`;
const WORKLIST = `query { staffWorklist { items { key kind agreementId } } }`;

interface Decision {
  ok: boolean;
  message: string | null;
  changeAgreementId: number | null;
  errors: { code: string; field: string | null; message: string }[];
}

let server: TestServer;
let mary: Session;
let agent: Session;
let maryId: number;
let accountId: number;
let agreementId: number;
let reviewId: number;

const reviewStatus = async () =>
  (await sql<{ status: number }>(server, 'select status from deposit_review where id = ?', [reviewId]))[0].status;
const modifications = async () =>
  (await sql<{ n: number }>(server, 'select count(*)::int as n from agreement where previous_id = ?', [agreementId]))[0]
    .n;

async function dismiss(who: Session, why: string) {
  return gql<{ dismissDepositReview: Decision }>(server, who, DISMISS, { m: maryId, a: accountId, r: reviewId, why });
}

beforeAll(async () => {
  server = await startTestServer({ clock: fixedClock(TODAY, startOfRunOn(TODAY)) });
  mary = await session(server, MEMBER_TWO_ACCOUNTS);
  agent = await session(server, AGENT);
  maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await accountWithStatus(server, maryId, 7));
  await server.app.services.jobs.send(em(server), DEPOSIT_REVIEW_JOB, {});
  await server.app.services.jobs.drain(DEPOSIT_REVIEW_JOB);
  const body = await gql<{ depositReview: { open: { reviewId: number } | null } }>(server, mary, READ, {
    m: maryId,
    a: accountId,
  });
  reviewId = body.data!.depositReview.open!.reviewId;
}, 120_000);
afterAll(() => server?.stop());

describe('accepting a review is one transaction with marking it accepted', () => {
  // Two connections at once: the test holds the review's row while the server's transaction reaches it.
  it.skipIf(!realDatabaseUrl)(
    'leaves neither the change nor the review accepted when the review closes meanwhile',
    async () => {
      const holder = em(server);
      await holder.begin();
      try {
        await holder.execute('select id from deposit_review where id = ? for update', [reviewId]);
        const tap = gql<{ acceptDepositReview: Decision }>(server, mary, ACCEPT, {
          m: maryId,
          a: accountId,
          r: reviewId,
        });
        // The tap has made its modification and waits to mark the review: the row is held here.
        await untilWaitingForLock(server, 'the accept', { query: 'update deposit_review set status' });
        // The nightly job supersedes it (a new version, a new figure) and commits first.
        await holder.execute('update deposit_review set status = 4 where id = ?', [reviewId]);
        await holder.commit();
        const answer = (await tap).data!.acceptDepositReview;
        expect(answer).toMatchObject({ ok: false, changeAgreementId: null });
        expect(answer.errors.map((e) => e.code)).toEqual(['REVIEW_NOT_OPEN']);
      } finally {
        if (holder.isInTransaction()) await holder.rollback();
      }
      // Neither step stands: no modification, no approval, no change job, the review as the job left it.
      expect(await modifications()).toBe(0);
      const [{ n: approvals }] = await sql<{ n: number }>(
        server,
        'select count(*)::int as n from approval a join agreement g on g.id = a.agreement_id where g.previous_id = ?',
        [agreementId],
      );
      expect(approvals).toBe(0);
      expect(await reviewStatus()).toBe(4);
      // Open again for what follows (as if the job had not come).
      await sql(server, 'update deposit_review set status = 0, decided_at = null where id = ?', [reviewId]);
    },
  );
});

describe('dismissDepositReview', () => {
  it('refuses the member, the reporter and a missing reason, changing nothing', async () => {
    const byMember = await dismiss(mary, 'Not needed');
    expect(JSON.stringify(byMember.errors ?? byMember.data)).toMatch(/do not have access/);
    const byReporter = await dismiss(await session(server, REPORTER), 'Not needed');
    expect(JSON.stringify(byReporter.errors ?? byReporter.data)).toMatch(/read-only|do not have access/);
    const noReason = (await dismiss(agent, '   ')).data!.dismissDepositReview;
    expect(noReason).toMatchObject({ ok: false, errors: [{ code: 'REQUIRED', field: 'reason' }] });
    expect(await reviewStatus()).toBe(0);
  });

  it('closes the review with the reason: worklist row gone, the member sees it closed, history and audit kept', async () => {
    const before = (
      await gql<{ staffWorklist: { items: { key: string; kind: string; agreementId: number | null }[] } }>(
        server,
        agent,
        WORKLIST,
      )
    ).data!.staffWorklist.items.filter((item) => item.kind === 'DepositReview' && item.agreementId === agreementId);
    expect(before.map((row) => row.key)).toEqual([`review:${reviewId}:pending`]);

    const done = (await dismiss(agent, 'Member is changing energy retailer next month')).data!.dismissDepositReview;
    expect(done).toMatchObject({ ok: true, changeAgreementId: null, errors: [] });
    expect(done.message).toBe(
      'The review is dismissed: the deposit stays as it is, and the member sees the review closed.',
    );
    const [review] = await sql<{ status: number; decided_by: string }>(
      server,
      `select d.status, u.username as decided_by from deposit_review d join app_user u on u.id = d.decided_by_id
        where d.id = ?`,
      [reviewId],
    );
    expect(review).toEqual({ status: 3, decided_by: 'agent' });
    expect(await modifications()).toBe(0);

    const after = (
      await gql<{ staffWorklist: { items: { kind: string; agreementId: number | null }[] } }>(server, agent, WORKLIST)
    ).data!.staffWorklist.items.filter((item) => item.kind === 'DepositReview' && item.agreementId === agreementId);
    expect(after).toEqual([]);

    const seen = await gql<{
      depositReview: { open: unknown; closed: { reviewId: number; outcome: string } | null };
    }>(server, mary, READ, { m: maryId, a: accountId });
    expect(seen.data!.depositReview).toMatchObject({ open: null, closed: { reviewId, outcome: 'Dismissed' } });

    const history = await sql<{ details: string; notes: string; agent_name: string }>(
      server,
      'select details, notes, agent_name from activity where agreement_id = ? and type = 44',
      [agreementId],
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      notes: 'Member is changing energy retailer next month',
      details: expect.stringMatching(
        /^The deposit review of \d{2}-\d{2}-\d{4} was closed: the deposit stays as it is\.$/,
      ),
    });
    const audit = await sql<{ request: { reason: string } }>(
      server,
      `select request from audit_record where action = 'dismissDepositReview' and entity_id = ?`,
      [reviewId],
    );
    expect(audit.map((row) => row.request)).toEqual([{ reason: 'Member is changing energy retailer next month' }]);

    const again = (await dismiss(agent, 'Twice')).data!.dismissDepositReview;
    expect(again.errors.map((e) => e.code)).toEqual(['REVIEW_NOT_OPEN']);
    const accept = (
      await gql<{ acceptDepositReview: Decision }>(server, mary, ACCEPT, { m: maryId, a: accountId, r: reviewId })
    ).data!.acceptDepositReview;
    expect(accept.errors.map((e) => e.code)).toEqual(['REVIEW_NOT_OPEN']);
  });
});
