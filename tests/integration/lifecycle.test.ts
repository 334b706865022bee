import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { AGENT, MEMBER_NO_AGREEMENT, MEMBER_PASSWORD, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';
import { preparedNewAgreement } from './lifecycle.fixtures.js';

let server: TestServer;
let staff: string;
let member6: string;
let member1: string;

const OUTCOME = 'outcome { agreementId accountId status message stage } errors { code field message }';
interface Outcome {
  outcome: { agreementId: number; accountId: number; status: string; message: string; stage: string | null } | null;
  errors: { code: string; field: string | null; message: string }[];
}

async function gql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const { body } = await server.graphql<T>(query, variables, token);
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function rest(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* text */
  }
  return { status: response.status, body: json as Record<string, unknown> };
}

/** Everything a refused action must leave alone. */
async function footprint() {
  const [row] = await sql<Record<string, string>>(
    server,
    `select (select coalesce(sum(xmin::text::bigint), 0) from agreement) as agreements, (select count(*) from agreement) as versions,
       (select coalesce(max(id), 0) from activity) as activity, (select count(*) from agreement_change) as changes,
       (select count(*) from approval) as approvals`,
  );
  return row;
}

const statusOf = async (id: number) =>
  Number((await sql<{ status: number }>(server, 'select status from agreement where id = ?', [id]))[0].status);
const lastActivity = async (id: number) =>
  (
    await sql<{ type: number; details: string }>(
      server,
      'select type, details from activity where agreement_id = ? order by id desc limit 1',
      [id],
    )
  )[0];

