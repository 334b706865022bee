import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_REVIEW_JOB } from '../../server/src/modules/agreement/review/review-jobs.js';
import { fixedClock, startOfRunOn } from '../../server/src/shared/clock.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';

/**
 * Issue 24 item 2, the scheduled review: the `agreement-deposit-review` job (pg-boss, cron) reviews every running
 * agreement of the demo data and records the due ones (deposit_review: one open per agreement, kept on a rerun,
 * superseded by another figure); staff see each open one in their worklist as "Deposit review".
 */

const TODAY = (process.env.E2E_TODAY ?? '2026-11-23') as LocalDate;
const REVIEW = `query($m: Int!, $a: Int!) { depositReview(memberId: $m, accountId: $a) {
  proposal { currentDeposit proposedDeposit summary reasons { words } } due { due reason } } }`;
const WORKLIST = `query { staffWorklist { items { key kind title detail agreementId actions { action } } } }`;

interface Row {
  id: number;
  agreement_id: number;
  status: number;
  reason: number;
  current_deposit: string;
  proposed_deposit: string | null;
  summary: string;
  reasons: { words: string }[];
}

let server: TestServer;
let agent: Session;
let maryId: number;
let accountId: number;
let agreementId: number;

const reviews = () =>
  sql<Row>(
    server,
    `select id, agreement_id, status, reason, current_deposit::text, proposed_deposit::text, summary, reasons
       from deposit_review order by id`,
  );

async function worklistRows() {
  const body = await gql<{
    staffWorklist: {
      items: { key: string; kind: string; title: string; detail: string; agreementId: number | null }[];
    };
  }>(server, agent, WORKLIST);
  expect(body.errors).toBeUndefined();
  return body.data!.staffWorklist.items.filter((item) => item.kind === 'DepositReview');
}

beforeAll(async () => {
  server = await startTestServer({ clock: fixedClock(TODAY, startOfRunOn(TODAY)) });
  agent = await session(server, AGENT);
  maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await accountWithStatus(server, maryId, 7));
});
afterAll(() => server?.stop());

describe('the scheduled deposit review', () => {
  it('runs as a job on the queue and records each due review with its proposal, as the member reads it', async () => {
    const jobs = server.app.services.jobs;
    expect(await jobs.send(em(server), DEPOSIT_REVIEW_JOB, {})).toBeTruthy();
    expect(await jobs.drain(DEPOSIT_REVIEW_JOB)).toBe(1);
    const rows = await reviews();
    expect(rows.length).toBeGreaterThan(0);
    const mary = rows.filter((row) => row.agreement_id === agreementId);
    expect(mary).toHaveLength(1);
    const view = (
      await gql<{
        depositReview: {
          proposal: { currentDeposit: string; proposedDeposit: string; summary: string; reasons: { words: string }[] };
          due: { due: boolean; reason: string };
        };
      }>(server, await session(server, MEMBER_TWO_ACCOUNTS), REVIEW, { m: maryId, a: accountId })
    ).data!.depositReview;
    expect(view.due).toEqual({ due: true, reason: 'Deficit' });
    expect(mary[0]).toMatchObject({
      status: 0,
      reason: 2,
      current_deposit: view.proposal.currentDeposit,
      proposed_deposit: view.proposal.proposedDeposit,
      summary: view.proposal.summary,
    });
    expect(mary[0].reasons.map((reason) => reason.words)).toEqual(view.proposal.reasons.map((r) => r.words));
    // Only running versions are reviewed.
    const [others] = await sql<{ n: number }>(
      server,
      `select count(*)::int as n from deposit_review d join agreement g on g.id = d.agreement_id
        where g.status not in (7, 4)`,
    );
    expect(others.n).toBe(0);
  });

  it('changes nothing when it runs again: the same proposal stays the one open', async () => {
    const before = await reviews();
    const run = await server.app.services.depositReviews.reviewAll(em(server));
    expect(run).toMatchObject({ proposed: 0, superseded: 0 });
    // A review due by a deficit is worked out again and kept; one due by the calendar is not due again today.
    expect(run.kept).toBeGreaterThan(0);
    expect(run.kept).toBeLessThanOrEqual(before.filter((row) => row.status === 0).length);
    expect(await reviews()).toEqual(before);
  });

  it('keeps at most one open review per agreement (the database refuses a second)', async () => {
    const [open] = (await reviews()).filter((row) => row.agreement_id === agreementId);
    await expect(
      sql(
        server,
        `insert into deposit_review (agreement_id, account_id, reviewed_on, reason, current_deposit, summary, reasons)
         select agreement_id, account_id, reviewed_on, reason, current_deposit, summary, reasons
           from deposit_review where id = ?`,
        [open.id],
      ),
    ).rejects.toThrow(/deposit_review_one_open/);
  });

  it('supersedes an open review whose figure is no longer the one worked out', async () => {
    const [open] = (await reviews()).filter((row) => row.agreement_id === agreementId && row.status === 0);
    await sql(server, `update deposit_review set proposed_deposit = proposed_deposit + 1 where id = ?`, [open.id]);
    const run = await server.app.services.depositReviews.reviewAll(em(server));
    expect(run).toMatchObject({ proposed: 1, superseded: 1 });
    const mary = (await reviews()).filter((row) => row.agreement_id === agreementId);
    expect(mary.map((row) => row.status)).toEqual([4, 0]);
    expect(mary[1].proposed_deposit).toBe(open.proposed_deposit);
  });

  it('shows staff each open review in their worklist as a deposit review', async () => {
    const rows = await worklistRows();
    const open = (await reviews()).filter((row) => row.status === 0);
    expect(rows.map((row) => row.key).sort()).toEqual(open.map((row) => `review:${row.id}:pending`).sort());
    const mary = rows.find((row) => row.agreementId === agreementId)!;
    const stored = open.find((row) => row.agreement_id === agreementId)!;
    expect(mary.title).toMatch(
      /^Deposit review of 23-11-2026 waiting for the member: \$[\d,.]+ to \$[\d,.]+ a deposit$/,
    );
    expect(mary.detail).toBe(stored.summary);
  });
});
