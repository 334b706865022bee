import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIZARD_MESSAGES } from '../../server/src/modules/agreement/wizard/wizard.rules.js';
import {
  AGENT,
  MEMBER_MISSED_DEPOSIT,
  MEMBER_NO_AGREEMENT,
  MEMBER_RESIGNED,
  MEMBER_TWO_ACCOUNTS,
  REPORTER,
} from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The agreement wizard's frame over GraphQL and REST (spec 2 §2, spec 3 §2): entries, a new agreement, continue,
 * a modification (a status-9 copy; the version in force keeps running), the saved position, cancel, the lock.
 * Bad input is refused clearly with nothing written; a member never reaches another member's account.
 */

let server: TestServer;
let agent: string;
let member: string;
let reporter: string;
type Ids = { memberId: number; accountId: number };
let newcomer: Ids;
let olivia: { memberId: number; accountId: number; agreementId: number };
let jack: { memberId: number; accountId: number };

const SESSION = `agreementId accountId kind status version previousAgreementId step lastStep mode categoryId companyId
  itemId itemType threeStepFlow navigationLabels continueLabel lock { code message } startDate endDate`;
const RESULT = `wizard { ${SESSION} } errors { code field message }`;
const ENTRY = 'visible allowed agreementId refusal { code message }';

interface Session {
  agreementId: number;
  accountId: number;
  kind: string;
  status: string;
  step: number;
  lastStep: number;
  mode: number | null;
  previousAgreementId: number | null;
  threeStepFlow: boolean;
  navigationLabels: string[];
  continueLabel: string;
  lock: { code: string; message: string } | null;
  categoryId: number | null;
  itemId: number | null;
}
interface Result {
  wizard: Session | null;
  errors: { code: string; field: string | null; message: string }[];
}

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return server.app.database.orm.em.fork().execute<T[]>(text, params);
}

async function gql<T>(query: string, variables: Record<string, unknown>, token = agent) {
  const { body } = await server.graphql<T>(query, variables, token);
  return body;
}

async function rest(path: string, token = agent) {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: JSON.parse(await response.text()) as unknown };
}

/** What a refused write must leave alone: every agreement row (count, and the sum of their xmin). */
async function footprint() {
  const [row] = await sql<Record<string, string>>(
    `select (select count(*) from agreement) as agreements, (select count(*) from agreement_change) as changes,
            (select coalesce(sum(xmin::text::bigint), 0) from agreement) as versions,
            (select count(*) from biller) as billers`,
  );
  return row;
}

const start = (kind: 'startNewAgreement' | 'startAgreementModification', ids: Ids, token = agent) =>
  gql<Record<string, Result>>(
    `mutation($memberId: Int!, $accountId: Int!) { r: ${kind}(memberId: $memberId, accountId: $accountId) { ${RESULT} } }`,
    ids,
    token,
  ).then((body) => body.data?.r as Result);

const savePosition = (agreementId: number, position: Record<string, unknown>, token = agent) =>
  gql<{ r: Result }>(
    `mutation($agreementId: Int!, $position: WizardPositionInput!) {
       r: saveAgreementWizardPosition(agreementId: $agreementId, position: $position) { ${RESULT} } }`,
    { agreementId, position },
    token,
  );

const cancel = (agreementId: number, flow: string, token = agent) =>
  gql<{ r: { discarded: boolean; title: string | null; message: string | null; errors: { code: string }[] } }>(
    `mutation($agreementId: Int!, $flow: WizardCancelFlow!) {
       r: cancelAgreementWizard(agreementId: $agreementId, flow: $flow) { discarded title message errors { code } } }`,
    { agreementId, flow },
    token,
  );

const entries = (ids: Ids, token = agent) =>
  gql<{
    e: Record<
      'create' | 'modify' | 'continue',
      {
        visible: boolean;
        allowed: boolean;
        agreementId: number | null;
        refusal: { code: string; message: string } | null;
      }
    >;
  }>(
    `query($memberId: Int!, $accountId: Int!) { e: agreementWizardEntries(memberId: $memberId, accountId: $accountId) {
       create { ${ENTRY} } modify { ${ENTRY} } continue { ${ENTRY} } } }`,
    ids,
    token,
  ).then((body) => body.data?.e);

