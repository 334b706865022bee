import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';
import { startModification } from './modification.fixtures.js';

/**
 * The deposits step of a modification proposes the next deposit of the version in force, from its stored schedule
 * (issue 25 item 6's run: agreement 27's copy proposed "today", from the column its last save had written months
 * before, and the applied modification took the member's deposit two days early, after the bank's day had run). A
 * twice-a-month renewal proposes its own two dates: the member's two days from its first day on (issue 25, seed 8).
 */

let server: TestServer;
let agent: string;
let today: LocalDate;

const LOAD = `query($id: Int!) { agreementDeposits(agreementId: $id) {
  step { deposits { contributionDate oldContributionDate dateRangeFrom } } errors { code message } } }`;
const DRAFT = `contributionFrequency contributionDate biMonthly1stDate biMonthly2ndDate selectedContributionDate depositType
  remitterName remitterNumber periodicalPaymentAccount isTopupPerformed isRemoveBillPerformed topupAccount`;
const LOAD_DRAFT = `query($id: Int!) { agreementDeposits(agreementId: $id) { step { deposits { ${DRAFT} } } } }`;
const SAVE = `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) {
  errors { code field message } } }`;

interface Loaded {
  agreementDeposits: {
    step: { deposits: { contributionDate: string; oldContributionDate: string | null; dateRangeFrom: string } } | null;
    errors: { code: string; message: string }[];
  };
}

/** The in-force agreement of the member's first account and its next `count` scheduled deposits (after today). */
async function inForceWithNext(count: number) {
  const { agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
  const next = await sql<{ due_date: string }>(
    server,
    `select due_date::text as due_date from scheduled_deposit
     where agreement_id = ? and status = 0 and due_date >= ?::date order by due_date limit ?`,
    [agreementId, today, count],
  );
  return { agreementId, next: next.map((row) => row.due_date) };
}

/** Staff cancel the version open in the wizard on the agreement, if any: one change at a time. */
async function cancelOpenChange(agreementId: number) {
  const [open] = await sql<{ id: number }>(server, 'select id from agreement where previous_id = ? and status = 9', [
    agreementId,
  ]);
  if (!open) return;
  const cancelled = await server.graphql<{ cancelAgreementWizard: { errors: unknown[] } }>(
    'mutation($id: Int!) { cancelAgreementWizard(agreementId: $id, flow: Modify) { errors { code message } } }',
    { id: Number(open.id) },
    agent,
  );
  expect(cancelled.body.data?.cancelAgreementWizard.errors).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.token(...AGENT);
  today = server.app.services.clock.today();
});
afterAll(async () => {
  await server?.stop();
});

describe('a modification’s deposits step, opened before anything is entered', () => {
  it('proposes the version in force’s next scheduled deposit, not the date its last save wrote', async () => {
    const {
      agreementId,
      next: [nextDue],
    } = await inForceWithNext(1);
    // The version in force's column holds the date chosen when it was saved (its first deposit, long arrived).
    await sql(server, `update agreement set next_deposit_date = contribution_date where id = ?`, [agreementId]);
    const next = { due_date: nextDue };
    expect(next.due_date > today).toBe(true);
    const [stale] = await sql<{ next_deposit_date: string }>(
      server,
      'select next_deposit_date::text as next_deposit_date from agreement where id = ?',
      [agreementId],
    );
    expect(stale.next_deposit_date < today).toBe(true);

    const versionId = await startModification(server, agreementId, agent);
    const { body } = await server.graphql<Loaded>(LOAD, { id: versionId }, agent);
    const answer = body.data!.agreementDeposits;
    expect(answer.errors).toEqual([]);
    expect(answer.step!.deposits).toEqual({
      contributionDate: next.due_date,
      oldContributionDate: next.due_date,
      dateRangeFrom: today,
    });
  });

  it('goes on from the version in force’s next two deposits when it is twice a month, and saves as proposed', async () => {
    const { agreementId, next } = await inForceWithNext(2);
    // Twice a month on the days of its stored schedule's next two deposits, saved with its first two dates (past).
    await sql(
      server,
      `update agreement set contribution_frequency = 10, selected_contribution_date = 2,
         bi_monthly_first_date = ?::date - interval '1 year', bi_monthly_second_date = ?::date - interval '1 year',
         next_deposit_date = contribution_date where id = ?`,
      [next[0], next[1], agreementId],
    );
    // The first test's modification is cancelled by staff: one change at a time.
    await cancelOpenChange(agreementId);
    const versionId = await startModification(server, agreementId, agent);
    const { body } = await server.graphql<{ agreementDeposits: { step: { deposits: Record<string, unknown> } } }>(
      LOAD_DRAFT,
      { id: versionId },
      agent,
    );
    const draft = body.data!.agreementDeposits.step.deposits;
    expect(draft).toMatchObject({
      contributionFrequency: 10,
      contributionDate: next[0],
      biMonthly1stDate: next[0],
      biMonthly2ndDate: next[1],
      selectedContributionDate: 1,
    });
    const saved = await server.graphql<{ saveAgreementDeposits: { errors: { code: string }[] } }>(
      SAVE,
      { id: versionId, input: draft },
      agent,
    );
    expect(saved.body.data!.saveAgreementDeposits.errors).toEqual([]);
  });
});

