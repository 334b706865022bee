import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_CHANGE_JOB } from '../../server/src/modules/agreement/change-jobs.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { SEND_NOTICE_JOB } from '../../server/src/modules/notification/events.js';
import { DELIVER_NOTIFICATION_JOB } from '../../server/src/modules/notification/outbox.js';
import { daysBetween, todayIn, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { cents, parseMoney } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';
import { agreementInForce } from './biller-wizard.fixtures.js';
import { queueModification } from './modification.fixtures.js';
import { salaryIntoRainyDay } from './ledger-fixture.js';
import { heldForOverdueBills } from './renewal.fixtures.js';

/**
 * A modification made over a version with a term-end choice keeps the choice (issue 24 item 5; term-end/README.md,
 * "A modification keeps the choice"), on a real database: the member chooses to refund the surplus while the agreement
 * is due (within the renewal notice window, no renewal yet), staff modify the agreement, and once the modification
 * takes effect the choice belongs to the new version in force: the panel shows it, the renewal's deposits step opens
 * without the surplus, and it is the choice the renewal's takeover will claim.
 */
const TZ = 'Australia/Sydney';
const TODAY = todayIn(TZ);
const clock = new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ);

const VIEW = `query($m: Int!, $a: Int!) { termEndChoice(memberId: $m, accountId: $a) {
  agreementId closingBalance renewalUnderWay choice accountNumber chosenAt message } }`;
const CHOOSE = `mutation($input: ChooseTermEndInput!) { chooseTermEnd(input: $input) {
  ok termEnd { choice accountNumber } errors { code field message } } }`;

interface View {
  agreementId: number;
  closingBalance: string | null;
  renewalUnderWay: boolean;
  choice: string;
  accountNumber: string | null;
  chosenAt: string | null;
  message: string;
}

let server: TestServer;
let mary: Session;
let maryId: number;
let accountId: number;
let agreementId: number;
let refundTo: { id: number; account_number: string };

const view = async () => {
  const body = await gql<{ termEndChoice: View | null }>(server, mary, VIEW, { m: maryId, a: accountId });
  expect(body.errors).toBeUndefined();
  return body.data!.termEndChoice;
};

beforeAll(async () => {
  server = await startTestServer({ clock });
  mary = await session(server, MEMBER_TWO_ACCOUNTS);
  maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]));
  const [row] = await sql<{ end_date: string }>(server, 'select end_date::text from agreement where id = ?', [
    agreementId,
  ]);
  // Due for renewal without a renewal under way: the notice window reaches the end date.
  const days = daysBetween(TODAY, row.end_date as LocalDate) + 1;
  await em(server).execute(
    `insert into setting (key, value) values ('coreBanking', ?::jsonb)
     on conflict (key) do update set value = excluded.value`,
    [JSON.stringify({ renewalNoticeDays: days })],
  );
  [refundTo] = await sql<{ id: number; account_number: string }>(
    server,
    'select id, account_number from linked_account where member_id = ? and is_active order by is_default, id limit 1',
    [maryId],
  );
  // A surplus at term end: money into her linked account, then a rainy-day top-up from it into the agreement.
  const before = (await view())!;
  const amount = cents(Math.max(0, -parseMoney(before.closingBalance!)) + 500_00);
  await em(server).transactional((tx) =>
    salaryIntoRainyDay(tx, { memberId: maryId, agreementId, linkedAccountId: refundTo.id, amount, date: TODAY }),
  );
}, 180_000);
afterAll(() => server?.stop());

/** The staff worklist's renewal row of the agreement (the agent's view). */
async function renewalRow(): Promise<{ detail: string } | undefined> {
  const agent = await server.token(...AGENT);
  const { body } = await server.graphql<{
    staffWorklist: { items: { kind: string; agreementId: number; detail: string }[] };
  }>('{ staffWorklist { items { kind agreementId detail } } }', {}, agent);
  return body.data!.staffWorklist.items.find((item) => item.kind === 'RenewalDue' && item.agreementId === agreementId);
}

