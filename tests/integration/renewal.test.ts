import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { APPLY_CHANGE_JOB } from '../../server/src/modules/agreement/change-jobs.js';
import { DEPOSITS_MESSAGES } from '../../server/src/modules/agreement/deposits/deposits.rules.js';
import { LIFECYCLE_MESSAGES } from '../../server/src/modules/agreement/lifecycle/lifecycle.rules.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_PASSWORD, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { DEMO_DAY } from '../support/demo-day.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';

/**
 * Renew, end to end (issue 26 item 1), on the demo data, whose agreements end more than a year ahead: staff renew, the
 * wizard opens on the copy from the day after the end date and every date check uses the renewal's own period, staff
 * send it, the member approves it, it waits while the version in force runs, and the bank day on its first day makes
 * it take over, once, with its agreed plan stored then. Abandoning a renewal in the wizard gives the menu back.
 */
const TZ = 'Australia/Sydney';
// A fixed day (tests/support/demo-day.ts): whether the renewal's first weeks dip below zero (the deposits step then
// asks staff for the overdraw choice, which this story does not make) depends on the calendar: on 2026-11-23 and
// 2026-11-29 they did, and the test failed on a calendar day, not on a change.
const TODAY = DEMO_DAY;
const clock = new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ);

let server: TestServer;
let staff: string;

const ERRORS = 'errors { code field message }';
const OUTCOME = `outcome { agreementId accountId status message stage } ${ERRORS}`;
interface Outcome {
  outcome: { agreementId: number; status: string; message: string; stage: string | null } | null;
  errors: { code: string; field: string | null; message: string }[];
}
const DEPOSITS = `deposits { contributionDate startDate endDate dateRangeFrom dateRangeTo } planError { code message }`;
interface DepositsAnswer {
  step: {
    deposits: {
      contributionDate: string;
      startDate: string;
      endDate: string;
      dateRangeFrom: string;
      dateRangeTo: string;
    };
    planError: { code: string; message: string } | null;
  } | null;
  errors: { code: string; field: string | null; message: string }[];
}
const ENTRIES = `query($m: Int!, $a: Int!) { agreementWizardEntries(memberId: $m, accountId: $a) {
  lifecycleActions modify { visible allowed refusal { code } } continue { visible allowed agreementId } } }`;
interface Entries {
  lifecycleActions: string[];
  modify: { visible: boolean; allowed: boolean; refusal: { code: string } | null };
  continue: { visible: boolean; allowed: boolean; agreementId: number | null };
}

async function gql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const { body } = await server.graphql<T>(query, variables, token);
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const em = () => server.app.database.orm.em.fork();

async function account(memberNumber: string) {
  const { accountId, agreementId } = await agreementInForce(server, memberNumber);
  const [row] = await sql<{ member_id: number; end_date: string }>(
    server,
    `select l.member_id, g.end_date::text as end_date from member_account_link l join member m on m.id = l.member_id
     join agreement g on g.id = ? where m.member_number = ? and l.account_id = ?`,
    [agreementId, memberNumber, accountId],
  );
  return { accountId, agreementId, memberId: Number(row.member_id), endDate: row.end_date as LocalDate };
}

const renew = (id: number) =>
  gql<{ renewAgreement: Outcome }>(
    `mutation($id: Int!) { renewAgreement(agreementId: $id) { ${OUTCOME} } }`,
    { id },
    staff,
  );
const entries = async (m: number, a: number) =>
  (await gql<{ agreementWizardEntries: Entries }>(ENTRIES, { m, a }, staff)).agreementWizardEntries;
const version = async (id: number) =>
  (
    await sql<{ status: number; activated_by_id: number | null }>(
      server,
      'select status, activated_by_id from agreement where id = ?',
      [id],
    )
  )[0];