describe('a twice-a-month renewal’s deposits step, opened before anything is entered', () => {
  it('proposes the member’s two days of the month from the renewal’s first day on, and saves as proposed', async () => {
    const { agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
    await cancelOpenChange(agreementId);
    const [{ end_date: endDate }] = await sql<{ end_date: LocalDate }>(
      server,
      'select end_date::text as end_date from agreement where id = ?',
      [agreementId],
    );
    const firstDay = addDays(endDate, 1);
    // Twice a month on the days of the renewal's 4th and 18th day, saved a year before (past), the second chosen.
    const [first, second] = [addDays(firstDay, 3), addDays(firstDay, 17)];
    await sql(
      server,
      `update agreement set contribution_frequency = 10, selected_contribution_date = 2,
         bi_monthly_first_date = ?::date - interval '1 year', bi_monthly_second_date = ?::date - interval '1 year'
       where id = ?`,
      [first, second, agreementId],
    );
    const renewed = await server.graphql<{
      renewAgreement: { outcome: { agreementId: number } | null; errors: unknown[] };
    }>(
      'mutation($id: Int!) { renewAgreement(agreementId: $id) { outcome { agreementId } errors { code message } } }',
      { id: agreementId },
      agent,
    );
    expect(renewed.body.data!.renewAgreement.errors).toEqual([]);
    const renewalId = renewed.body.data!.renewAgreement.outcome!.agreementId;

    const { body } = await server.graphql<{
      agreementDeposits: {
        step: { deposits: Record<string, unknown>; accounts: { id: number; availableBalance: string }[] };
      };
    }>(
      `query($id: Int!) { agreementDeposits(agreementId: $id) {
        step { deposits { ${DRAFT} } accounts { id availableBalance } } } }`,
      { id: renewalId },
      agent,
    );
    const { deposits: draft, accounts } = body.data!.agreementDeposits.step;
    expect(draft).toMatchObject({
      contributionFrequency: 10,
      contributionDate: firstDay,
      biMonthly1stDate: first,
      biMonthly2ndDate: second,
      selectedContributionDate: 1,
    });
    // The demo's agreement dips within the renewal's first weeks: staff top up now from the richest account.
    const richest = [...accounts].sort((a, b) => Number(b.availableBalance) - Number(a.availableBalance))[0];
    const input = { ...draft, isTopupPerformed: true, isRemoveBillPerformed: false, topupAccount: richest.id };
    const saved = await server.graphql<{ saveAgreementDeposits: { errors: { code: string }[] } }>(
      SAVE,
      { id: renewalId, input },
      agent,
    );
    expect(saved.body.data!.saveAgreementDeposits.errors).toEqual([]);
    const [stored] = await sql<{ next_deposit_date: string; first: string; second: string }>(
      server,
      `select next_deposit_date::text as next_deposit_date, bi_monthly_first_date::text as first,
         bi_monthly_second_date::text as second from agreement where id = ?`,
      [renewalId],
    );
    expect(stored).toEqual({ next_deposit_date: first, first, second });
  });
});