async function accountOf(memberNumber: string, status: number | null) {
  const [row] = await sql<{ member_id: number; account_id: number; agreement_id: number | null }>(
    `select m.id as member_id, l.account_id, g.id as agreement_id from member m
     join member_account_link l on l.member_id = m.id
     left join agreement g on g.account_id = l.account_id and g.status = ?
     where m.member_number = ? and (? :: int is null or g.id is not null) order by l.account_id limit 1`,
    [status ?? -1, memberNumber, status],
  );
  return { memberId: row.member_id, accountId: row.account_id, agreementId: row.agreement_id ?? 0 };
}

beforeAll(async () => {
  server = await startTestServer();
  [agent, member, reporter] = await Promise.all([
    server.token(...AGENT),
    server.token(...MEMBER_TWO_ACCOUNTS),
    server.token(...REPORTER),
  ]);
  newcomer = await accountOf(MEMBER_NO_AGREEMENT[0], null);
  olivia = await accountOf(MEMBER_TWO_ACCOUNTS[0], 7);
  jack = await accountOf(MEMBER_MISSED_DEPOSIT[0], null);
});
afterAll(async () => {
  await server?.stop();
});

describe('a new agreement (member.newagreement, member.continue)', () => {
  let created: Session;

  it('offers staff Create on an account with no agreement, and nothing else', async () => {
    const e = await entries(newcomer);
    expect(e?.create).toMatchObject({ visible: true, allowed: true });
    expect(e?.modify).toMatchObject({ visible: false, allowed: false });
    expect(e?.continue).toMatchObject({ visible: false, allowed: false });
  });

  it('starts a pending agreement (status 0) at step 1, adding a biller', async () => {
    const result = await start('startNewAgreement', newcomer);
    expect(result.errors).toEqual([]);
    created = result.wizard!;
    expect(created).toMatchObject({
      accountId: newcomer.accountId,
      kind: 'Create',
      status: 'PendingApproval',
      step: 1,
      lastStep: 8,
      mode: 1,
      previousAgreementId: null,
      continueLabel: "Let's continue",
      lock: null,
    });
    expect(created.navigationLabels).toHaveLength(4);
  });

  it('refuses a second new agreement on the same account as data, writing nothing', async () => {
    const before = await footprint();
    const result = await start('startNewAgreement', newcomer);
    expect(result).toMatchObject({
      wizard: null,
      errors: [{ code: 'AGREEMENT_EXISTS', field: 'accountId', message: WIZARD_MESSAGES.agreementExists }],
    });
    expect(await footprint()).toEqual(before);
  });

  it('saves every step on the server: continue (another agent, another browser) opens where it stopped', async () => {
    const saved = await savePosition(created.agreementId, { step: 3, mode: 1, categoryId: 2, companyId: 5 });
    expect(saved.data?.r.errors).toEqual([]);
    const other = await server.token(...AGENT);
    const body = await gql<{ r: Result }>(
      `query($memberId: Int!, $accountId: Int!) { r: agreementWizardToContinue(memberId: $memberId, accountId: $accountId) { ${RESULT} } }`,
      newcomer,
      other,
    );
    expect(body.data?.r.wizard).toMatchObject({ agreementId: created.agreementId, step: 3, mode: 1, categoryId: 2 });
    expect((await entries(newcomer))?.continue).toMatchObject({ allowed: true, agreementId: created.agreementId });
  });

  it.each([
    [{ step: 9 }, 'step', 'INVALID_STEP'],
    [{ step: -1 }, 'step', 'INVALID_STEP'],
    [{ step: 2, mode: 6 }, 'mode', 'INVALID_MODE'],
    [{ step: 2, categoryId: 0 }, 'categoryId', 'INVALID_ID'],
    [{ step: 2, companyId: -3 }, 'companyId', 'INVALID_ID'],
    [{ step: 2, itemId: 0 }, 'itemId', 'INVALID_ID'],
    [{ step: 2, itemType: 2 }, 'itemType', 'INVALID_ITEM_TYPE'],
  ])('refuses the position %j clearly (%s), writing nothing', async (position, field, code) => {
    const before = await footprint();
    const body = await savePosition(created.agreementId, position);
    expect(body.data?.r).toMatchObject({ wizard: null, errors: [{ code, field }] });
    expect(await footprint()).toEqual(before);
  });

  it('refuses an argument of the wrong type at the edge, writing nothing', async () => {
    const before = await footprint();
    const body = await savePosition(created.agreementId, { step: 'two' });
    expect(body.errors?.[0]?.message).toMatch(/step/);
    expect(await footprint()).toEqual(before);
  });

  it('is for staff only: a member cannot start one, nor continue a new one on their own account', async () => {
    const refused = await gql(
      `mutation($memberId: Int!, $accountId: Int!) { startNewAgreement(memberId: $memberId, accountId: $accountId) { errors { code } } }`,
      newcomer,
      member,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const reporterRefused = await gql(
      `query($agreementId: Int!) { agreementWizard(agreementId: $agreementId) { errors { code } } }`,
      { agreementId: created.agreementId },
      reporter,
    );
    expect(reporterRefused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('locks the wizard read-only while the account is not valid, with the spec’s wording; writes are refused', async () => {
    await sql('update account set is_active = false where id = ?', [newcomer.accountId]);
    try {
      const body = await gql<{ r: Result }>(
        `query($agreementId: Int!) { r: agreementWizard(agreementId: $agreementId) { ${RESULT} } }`,
        { agreementId: created.agreementId },
      );
      expect(body.data?.r.wizard?.lock).toEqual({
        code: 'ACCOUNT_NOT_VALID',
        message: WIZARD_MESSAGES.accountNotValid,
      });
      const before = await footprint();
      const saved = await savePosition(created.agreementId, { step: 2 });
      expect(saved.data?.r.errors).toEqual([
        { code: 'ACCOUNT_NOT_VALID', field: 'agreementId', message: WIZARD_MESSAGES.accountNotValid },
      ]);
      expect(await footprint()).toEqual(before);
    } finally {
      await sql('update account set is_active = true where id = ?', [newcomer.accountId]);
    }
  });

  it('cancels the creation: the draft is discarded (status 6) and Create is offered again', async () => {
    const body = await cancel(created.agreementId, 'Create');
    expect(body.data?.r).toEqual({
      discarded: true,
      title: 'The creation of this agreement has been cancelled',
      message:
        'The creation of this agreement has been cancelled: The unsaved details you have entered for this agreement have been closed and cancelled.',
      errors: [],
    });
    expect(await sql('select status from agreement where id = ?', [created.agreementId])).toEqual([{ status: 6 }]);
    expect((await entries(newcomer))?.create.allowed).toBe(true);
    const closed = await savePosition(created.agreementId, { step: 2 });
    expect(closed.data?.r.errors[0]).toMatchObject({ code: 'WIZARD_CLOSED', message: WIZARD_MESSAGES.closed });
  });
});

describe('a modification (member.modifyagreement)', () => {
  let draft: Session;

  it('copies the version in force into a status-9 version at the list; the one in force keeps running', async () => {
    const billersBefore = await sql<{ n: string }>('select count(*) as n from biller where agreement_id = ?', [
      olivia.agreementId,
    ]);
    const result = await start('startAgreementModification', olivia);
    expect(result.errors).toEqual([]);
    draft = result.wizard!;
    expect(draft).toMatchObject({
      kind: 'Modify',
      status: 'ModificationPendingApproval',
      previousAgreementId: olivia.agreementId,
      step: 0,
      lastStep: 7,
      continueLabel: 'Edit agreement settings',
    });
    const copied = await sql<{ n: string }>('select count(*) as n from biller where agreement_id = ?', [
      draft.agreementId,
    ]);
    expect(copied).toEqual(billersBefore);
    // The copy starts with nothing modified, though the version in force carries its own change's states.
    const states = `select (select count(*) from biller where agreement_id = ? and modification_state <> 0)
      + (select count(*) from billing_sub_category where agreement_id = ? and modification_state <> 0) as n`;
    expect(await sql<{ n: string }>(states, [olivia.agreementId, olivia.agreementId])).not.toEqual([{ n: '0' }]);
    expect(await sql<{ n: string }>(states, [draft.agreementId, draft.agreementId])).toEqual([{ n: '0' }]);
    expect(await sql('select status from agreement where id = ?', [olivia.agreementId])).toEqual([{ status: 7 }]);
    // The overview still shows the version in force as the account's agreement.
    const overview = await rest(`/api/member/${olivia.memberId}/accounts/${olivia.accountId}/currentcontractoverview`);
    expect(JSON.stringify(overview.body)).toContain(String(olivia.agreementId));
  });

  it('refuses a second modification while this one is open, with a clear message, writing nothing', async () => {
    const before = await footprint();
    const result = await start('startAgreementModification', olivia);
    expect(result.errors).toEqual([
      { code: 'MODIFICATION_OPEN', field: 'accountId', message: WIZARD_MESSAGES.modificationOpen },
    ]);
    expect(await footprint()).toEqual(before);
  });

  it('continues in the three-step flow after continue; the member may not open it (staff change, members approve)', async () => {
    const saved = await savePosition(draft.agreementId, { step: 4, mode: 5, threeStepFlow: true });
    expect(saved.data?.r.wizard).toMatchObject({ step: 4, mode: 5, threeStepFlow: true });
    expect(saved.data?.r.wizard?.navigationLabels).toEqual([
      'Re-calculate deposits',
      'Confirm preferences',
      'Re-confirm agreement',
    ]);
    const mine = await gql<{ r: Result }>(
      `query($agreementId: Int!) { r: agreementWizard(agreementId: $agreementId) { ${RESULT} } }`,
      { agreementId: draft.agreementId },
      member,
    );
    expect(mine.data?.r.wizard).toBeNull();
    expect(mine.data?.r.errors).toEqual([expect.objectContaining({ code: 'STAFF_ONLY' })]);
  });

  it('answers the documented REST paths through the same service', async () => {
    const modifyView = await rest(`/api/accounts/${olivia.accountId}/currentcontract/modifyview`);
    expect(modifyView).toMatchObject({
      status: 200,
      body: { visible: true, allowed: false, agreementId: olivia.agreementId, refusal: { code: 'MODIFICATION_OPEN' } },
    });
    const modifiedView = await rest(`/api/accounts/${olivia.accountId}/modifiedcontract/modifiedview`);
    expect(modifiedView).toMatchObject({ status: 200, body: { agreementId: draft.agreementId, step: 4 } });
    const versions = await rest(`/api/contracts?memberid=${olivia.memberId}&accountId=${olivia.accountId}`);
    expect(versions.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: draft.agreementId, status: 9, wizardStep: 4 })]),
    );
    const active = await rest(`/api/contracts?memberId=${olivia.memberId}&accountId=${olivia.accountId}&active=true`);
    expect(active.body).toEqual([expect.objectContaining({ id: olivia.agreementId, status: 7 })]);
    const none = await rest(`/api/accounts/${newcomer.accountId}/modifiedcontract/modifiedview`);
    expect(none).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'Could not load contract' } });
    const bad = await rest(`/api/contracts?memberId=abc&accountId=${olivia.accountId}`);
    expect(bad).toEqual({ status: 400, body: { code: 'INVALID_ID', message: 'Invalid memberId.', field: 'memberId' } });
  });

  it('refuses a cancel whose flow is another wizard’s', async () => {
    const body = await cancel(draft.agreementId, 'Create');
    expect(body.data?.r).toMatchObject({ discarded: false, errors: [{ code: 'FLOW_MISMATCH' }] });
  });

  it('cancels the modification: the draft is discarded and Modify is allowed again', async () => {
    const refused = await cancel(draft.agreementId, 'Modify', member);
    expect(refused.data?.r).toMatchObject({ discarded: false, errors: [{ code: 'STAFF_ONLY' }] });
    const body = await cancel(draft.agreementId, 'Modify');
    expect(body.data?.r).toMatchObject({ discarded: true, title: 'Modify agreement cancelled', errors: [] });
    expect(await sql('select status from agreement where id = ?', [draft.agreementId])).toEqual([{ status: 6 }]);
    expect(await sql('select status from agreement where id = ?', [olivia.agreementId])).toEqual([{ status: 7 }]);
    expect((await entries(olivia))?.modify.allowed).toBe(true);
  });
});

