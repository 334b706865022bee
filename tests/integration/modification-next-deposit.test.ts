import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';
import { startModification } from './modification.fixtures.js';

/**
 * The deposits step of a modification proposes the next deposit of the version in force, from its stored schedule
 * (issue 25 item 6's run: agreement 27's copy proposed "today", from the column its last save had written months
 * before, and the applied modification took the member's deposit two days early, after the bank's day had run).
 */

let server: TestServer;
let agent: string;
let today: LocalDate;

const LOAD = `query($id: Int!) { agreementDeposits(agreementId: $id) {
  step { deposits { contributionDate oldContributionDate dateRangeFrom } } errors { code message } } }`;

interface Loaded {
  agreementDeposits: {
    step: { deposits: { contributionDate: string; oldContributionDate: string | null; dateRangeFrom: string } } | null;
    errors: { code: string; message: string }[];
  };
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
    const { agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
    // The version in force's column holds the date chosen when it was saved (its first deposit, long arrived).
    await sql(server, `update agreement set next_deposit_date = contribution_date where id = ?`, [agreementId]);
    const [next] = await sql<{ due_date: string }>(
      server,
      `select due_date::text as due_date from scheduled_deposit
       where agreement_id = ? and status = 0 and due_date >= ?::date order by due_date limit 1`,
      [agreementId, today],
    );
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
});