beforeAll(async () => {
  server = await startTestServer();
  [staff, member6, member1] = await Promise.all([
    server.token(...AGENT),
    server.token(...MEMBER_NO_AGREEMENT),
    server.token(MEMBER_TWO_ACCOUNTS[0], MEMBER_PASSWORD),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const ACTIVATE = `mutation($id: Int!) { activateAgreement(agreementId: $id) { ${OUTCOME} } }`;
const APPROVE = `mutation($id: Int!) { approveAgreement(agreementId: $id) { ok errors { code message } agreement { status } } }`;

describe('a new agreement: staff activate, the member approves, a job applies it', () => {
  let agreementId: number;
  let accountId: number;

  it('refuses activating an incomplete version, changing nothing', async () => {
    const prepared = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0], { complete: false });
    agreementId = prepared.agreementId;
    accountId = prepared.accountId;
    const before = await footprint();
    const result = await gql<{ activateAgreement: Outcome }>(ACTIVATE, { id: agreementId }, staff);
    expect(result.activateAgreement).toEqual({
      outcome: null,
      errors: [
        {
          code: 'NO_BILLERS',
          field: 'agreementId',
          message: 'Add at least one biller or billing sub-category before activating the agreement.',
        },
      ],
    });
    expect(await footprint()).toEqual(before);
  });

  it('refuses a member activating (role), and another member approving (one refusal for every other id)', async () => {
    const { body } = await server.graphql(ACTIVATE, { id: agreementId }, member6);
    expect(body.errors?.[0].message).toBe('You do not have access to this.');
    const theirs = await server.graphql(APPROVE, { id: agreementId }, member1);
    const nobody = await server.graphql(APPROVE, { id: 987_654 }, member1);
    expect(theirs.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(theirs.body).toEqual(nobody.body);
  });

  it('refuses without capacity confirmed, then activates: the wizard closes and the version waits for the member', async () => {
    const { completeNewAgreement } = await import('./lifecycle.fixtures.js');
    await completeNewAgreement(server, agreementId);
    await sql(server, 'update agreement set payment_capacity_confirmed = false where id = ?', [agreementId]);
    const before = await footprint();
    const refused = await gql<{ activateAgreement: Outcome }>(ACTIVATE, { id: agreementId }, staff);
    expect(refused.activateAgreement.errors.map((e) => e.code)).toEqual(['CAPACITY_NOT_CONFIRMED']);
    expect(await footprint()).toEqual(before);
    await sql(server, 'update agreement set payment_capacity_confirmed = true where id = ?', [agreementId]);

    const done = await gql<{ activateAgreement: Outcome }>(ACTIVATE, { id: agreementId }, staff);
    expect(done.activateAgreement.errors).toEqual([]);
    expect(done.activateAgreement.outcome).toMatchObject({ agreementId, status: 'PendingApproval', stage: null });
    expect(await statusOf(agreementId)).toBe(0);
    expect(await lastActivity(agreementId)).toMatchObject({ type: 6 });
    const wizard = await gql<{ agreementWizard: { errors: { code: string }[] } }>(
      'query($id: Int!) { agreementWizard(agreementId: $id) { errors { code } } }',
      { id: agreementId },
      staff,
    );
    expect(wizard.agreementWizard.errors.map((e) => e.code)).toEqual(['WIZARD_CLOSED']);
    const again = await gql<{ activateAgreement: Outcome }>(ACTIVATE, { id: agreementId }, staff);
    expect(again.activateAgreement.errors.map((e) => e.code)).toEqual(['ALREADY_ACTIVATED']);
  });

  it('the member approves: queued (2) with its job; the job makes it active (7) exactly once, activity 15', async () => {
    const approved = await gql<{ approveAgreement: { ok: boolean; agreement: { status: string } } }>(
      APPROVE,
      { id: agreementId },
      member6,
    );
    expect(approved.approveAgreement).toMatchObject({ ok: true, agreement: { status: 'Queued' } });
    const jobs = await sql<{ n: number }>(
      server,
      "select count(*)::int as n from pgboss.job where name = 'agreement-change-apply' and singleton_key = ?",
      [`agreement:${agreementId}`],
    );
    expect(jobs[0].n).toBe(1);
    const applier = server.app.services.changeApplier;
    const em = server.app.database.orm.em.fork();
    const [first, second] = await Promise.all([
      applier.applyQueued(em, agreementId),
      applier.applyQueued(em.fork(), agreementId),
    ]);
    expect([first.stage, second.stage]).toEqual(['APPLIED', 'APPLIED']);
    expect(await statusOf(agreementId)).toBe(7);
    const activated = await sql<{ n: number }>(
      server,
      'select count(*)::int as n from activity where agreement_id = ? and type = 15',
      [agreementId],
    );
    expect(activated[0].n).toBe(1);
    // Applied, it holds its bills (the bill engine's occurrences of its billers) and its scheduled deposits (the
    // schedule's dates with the saved deposit), written once although two runs applied it.
    const { scheduledDepositDates } = await import('../../server/src/modules/agreement/plan/plan-schedule.rules.js');
    const { loadAgreementFacts } = await import('../../server/src/modules/agreement/agreement-facts.js');
    const facts = (await loadAgreementFacts(server.app.database.orm.em.fork(), agreementId))!;
    const [rows] = await sql<{ bills: number; deposits: number; amounts: string[] }>(
      server,
      `select (select count(*) from bill where agreement_id = ?)::int as bills,
              (select count(*) from scheduled_deposit where agreement_id = ?)::int as deposits,
              (select array_agg(distinct expected_amount::text) from scheduled_deposit where agreement_id = ?) as amounts`,
      [agreementId, agreementId, agreementId],
    );
    expect(rows.bills).toBeGreaterThan(0);
    expect(rows.deposits).toBe(scheduledDepositDates(facts).length);
    expect(rows.deposits).toBeGreaterThan(0);
    expect(rows.amounts).toEqual([(facts.depositAmount / 100).toFixed(2)]);
    const status = await gql<{ queuedChangeStatus: { stage: string } }>(
      'query($a: Int!) { queuedChangeStatus(accountId: $a) { stage } }',
      { a: accountId },
      member6,
    );
    expect(status.queuedChangeStatus.stage).toBe('NONE');
  });

  it('an agreement starting later waits approved (1) until the bank day of its start date', async () => {
    const { startApprovedAgreements } = await import('../../server/src/modules/agreement/lifecycle/start-approved.js');
    const em = server.app.database.orm.em.fork();
    await sql(server, 'update agreement set status = 1, start_date = current_date + 3 where id = ?', [agreementId]);
    expect(await startApprovedAgreements(em, server.app.services.clock.today(), new Date())).toEqual([]);
    const start = (
      await sql<{ d: string }>(server, 'select start_date::text as d from agreement where id = ?', [agreementId])
    )[0].d;
    expect(await startApprovedAgreements(em, start as never, new Date())).toEqual([agreementId]);
    expect(await statusOf(agreementId)).toBe(7);
    expect(await startApprovedAgreements(em, start as never, new Date())).toEqual([]);
  });
});

describe('lock, unlock, end date, renew, cancel (staff)', () => {
  let id: number;
  const LOCK = `mutation($id: Int!, $r: String!) { lockAgreement(agreementId: $id, reason: $r) { ${OUTCOME} } }`;
  const UNLOCK = `mutation($id: Int!, $r: String!) { unlockAgreement(agreementId: $id, reason: $r) { ${OUTCOME} } }`;
  const CANCEL = `mutation($id: Int!, $r: String!) { cancelAgreement(agreementId: $id, reason: $r) { ${OUTCOME} } }`;
  const RENEW = `mutation($id: Int!) { renewAgreement(agreementId: $id) { ${OUTCOME} } }`;

  beforeAll(async () => {
    id = (await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0])).agreementId;
  });

  it('locks (8, activity 26) and refuses a second lock, an empty reason and a member, changing nothing', async () => {
    let before = await footprint();
    const empty = await gql<{ lockAgreement: Outcome }>(LOCK, { id, r: '  ' }, staff);
    expect(empty.lockAgreement.errors).toEqual([
      { code: 'REQUIRED', field: 'reason', message: 'Please enter a reason.' },
    ]);
    const byMember = await server.graphql(LOCK, { id, r: 'x' }, member1);
    expect(byMember.body.errors?.[0].message).toBe('You do not have access to this.');
    expect(await footprint()).toEqual(before);

    const locked = await gql<{ lockAgreement: Outcome }>(LOCK, { id, r: 'Member asked to pause' }, staff);
    expect(locked.lockAgreement.outcome).toMatchObject({ status: 'Locked', message: 'The agreement has been locked.' });
    expect(await statusOf(id)).toBe(8);
    expect(await lastActivity(id)).toMatchObject({ type: 26 });

    before = await footprint();
    const again = await gql<{ lockAgreement: Outcome }>(LOCK, { id, r: 'again' }, staff);
    expect(again.lockAgreement.errors).toEqual([
      {
        code: 'TRANSITION_NOT_ALLOWED',
        field: 'agreementId',
        message: 'An agreement that is locked cannot be locked.',
      },
    ]);
    expect(await footprint()).toEqual(before);
  });

  it('unlocks (7, activity 33) over REST-less GraphQL; refuses unlocking an active one', async () => {
    const unlocked = await gql<{ unlockAgreement: Outcome }>(UNLOCK, { id, r: 'Confirmed with the member' }, staff);
    expect(unlocked.unlockAgreement.outcome).toMatchObject({ status: 'Active' });
    expect(await lastActivity(id)).toMatchObject({ type: 33 });
    const before = await footprint();
    const again = await gql<{ unlockAgreement: Outcome }>(UNLOCK, { id, r: 'again' }, staff);
    expect(again.unlockAgreement.errors[0].code).toBe('TRANSITION_NOT_ALLOWED');
    expect(await footprint()).toEqual(before);
  });

  it('moves the end date over REST (POST /api/contracts/MoveAgreementEndDate); refuses bad dates and members', async () => {
    const [row] = await sql<{ end_date: string }>(
      server,
      'select end_date::text as end_date from agreement where id = ?',
      [id],
    );
    const before = await footprint();
    const bad = await rest('post', '/api/contracts/MoveAgreementEndDate', staff, {
      contractId: id,
      newEndDate: '2020-01-01',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The new end date must be after today.');
    const asMember = await rest('post', '/api/contracts/MoveAgreementEndDate', member1, {
      contractId: id,
      newEndDate: '2099-01-01',
    });
    expect(asMember.status).toBe(403);
    expect(await footprint()).toEqual(before);
    const later = (await sql<{ d: string }>(server, 'select (?::date + 30)::text as d', [row.end_date]))[0].d;
    const moved = await rest('post', '/api/contracts/MoveAgreementEndDate', staff, {
      ContractId: String(id),
      newEndDate: later,
    });
    expect(moved.body).toMatchObject({ agreementId: id });
    expect(moved.status).toBe(200);
    // Written as the app writes dates (issue 26 item 7), not YYYY-MM-DD.
    const shown = later.split('-').reverse().join('-');
    expect(moved.body).toMatchObject({ agreementId: id, message: `The agreement now ends on ${shown}.` });
    expect(
      (await sql<{ d: string }>(server, 'select end_date::text as d from agreement where id = ?', [id]))[0].d,
    ).toBe(later);
    expect(await lastActivity(id)).toMatchObject({ type: 21 });
  });

  it('renews: a new version (9) from the end date, activity 7; a second renewal is refused', async () => {
    const renewed = await gql<{ renewAgreement: Outcome }>(RENEW, { id }, staff);
    expect(renewed.renewAgreement.errors).toEqual([]);
    const newId = renewed.renewAgreement.outcome!.agreementId;
    expect(newId).not.toBe(id);
    const [row] = await sql<{ status: number; previous_id: number; start_date: string; old_end: string }>(
      server,
      `select n.status, n.previous_id, n.start_date::text as start_date, (o.end_date + 1)::text as old_end
       from agreement n join agreement o on o.id = n.previous_id where n.id = ?`,
      [newId],
    );
    expect(row).toMatchObject({ status: 9, previous_id: id });
    expect(row.start_date).toBe(row.old_end);
    expect(await lastActivity(newId)).toMatchObject({ type: 7 });
    const before = await footprint();
    const again = await gql<{ renewAgreement: Outcome }>(RENEW, { id }, staff);
    expect(again.renewAgreement.errors[0].code).toBe('CHANGE_ALREADY_WAITING');
    expect(await footprint()).toEqual(before);
  });

  it('cancels the running agreement (6, activity 9) with the renewal open on it; a second cancel is refused', async () => {
    const cancelled = await gql<{ cancelAgreement: Outcome }>(CANCEL, { id, r: 'Member left the product' }, staff);
    expect(cancelled.cancelAgreement.outcome).toMatchObject({ status: 'Cancelled' });
    expect(await statusOf(id)).toBe(6);
    expect(await lastActivity(id)).toMatchObject({ type: 9 });
    const open = await sql<{ n: number }>(
      server,
      'select count(*)::int as n from agreement where previous_id = ? and status = 9',
      [id],
    );
    expect(open[0].n).toBe(0);
    const before = await footprint();
    const again = await gql<{ cancelAgreement: Outcome }>(CANCEL, { id, r: 'again' }, staff);
    expect(again.cancelAgreement.errors[0].message).toBe('An agreement that is cancelled cannot be cancelled.');
    expect(await footprint()).toEqual(before);
  });
});

describe('REST twins', () => {
  it('activate, memberApprove and saveall: role and ownership refused, a refusal is a 400 with the message', async () => {
    const { agreementId } = await agreementInForce(server, '100003');
    const before = await footprint();
    const asMember = await rest('put', `/api/ContractBatchAction/activate?contractId=${agreementId}`, member1);
    expect(asMember.status).toBe(403);
    const wrong = await rest('put', `/api/Contracts/StaffActivate/${agreementId}`, staff);
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('cannot be activated');
    const approve = await rest('put', `/api/Contracts/memberApprove/${agreementId}`, member1);
    expect(approve.status).toBe(403);
    const saveAll = await rest('put', `/api/ContractBatchAction/saveall?contractId=${agreementId}`, staff);
    expect(saveAll.status).toBe(400);
    expect(JSON.stringify(saveAll.body)).toContain('cannot be saved and activated');
    expect(await footprint()).toEqual(before);
  });

  it('save for later over REST; the overview reads the message and the version to continue', async () => {
    const [link] = await sql<{ member_id: number; account_id: number }>(
      server,
      `select l.member_id, l.account_id from member_account_link l join member m on m.id = l.member_id
       join agreement a on a.account_id = l.account_id and a.status = 8 where m.member_number = '100003' limit 1`,
    );
    const started = await gql<{ startAgreementModification: { wizard: { agreementId: number } } }>(
      'mutation($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) { wizard { agreementId } } }',
      { m: Number(link.member_id), a: Number(link.account_id) },
      staff,
    );
    const id = started.startAgreementModification.wizard.agreementId;
    const account = Number(link.account_id);
    const empty = await rest('post', `/api/contracts?contractId=${id}&isSaveForLater=true`, staff, {
      description: ' ',
    });
    expect(empty.status).toBe(400);
    const saved = await rest('post', `/api/contracts?contractId=${id}&isSaveForLater=true`, staff, {
      contractId: id,
      description: 'Waiting for the gas bill',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ agreementId: id, description: 'Waiting for the gas bill' });
    const read = await gql<{ agreementSavedForLater: { saved: { agreementId: number; description: string } | null } }>(
      'query($a: Int!) { agreementSavedForLater(accountId: $a) { saved { agreementId description } } }',
      { a: account },
      staff,
    );
    expect(read.agreementSavedForLater.saved).toEqual({ agreementId: id, description: 'Waiting for the gas bill' });
    const other = await server.graphql(
      'query($a: Int!) { agreementSavedForLater(accountId: $a) { saved { agreementId } } }',
      { a: account },
      member1,
    );
    expect(other.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('property: no lifecycle action leaves the ledger unbalanced or moves money', () => {
  it('any sequence of lock, unlock, renew, end date, cancel keeps every account’s total and the ledger check clean', async () => {
    const accounts = await sql<{ id: number; account_id: number }>(
      server,
      'select id, account_id from agreement where status in (4, 7, 8) order by id',
    );
    const totals = async () =>
      sql<{ account_id: number; total: string }>(
        server,
        `select g.account_id, coalesce(sum(e.amount), 0)::text as total from agreement g
         left join ledger_account la on la.agreement_id = g.id left join ledger_entry e on e.ledger_account_id = la.id
         group by g.account_id order by g.account_id`,
      );
    const action = fc.constantFrom('lock', 'unlock', 'renew', 'move', 'cancel');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...accounts.map((a) => Number(a.account_id))),
        fc.array(action, { minLength: 1, maxLength: 5 }),
        async (accountId, actions) => {
          const before = await totals();
          for (const name of actions) {
            const [current] = await sql<{ id: number }>(
              server,
              'select id from agreement where account_id = ? and status in (1, 4, 7, 8) order by id desc limit 1',
              [accountId],
            );
            if (!current) break;
            const id = Number(current.id);
            const vars = { id, r: 'property' };
            const query = {
              lock: `mutation($id: Int!, $r: String!) { lockAgreement(agreementId: $id, reason: $r) { errors { code } } }`,
              unlock: `mutation($id: Int!, $r: String!) { unlockAgreement(agreementId: $id, reason: $r) { errors { code } } }`,
              cancel: `mutation($id: Int!, $r: String!) { cancelAgreement(agreementId: $id, reason: $r) { errors { code } } }`,
              renew: `mutation($id: Int!) { renewAgreement(agreementId: $id) { errors { code } } }`,
              move: `mutation($id: Int!) { moveAgreementEndDate(agreementId: $id, newEndDate: "2099-01-01") { errors { code } } }`,
            }[name];
            const { body } = await server.graphql(
              query,
              name === 'lock' || name === 'unlock' || name === 'cancel' ? vars : { id },
              staff,
            );
            expect(body.errors).toBeUndefined();
          }
          expect(await totals()).toEqual(before);
        },
      ),
      { numRuns: 8 },
    );
    const report = await checkLedger(server.app.database.orm.em.fork());
    expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
  });
});