describe('an account a resigned member holds (issue 25: refused up front, not step by step)', () => {
  const RESIGNED_MESSAGE =
    'This membership has been resigned. Activity is therefore suspended on this agreement: it cannot be modified or renewed.';
  let amelia: { memberId: number; accountId: number; agreementId: number };
  beforeAll(async () => {
    amelia = await accountOf(MEMBER_RESIGNED[0], 7);
    expect(amelia.agreementId).toBeGreaterThan(0);
  });

  it('offers no Modify and no Renew, and says why when asked (GraphQL and the REST Modify entry)', async () => {
    const body = await gql<{ e: { modify: unknown; lifecycleActions: string[] } }>(
      `query($memberId: Int!, $accountId: Int!) { e: agreementWizardEntries(memberId: $memberId, accountId: $accountId) {
         modify { ${ENTRY} } lifecycleActions } }`,
      { memberId: amelia.memberId, accountId: amelia.accountId },
    );
    const refused = {
      visible: false,
      allowed: false,
      agreementId: amelia.agreementId,
      refusal: { code: 'MEMBERSHIP_RESIGNED', message: RESIGNED_MESSAGE },
    };
    expect(body.data?.e.modify).toEqual(refused);
    expect(body.data?.e.lifecycleActions).toEqual(['Lock', 'MoveEndDate', 'Cancel']);
    expect(await rest(`/api/accounts/${amelia.accountId}/currentcontract/modifyview`)).toEqual({
      status: 200,
      body: { ...refused, refusal: { ...refused.refusal, field: 'accountId' } },
    });
  });

  it('refuses to start a modification or a renewal with that message, writing nothing', async () => {
    const before = await footprint();
    const modification = await start('startAgreementModification', amelia);
    expect(modification).toEqual({
      wizard: null,
      errors: [{ code: 'MEMBERSHIP_RESIGNED', field: 'accountId', message: RESIGNED_MESSAGE }],
    });
    const renewal = await gql<{ r: { outcome: unknown; errors: { code: string; message: string }[] } }>(
      'mutation($id: Int!) { r: renewAgreement(agreementId: $id) { outcome { agreementId } errors { code message } } }',
      { id: amelia.agreementId },
    );
    expect(renewal.data?.r).toEqual({
      outcome: null,
      errors: [{ code: 'MEMBERSHIP_RESIGNED', message: RESIGNED_MESSAGE }],
    });
    expect(await footprint()).toEqual(before);
  });

  it('asks every holder of the account: a joint holder resigned suspends it for the other one too', async () => {
    // Olivia's account gets a second holder, who resigns; Olivia's own membership stands.
    const [other] = await sql<{ id: number }>('select id from member where member_number = ? and id <> ? limit 1', [
      MEMBER_NO_AGREEMENT[0],
      olivia.memberId,
    ]);
    await sql('insert into member_account_link (member_id, account_id, is_active) values (?, ?, true)', [
      other.id,
      olivia.accountId,
    ]);
    await sql('update member set is_resigned = true where id = ?', [other.id]);
    try {
      expect((await entries(olivia))?.modify.refusal?.code).toBe('MEMBERSHIP_RESIGNED');
      expect((await start('startAgreementModification', olivia)).errors[0]?.code).toBe('MEMBERSHIP_RESIGNED');
    } finally {
      await sql('update member set is_resigned = false where id = ?', [other.id]);
      await sql('delete from member_account_link where member_id = ? and account_id = ?', [other.id, olivia.accountId]);
    }
    expect((await entries(olivia))?.modify.allowed).toBe(true);
  });
});

