import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { allocation, linkedAccount, rainyDay } from '../../server/src/modules/ledger/ledger.types.js';
import { todayIn, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { cents, parseMoney } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';
import { grantNeededApprovals, startModification, twoWeeksBeforeTheEnd } from './modification.fixtures.js';
import { em } from './portal-support.js';

/**
 * Save all asks the plan again for a modification saved at 0.00 in the term's last weeks (rule "deposits saved",
 * `lifecycle.rules.ts#depositsProblem`; the journey that is accepted is modification-term-last-weeks.test.ts): when
 * what the agreement holds no longer covers its bills to the end (money taken out after the deposits step was saved),
 * save all refuses with a specific message (DEPOSIT_NEEDED, not a 5xx) and changes nothing; the deposits step then
 * works out a deposit above zero, and save all takes it.
 */
const TZ = 'Australia/Sydney';
const TODAY = todayIn(TZ);
const clock = new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ);

const DRAFT = `contributionFrequency contributionDate biMonthly1stDate biMonthly2ndDate selectedContributionDate depositType
  remitterName remitterNumber periodicalPaymentAccount isTopupPerformed isRemoveBillPerformed topupAccount`;
const LOAD = `query($id: Int!) { agreementDeposits(agreementId: $id) { step { deposits { ${DRAFT} }
  plan { depositAmount } } errors { code message } } }`;
const SAVE = `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) {
  errors { code field message } } }`;
const SAVE_ALL = `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) {
  outcome { agreementId } errors { code field message } } }`;

interface Step {
  agreementDeposits: { step: { deposits: Record<string, unknown>; plan: { depositAmount: string } | null } | null };
}

let server: TestServer;
let agent: string;
let agreementId: number;
let linkedId: number;
let today: LocalDate;

beforeAll(async () => {
  server = await startTestServer({ clock });
  ({
    agreementId,
    linkedAccountId: linkedId,
    today,
  } = await twoWeeksBeforeTheEnd(server, clock, MEMBER_TWO_ACCOUNTS[0]));
  agent = await server.token(...AGENT);
}, 180_000);
afterAll(() => server?.stop());

const load = async (id: number) => (await server.graphql<Step>(LOAD, { id }, agent)).body.data!.agreementDeposits.step!;

const saveStep = async (id: number) => {
  const { body } = await server.graphql<{ saveAgreementDeposits: { errors: unknown[] } }>(
    SAVE,
    { id, input: (await load(id)).deposits },
    agent,
  );
  return body.data!.saveAgreementDeposits.errors;
};

describe('save all of a modification saved at 0.00 asks the plan again', () => {
  it('refuses when the balance no longer covers the rest of the term, changing nothing; saved again, it is taken', async () => {
    const versionId = await startModification(server, agreementId, agent);
    expect(await saveStep(versionId)).toEqual([]);
    expect((await load(versionId)).plan!.depositAmount).toBe('0.00');
    await grantNeededApprovals(server, versionId, agent);

    // After the deposits step was saved, the agreement's money goes back to her account (all of its rainy day and its
    // allocation): it no longer covers the bills to the end.
    const held = await sql<{ kind: number; amount: string }>(
      server,
      `select a.kind, sum(e.amount)::text as amount from ledger_entry e join ledger_account a on a.id = e.ledger_account_id
       where a.agreement_id = ? group by a.kind`,
      [agreementId],
    );
    const amountOf = (kind: number) => parseMoney(held.find((row) => Number(row.kind) === kind)?.amount ?? '0');
    const out = cents(amountOf(1) + amountOf(3));
    await em(server).transactional((tx) =>
      new LedgerService().post(tx, {
        type: LedgerTransactionType.Transfer,
        agreementId,
        effectiveDate: today,
        description: 'Rainy day to her account',
        lines: [
          { account: allocation(agreementId), amount: cents(-amountOf(1)) },
          { account: rainyDay(agreementId), amount: cents(-amountOf(3)) },
          { account: linkedAccount(linkedId), amount: out },
        ],
        activity: { type: 20, details: 'Rainy day paid back to her account for the test' },
      }),
    );
    const version = () =>
      sql<Record<string, unknown>>(
        server,
        'select status, deposit_amount::text, activated_by_id, updated_at from agreement where id = ?',
        [versionId],
      );
    const before = await version();
    const refused = await server.graphql<{
      saveAllAgreementChanges: { outcome: unknown; errors: { code: string; field: string; message: string }[] };
    }>(SAVE_ALL, { id: versionId }, agent);
    expect(refused.status).toBe(200);
    expect(refused.body.data!.saveAllAgreementChanges).toEqual({
      outcome: null,
      errors: [
        {
          code: 'DEPOSIT_NEEDED',
          field: 'deposits',
          message:
            'The agreement no longer holds enough for its bills to the end date: save the deposits again to work out the deposit.',
        },
      ],
    });
    expect(await version()).toEqual(before);

    // Saved again, the deposits step works out a deposit above zero, and save all takes it.
    expect(await saveStep(versionId)).toEqual([]);
    expect(Number((await load(versionId)).plan!.depositAmount)).toBeGreaterThan(0);
    const taken = await server.graphql<{ saveAllAgreementChanges: { errors: unknown[] } }>(
      SAVE_ALL,
      { id: versionId },
      agent,
    );
    expect(taken.body.data!.saveAllAgreementChanges.errors).toEqual([]);
  });
});