beforeAll(async () => {
  server = await startTestServer({ clock });
  staff = await server.token(...AGENT);
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe('abandoning a renewal in the wizard (issue 26 item 1)', () => {
  it('discards it and gives the menu back: Modify, Renew and Move end date', async () => {
    const running = await account(MEMBER_MISSED_DEPOSIT[0]);
    const before = await entries(running.memberId, running.accountId);
    expect(before.lifecycleActions).toEqual(expect.arrayContaining(['Renew', 'MoveEndDate']));
    const renewed = await renew(running.agreementId);
    const renewalId = renewed.renewAgreement.outcome!.agreementId;
    const during = await entries(running.memberId, running.accountId);
    expect(during.lifecycleActions).not.toContain('Renew');
    expect(during.continue).toMatchObject({ visible: true, agreementId: renewalId });

    const cancelled = await gql<{ cancelAgreementWizard: { discarded: boolean } }>(
      'mutation($id: Int!) { cancelAgreementWizard(agreementId: $id, flow: Modify) { discarded } }',
      { id: renewalId },
      staff,
    );
    expect(cancelled.cancelAgreementWizard.discarded).toBe(true);
    expect((await version(renewalId)).status).toBe(6);
    const after = await entries(running.memberId, running.accountId);
    expect(after.lifecycleActions).toEqual(before.lifecycleActions);
    expect(after.modify).toMatchObject({ visible: true, allowed: true });
    expect(after.continue.visible).toBe(false);
  });
});

describe('a renewal, end to end (issue 26 item 1)', () => {
  let renewalId: number;
  let old: Awaited<ReturnType<typeof account>>;
  let firstDay: LocalDate;
  let member: string;

  it('opens the wizard on a copy from the day after the end date', async () => {
    old = await account(MEMBER_TWO_ACCOUNTS[0]);
    member = await server.token(MEMBER_TWO_ACCOUNTS[0], MEMBER_PASSWORD);
    firstDay = addDays(old.endDate, 1);
    expect(firstDay > addDays(TODAY, 365)).toBe(true); // the demo's agreements end more than a year ahead
    const renewed = await renew(old.agreementId);
    expect(renewed.renewAgreement.errors).toEqual([]);
    renewalId = renewed.renewAgreement.outcome!.agreementId;
    const { agreementWizardToContinue: opened } = await gql<{
      agreementWizardToContinue: { wizard: { agreementId: number; kind: string; startDate: string } | null };
    }>(
      `query($m: Int!, $a: Int!) { agreementWizardToContinue(memberId: $m, accountId: $a) {
        wizard { agreementId kind startDate } } }`,
      { m: old.memberId, a: old.accountId },
      staff,
    );
    expect(opened.wizard).toEqual({ agreementId: renewalId, kind: 'Modify', startDate: firstDay });
  });

  it('dates the deposits in the renewal’s own period', async () => {
    const LOAD = `query($id: Int!, $draft: DepositsInput) { agreementDeposits(agreementId: $id, draft: $draft) {
      step { ${DEPOSITS} } ${ERRORS} } }`;
    const { agreementDeposits: loaded } = await gql<{ agreementDeposits: DepositsAnswer }>(
      LOAD,
      { id: renewalId, draft: null },
      staff,
    );
    expect(loaded.step!.deposits).toMatchObject({
      contributionDate: firstDay,
      startDate: firstDay,
      dateRangeFrom: firstDay,
      dateRangeTo: addMonths(firstDay, 1),
    });

    const SAVE = `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) {
      step { ${DEPOSITS} } ${ERRORS} } }`;
    const input = {
      contributionFrequency: 2,
      contributionDate: firstDay,
      depositType: 1,
      remitterName: 'Acme Payroll',
      remitterNumber: 'E-1234',
    };
    const early = await gql<{ saveAgreementDeposits: DepositsAnswer }>(
      SAVE,
      { id: renewalId, input: { ...input, contributionDate: TODAY } },
      staff,
    );
    expect(early.saveAgreementDeposits.errors).toEqual([
      { code: 'OUTSIDE_AGREEMENT_PERIOD', field: 'contributionDate', message: DEPOSITS_MESSAGES.outsidePeriod },
    ]);
    const saved = await gql<{ saveAgreementDeposits: DepositsAnswer }>(SAVE, { id: renewalId, input }, staff);
    expect(saved.saveAgreementDeposits.errors).toEqual([]);
    expect(saved.saveAgreementDeposits.step!.deposits.contributionDate).toBe(firstDay);
    expect(saved.saveAgreementDeposits.step!.planError).toBeNull();
  });

  it('is sent to the member by staff, closed to the wizard, and then approved by the member', async () => {
    const SAVE_ALL = `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) { ${OUTCOME} } }`;
    const sent = await gql<{ saveAllAgreementChanges: Outcome }>(SAVE_ALL, { id: renewalId }, staff);
    expect(sent.saveAllAgreementChanges.errors).toEqual([]);
    expect(sent.saveAllAgreementChanges.outcome).toMatchObject({
      status: 'ModificationPendingApproval',
      message: LIFECYCLE_MESSAGES.renewalSent,
      stage: null,
    });
    expect(await version(renewalId)).toMatchObject({ status: 9, activated_by_id: expect.any(Number) });
    const again = await gql<{ saveAllAgreementChanges: Outcome }>(SAVE_ALL, { id: renewalId }, staff);
    expect(again.saveAllAgreementChanges.errors[0].code).toBe('ALREADY_ACTIVATED');
    const menu = await entries(old.memberId, old.accountId);
    expect(menu.continue.visible).toBe(false);
    expect(menu.modify.refusal?.code).toBe('CHANGE_ALREADY_WAITING');
    expect(menu.lifecycleActions).not.toContain('Renew');

    const approved = await gql<{ approveAgreement: { ok: boolean; errors: unknown[] } }>(
      'mutation($id: Int!) { approveAgreement(agreementId: $id) { ok errors { code message } } }',
      { id: renewalId },
      member,
    );
    expect(approved.approveAgreement).toEqual({ ok: true, errors: [] });
    await server.app.services.jobs.drain(APPLY_CHANGE_JOB);
  });

  it('waits, approved (1), while the agreement in force runs to its end: nothing moves, no plan yet', async () => {
    expect((await version(renewalId)).status).toBe(1);
    expect((await version(old.agreementId)).status).toBe(7);
    const [held] = await sql<{ plans: number; bills: number; deposits: number }>(
      server,
      `select (select count(*) from agreement_plan where agreement_id = ?)::int as plans,
         (select count(*) from bill where agreement_id = ?)::int as bills,
         (select count(*) from scheduled_deposit where agreement_id = ?)::int as deposits`,
      [renewalId, renewalId, renewalId],
    );
    const balances = (await agreementBalances(em(), [renewalId])).get(renewalId);
    expect(balances?.total ?? 0).toBe(0);
    expect(held).toEqual({ plans: 0, bills: 0, deposits: 0 });
    const [activity] = await sql<{ type: number; details: string }>(
      server,
      'select type, details from activity where agreement_id = ? order by id desc limit 1',
      [renewalId],
    );
    expect(activity).toMatchObject({ type: 7 });
    expect(activity.details).toContain('takes over on');
  });

  it('takes over on its first day, by the bank day, once, with its agreed plan stored then', async () => {
    const { day } = await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(), clock, firstDay);
    expect(day.date).toBe(firstDay);
    expect((await version(renewalId)).status).toBe(7);
    expect((await version(old.agreementId)).status).toBe(10);
    const [plan] = await sql<{ effective_date: string; deposit_amount: string; first: string }>(
      server,
      `select effective_date::text as effective_date, deposit_amount::text as deposit_amount,
         first_deposit_date::text as first from agreement_plan where agreement_id = ?`,
      [renewalId],
    );
    expect(plan).toMatchObject({ effective_date: firstDay, first: firstDay });
    const [schedule] = await sql<{ bills: number; deposits: number; unplanned: number; first: string }>(
      server,
      `select (select count(*) from bill where agreement_id = ? and due_date >= ?::date)::int as bills,
         (select count(*) from scheduled_deposit where agreement_id = ?)::int as deposits,
         (select count(*) from scheduled_deposit where agreement_id = ? and plan_id is null)::int as unplanned,
         (select min(due_date)::text from scheduled_deposit where agreement_id = ?) as first`,
      [renewalId, firstDay, renewalId, renewalId, renewalId],
    );
    expect(schedule.bills).toBeGreaterThan(0);
    expect(schedule.deposits).toBeGreaterThan(20); // fortnightly over a year
    expect(schedule).toMatchObject({ unplanned: 0, first: firstDay });
    const [applied] = await sql<{ type: number; details: string }>(
      server,
      'select type, details from activity where agreement_id = ? and type = 21 order by id desc limit 1',
      [renewalId],
    );
    expect(applied).toEqual({ type: 21, details: 'Agreement renewal took over' });

    // Again (a retried job, a second instance, the day re-run): nothing to take over.
    expect(await server.app.services.changeApplier.takeOverRenewals(em(), firstDay)).toEqual([]);
    const [plans] = await sql<{ n: number }>(
      server,
      'select count(*)::int as n from agreement_plan where agreement_id = ?',
      [renewalId],
    );
    expect(plans.n).toBe(1);
  });
});