describe("another member's ids", () => {
  it('refuses a member every wizard operation on another member’s account, as for ids nobody has', async () => {
    const refusals = [];
    for (const ids of [
      jack,
      { memberId: olivia.memberId, accountId: jack.accountId },
      { memberId: 987654, accountId: 987654 },
    ]) {
      const e = await gql(
        `query($memberId: Int!, $accountId: Int!) { agreementWizardEntries(memberId: $memberId, accountId: $accountId) { accountId } }`,
        ids,
        member,
      );
      refusals.push(e.errors?.[0]?.message);
      const m = await gql(
        `mutation($memberId: Int!, $accountId: Int!) { startAgreementModification(memberId: $memberId, accountId: $accountId) { errors { code } } }`,
        ids,
        member,
      );
      refusals.push(m.errors?.[0]?.message);
    }
    const [jackAgreement] = await sql<{ id: number }>(
      'select id from agreement where account_id = ? order by id desc limit 1',
      [jack.accountId],
    );
    const s = await gql(
      `query($agreementId: Int!) { agreementWizard(agreementId: $agreementId) { errors { code } } }`,
      {
        agreementId: jackAgreement.id,
      },
      member,
    );
    refusals.push(s.errors?.[0]?.message);
    const r = await rest(`/api/accounts/${jack.accountId}/modifiedcontract/modifiedview`, member);
    refusals.push((r.body as { message: string }).message);
    expect(new Set(refusals)).toEqual(new Set(['You do not have access to this member or account.']));
  });
});
