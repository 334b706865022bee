import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSITS_MESSAGES } from '../../server/src/modules/agreement/deposits/deposits.rules.js';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';
import { startModification } from './modification.fixtures.js';

/**
 * A modification's next deposit "today" after the bank's day has run (issue 25, the simulation README's "Not checked
 * yet"): the deposits step of the bank's day (00:05) asks for the deposits due by that day, once, so a deposit dated
 * today and written after it would be asked for only the next day, late, while the forecast counted it today. Before
 * today's deposits step has run, today is offered and accepted; once it has run (core-banking's record of the day,
 * `bank_day_step`), the earliest day offered (`dateRangeFrom`) and accepted is tomorrow, over GraphQL and REST.
 */

let server: TestServer;
let agent: string;
let today: LocalDate;
let tomorrow: LocalDate;
let versionId: number;

const DRAFT = `contributionFrequency contributionDate biMonthly1stDate biMonthly2ndDate selectedContributionDate depositType
  remitterName remitterNumber periodicalPaymentAccount isTopupPerformed isRemoveBillPerformed topupAccount`;
const LOAD = `query($id: Int!, $draft: DepositsInput) { agreementDeposits(agreementId: $id, draft: $draft) {
  step { deposits { ${DRAFT} dateRangeFrom } planError { code field message } } errors { code field message } } }`;
const SAVE = `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) {
  step { deposits { contributionDate } } errors { code field message } } }`;

type Draft = Record<string, unknown> & { contributionDate: string; dateRangeFrom?: string };
interface Loaded {
  agreementDeposits: {
    step: { deposits: Draft; planError: { code: string; field: string; message: string } | null } | null;
    errors: { code: string; field: string; message: string }[];
  };
}
interface Saved {
  saveAgreementDeposits: {
    step: { deposits: { contributionDate: string } } | null;
    errors: { code: string; field: string; message: string }[];
  };
}

const TAKEN = {
  code: 'TODAYS_DEPOSITS_TAKEN',
  field: 'contributionDate',
  message: 'Today’s deposits have already been taken; the next deposit can be tomorrow or later.',
};

async function load(draft: Draft | null = null) {
  const { body } = await server.graphql<Loaded>(LOAD, { id: versionId, draft }, agent);
  return body.data!.agreementDeposits;
}

/** The step as proposed, as the screen sends it back (the draft without the range). */
async function proposed(): Promise<Draft> {
  const { dateRangeFrom: _range, ...draft } = (await load()).step!.deposits;
  return draft as Draft;
}

async function save(input: Draft) {
  const { body } = await server.graphql<Saved>(SAVE, { id: versionId, input }, agent);
  return body.data!.saveAgreementDeposits;
}

async function stored() {
  const [row] = await sql<Record<string, unknown>>(
    server,
    `select next_deposit_date::text as next_deposit_date, contribution_frequency, deposit_amount::text, updated_at
     from agreement where id = ?`,
    [versionId],
  );
  return row;
}

async function restSave(body: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api/ContractBatchAction/saveDeposits?contractId=${versionId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${agent}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.token(...AGENT);
  today = server.app.services.clock.today();
  tomorrow = addDays(today, 1);
  const { agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
  versionId = await startModification(server, agreementId, agent);
});
afterAll(async () => {
  await server?.stop();
});

describe('before today’s deposits step has run', () => {
  it('offers today and saves a next deposit of today', async () => {
    const [ran] = await sql<{ n: number }>(
      server,
      "select count(*)::int as n from bank_day_step where step = 'deposits' and business_date = ?::date",
      [today],
    );
    expect(ran.n).toBe(0);
    expect((await load()).step!.deposits.dateRangeFrom).toBe(today);
    const saved = await save({ ...(await proposed()), contributionDate: today });
    expect(saved.errors).toEqual([]);
    expect(saved.step!.deposits.contributionDate).toBe(today);
  });
});

describe('after today’s deposits step has run', () => {
  beforeAll(async () => {
    const report = await server.app.services.bankDay.runStep(server.app.database.orm.em.fork(), 'deposits', today);
    expect(report.step).toBe('deposits');
    // The day's record: the step asked the bank for some agreement's deposits (the demo's arrears, at least).
    expect(await server.app.services.bankDay.depositsTakenOn(server.app.database.orm.em.fork(), today)).toBe(true);
  });

  it('offers tomorrow at the earliest, and proposes it instead of the today saved before', async () => {
    const step = (await load()).step!;
    expect(step.deposits.dateRangeFrom).toBe(tomorrow);
    expect(step.deposits.contributionDate).toBe(tomorrow);
  });

  it('says at the date why today is refused when the screen asks with it', async () => {
    const asked = await load({ ...(await proposed()), contributionDate: today });
    expect(asked.step!.planError).toEqual(TAKEN);
  });

  it('refuses to save today with that message and writes nothing, over GraphQL and REST', async () => {
    const before = await stored();
    const draft = { ...(await proposed()), contributionDate: today };
    const saved = await save(draft);
    expect(saved.step).toBeNull();
    expect(saved.errors).toContainEqual(TAKEN);
    const rest = await restSave(draft);
    expect(rest).toEqual({ status: 400, body: TAKEN });
    expect(await stored()).toEqual(before);
    expect(DEPOSITS_MESSAGES.todaysDepositsTaken).toBe(TAKEN.message);
  });

  it('saves tomorrow', async () => {
    const saved = await save({ ...(await proposed()), contributionDate: tomorrow });
    expect(saved.errors).toEqual([]);
    expect((await stored()).next_deposit_date).toBe(tomorrow);
  });
});