describe('the renewal-due notice and the worklist say the term-end choice (issue 24 item 5)', () => {
  it('says none was made yet (rolled by default), then the member’s choice as it stands when the notice is composed', async () => {
    const none = 'Term-end choice: none made yet, so the balance will be rolled into the renewal.';
    expect((await renewalRow())?.detail).toContain(none);

    // The bank day finds the agreement due for renewal; Mary chooses before the notice is composed and sent.
    await server.app.services.bankDay.runStep(em(server), 'calendar', TODAY);
    const chosen = await gql<{ chooseTermEnd: { ok: boolean } }>(server, mary, CHOOSE, {
      input: { memberId: maryId, accountId, choice: 'Refund', accountNumber: refundTo.account_number },
    });
    expect(chosen.data!.chooseTermEnd.ok).toBe(true);
    await server.app.services.jobs.drain(SEND_NOTICE_JOB);
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    const told = await sql<{ email_body: string | null; sms_body: string | null }>(
      server,
      `select email_body, sms_body from notification where agreement_id = ? and name = 'RenewalDueNotification'`,
      [agreementId],
    );
    expect(told).toHaveLength(1);
    expect(told[0].email_body).toContain(
      `Your choice for the balance when it ends: Refund the surplus to linked account ${refundTo.account_number}. You can change it on your account’s overview in the portal until the renewal takes over.`,
    );
    expect((await renewalRow())?.detail).toContain(
      `Term-end choice: Refund the surplus to linked account ${refundTo.account_number}.`,
    );
  });
});

describe('a term-end choice and a modification (issue 24 item 5)', () => {
  it('moves with the modification to the new version in force, and the renewal of that version opens without the surplus', async () => {
    const chosen = await gql<{ chooseTermEnd: { ok: boolean } }>(server, mary, CHOOSE, {
      input: { memberId: maryId, accountId, choice: 'Refund', accountNumber: refundTo.account_number },
    });
    expect(chosen.data!.chooseTermEnd.ok).toBe(true);
    const before = (await view())!;
    expect(before).toMatchObject({ agreementId, renewalUnderWay: false, choice: 'Refund' });

    // Staff modify the agreement (nothing the member agreed to changes: queued and applied at once).
    const queued = await queueModification(server, agreementId);
    await server.app.services.jobs.drain(APPLY_CHANGE_JOB);
    const statuses = await sql<{ id: number; status: number }>(
      server,
      'select id, status from agreement where id in (?, ?) order by id',
      [agreementId, queued.agreementId],
    );
    expect(statuses).toEqual([
      { id: agreementId, status: 10 },
      { id: queued.agreementId, status: 7 },
    ]);

    // The choice now belongs to the version in force: the same row, unapplied, with who chose it and when.
    const rows = await sql<{ agreement_id: number; choice: number; linked_account_id: number; applied_at: string }>(
      server,
      'select agreement_id, choice, linked_account_id, applied_at from term_end_choice where account_id = ?',
      [accountId],
    );
    expect(rows).toEqual([
      { agreement_id: queued.agreementId, choice: 2, linked_account_id: refundTo.id, applied_at: null },
    ]);
    const after = (await view())!;
    expect(after).toMatchObject({
      agreementId: queued.agreementId,
      choice: 'Refund',
      accountNumber: refundTo.account_number,
      chosenAt: before.chosenAt,
      message: `Chosen: Refund the surplus to linked account ${refundTo.account_number}.`,
    });
    const [applied] = await sql<{ data: Record<string, unknown> }>(
      server,
      'select data from activity where agreement_id = ? and type = 21 order by id desc limit 1',
      [queued.agreementId],
    );
    expect(applied.data).toMatchObject({ previousContractId: agreementId, termEndChoiceCarried: true });

    // Its renewal's deposits step opens without the surplus (refunded, not carried over): only with the money held for
    // the bills overdue today, which followed their billers into the new version and which the renewal takes over.
    const agent = await server.token(...AGENT);
    const renewed = await server.graphql<{ renewAgreement: { outcome: { agreementId: number } } }>(
      'mutation($id: Int!) { renewAgreement(agreementId: $id) { outcome { agreementId } errors { message } } }',
      { id: queued.agreementId },
      agent,
    );
    const renewalId = renewed.body.data!.renewAgreement.outcome.agreementId;
    const deposits = await server.graphql<{
      agreementDeposits: { step: { plan: { required: { openingBalance: string } } | null } };
    }>(
      `query($id: Int!) { agreementDeposits(agreementId: $id, draft: null) {
        step { plan { required { openingBalance } } } } }`,
      { id: renewalId },
      agent,
    );
    const heldFor = await heldForOverdueBills(server, queued.agreementId, TODAY);
    expect(heldFor).toBeGreaterThan(0); // the demo's overdue and failed bills
    expect(parseMoney(deposits.body.data!.agreementDeposits.step.plan!.required.openingBalance)).toBe(heldFor);
    expect((await view())!).toMatchObject({ renewalUnderWay: true, choice: 'Refund' });
  });
});
