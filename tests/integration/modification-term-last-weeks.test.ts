import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { todayIn, zonedInstant } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';
import { grantNeededApprovals, startModification, twoWeeksBeforeTheEnd } from './modification.fixtures.js';

/**
 * A modification in the term's last weeks, when what the agreement holds already covers its bills to the end date
 * (rule "no more deposits"): the deposits step works out 0.00 and says why, save all accepts it (it refused it as
 * deposits not saved, so the agreement could not be modified at all then), the member's review says no more deposits
 * are needed, and once the change takes effect no deposit is collected any more.
 */

const TZ = 'Australia/Sydney';
const TODAY = todayIn(TZ);
const clock = new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ);

const DRAFT = `contributionFrequency contributionDate biMonthly1stDate biMonthly2ndDate selectedContributionDate depositType
  remitterName remitterNumber periodicalPaymentAccount isTopupPerformed isRemoveBillPerformed topupAccount`;
const LOAD = `query($id: Int!) { agreementDeposits(agreementId: $id) { step { deposits { ${DRAFT} }
  plan { depositAmount required { amount depositCount } } note } errors { code message } } }`;
const SAVE = `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) {
  errors { code field message } } }`;
const SAVE_ALL = `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) {
  outcome { agreementId stage } errors { code message } } }`;

let server: TestServer;
let agent: string;
let agreementId: number;
let accountId: number;
let memberId: number;

beforeAll(async () => {
  server = await startTestServer({ clock });
  ({ agreementId, accountId, memberId } = await twoWeeksBeforeTheEnd(server, clock, MEMBER_TWO_ACCOUNTS[0]));
  agent = await server.token(...AGENT);
}, 180_000);
afterAll(() => server?.stop());

const REVIEW = `query($id: Int!) { agreementChangeReview(agreementId: $id) {
  needsMemberApproval depositChanges { field before after } } }`;
const APPROVE = `mutation($id: Int!) { approveAgreement(agreementId: $id) { ok errors { code message } } }`;

interface Step {
  agreementDeposits: {
    step: {
      deposits: Record<string, unknown>;
      plan: { depositAmount: string; required: { amount: string; depositCount: number } } | null;
      note: string | null;
    } | null;
    errors: { code: string; message: string }[];
  };
}

const depositsFromToday = (id: number) =>
  sql<{ due_date: string; expected_amount: string }>(
    server,
    `select due_date::text, expected_amount::text from scheduled_deposit
      where agreement_id = ? and due_date >= ?::date and status = 0 order by due_date`,
    [id, server.app.services.clock.today()],
  );

describe('a modification in the term’s last weeks, the balance covering the rest of the term', () => {
  it('works out 0.00 and says why, saves all, and once in force collects no more deposits', async () => {
    expect((await depositsFromToday(agreementId)).length).toBeGreaterThan(0);
    const versionId = await startModification(server, agreementId, agent);
    const opened = (await server.graphql<Step>(LOAD, { id: versionId }, agent)).body.data!.agreementDeposits;
    expect(opened.errors).toEqual([]);
    expect(opened.step!.plan!.required).toEqual({ amount: '0.00', depositCount: 1 });
    // The required deposit, as the step offers it (no amount entered).
    const saved = await server.graphql<{ saveAgreementDeposits: { errors: unknown[] } }>(
      SAVE,
      { id: versionId, input: opened.step!.deposits },
      agent,
    );
    expect(saved.body.data!.saveAgreementDeposits.errors).toEqual([]);
    const step = (await server.graphql<Step>(LOAD, { id: versionId }, agent)).body.data!.agreementDeposits.step!;
    expect(step.plan!.depositAmount).toBe('0.00');
    expect(step.note).toMatch(/^No more deposits are needed: what the agreement holds covers its bills/);

    await grantNeededApprovals(server, versionId, agent);
    const all = await server.graphql<{ saveAllAgreementChanges: { outcome: unknown; errors: { code: string }[] } }>(
      SAVE_ALL,
      { id: versionId },
      agent,
    );
    expect(all.body.data!.saveAllAgreementChanges.errors).toEqual([]);

    const member = await server.token(...MEMBER_TWO_ACCOUNTS);
    const review = await server.graphql<{
      agreementChangeReview: { needsMemberApproval: boolean; depositChanges: { field: string; after: string }[] };
    }>(REVIEW, { id: versionId }, member);
    expect(review.body.data!.agreementChangeReview.depositChanges).toContainEqual({
      field: 'Deposit amount',
      before: expect.any(String),
      after: 'None: no more deposits are needed to the end date',
    });
    const approved = await server.graphql<{ approveAgreement: { ok: boolean } }>(APPROVE, { id: versionId }, member);
    expect(approved.body.data!.approveAgreement.ok).toBe(true);
    await server.app.services.jobs.drain();

    const [inForce] = await sql<{ status: number; deposit_amount: string }>(
      server,
      'select status, deposit_amount::text from agreement where id = ?',
      [versionId],
    );
    expect(inForce).toEqual({ status: 7, deposit_amount: '0.00' });
    expect(await depositsFromToday(versionId)).toEqual([]);
    expect(await depositsFromToday(agreementId)).toEqual([]);
    // What's next says why there is no next deposit.
    const overview = await server.graphql<{
      accountOverview: { projection: { nextDeposit: unknown; noNextDeposit: string | null } };
    }>(
      `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) {
        projection { nextDeposit { date } noNextDeposit } } }`,
      { m: memberId, a: accountId },
      member,
    );
    expect(overview.body.data!.accountOverview.projection).toEqual({
      nextDeposit: null,
      noNextDeposit: expect.stringMatching(/^No more deposits are needed: what the agreement holds covers its bills/),
    });
  });
});
