import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_SETTINGS } from '../../server/src/modules/settings/settings.defaults.js';
import { AGENT, MEMBER_NO_AGREEMENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The capacity-to-pay step (spec 3 §2, §4, §5) over GraphQL and REST: confirmation required (the client setting's
 * warning), the note added to the agreement when typed, the model written only when it changed; bad input and
 * another member's ids write nothing.
 */

let server: TestServer;
let agent: string;
let member: string;
let contractId: number;
let activeId: number;

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return server.app.database.orm.em.fork().execute<T[]>(text, params);
}

async function footprint() {
  const [row] = await sql<Record<string, string>>(
    `select (select count(*) from note) as notes, (select coalesce(max(id), 0) from activity) as activity,
       (select xmin::text from agreement where id = ?) as version`,
    [contractId],
  );
  return row;
}

const SAVE = `mutation($input: CapacityInputType!) { r: saveAgreementCapacity(input: $input) {
  saved noteId capacity { contractId paymentCapacityConfirmed warning questions confirmationText }
  errors { code field message } } }`;

type SaveResult = {
  saved: boolean;
  noteId: number | null;
  capacity: { paymentCapacityConfirmed: boolean } | null;
  errors: { code: string; field: string | null; message: string }[];
};

async function save(input: Record<string, unknown>, token = agent) {
  const { body } = await server.graphql<{ r: SaveResult }>(SAVE, { input }, token);
  return body;
}

async function rest(method: string, path: string, body?: unknown, token = agent) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: JSON.parse(await response.text()) as Record<string, unknown> };
}

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.token(...AGENT);
  member = await server.token(...MEMBER_TWO_ACCOUNTS);
  const [ids] = await sql<{ member_id: number; account_id: number }>(
    `select m.id as member_id, l.account_id from member m join member_account_link l on l.member_id = m.id
     where m.member_number = ? order by l.account_id limit 1`,
    [MEMBER_NO_AGREEMENT[0]],
  );
  const { body } = await server.graphql<{ r: { wizard: { agreementId: number } } }>(
    'mutation($m: Int!, $a: Int!) { r: startNewAgreement(memberId: $m, accountId: $a) { wizard { agreementId } errors { message } } }',
    { m: Number(ids.member_id), a: Number(ids.account_id) },
    agent,
  );
  contractId = body.data!.r.wizard.agreementId;
  const [active] = await sql<{ id: number }>('select id from agreement where status = 7 order by id limit 1');
  activeId = Number(active.id);
});
afterAll(async () => {
  await server?.stop();
});

describe('capacity to pay (Create step 5)', () => {
  it('loads unconfirmed, with the warning and the non-empty questions of the client settings', async () => {
    const { body } = await server.graphql<{ c: Record<string, unknown> }>(
      'query($id: Int!) { c: agreementCapacity(contractId: $id) { contractId paymentCapacityConfirmed warning questions } }',
      { id: contractId },
      agent,
    );
    expect(body.data?.c).toEqual({
      contractId,
      paymentCapacityConfirmed: false,
      warning: DEFAULT_CLIENT_SETTINGS.capacityToPayWarning,
      questions: [
        DEFAULT_CLIENT_SETTINGS.bankStatementCheckQuestion,
        DEFAULT_CLIENT_SETTINGS.membersWagesCheckQuestion,
      ],
    });
  });

  it('refuses a save without the confirmation with the client setting’s warning, writing nothing (not even the note)', async () => {
    const before = await footprint();
    const body = await save({ contractId, paymentCapacityConfirmed: false, newNoteText: 'Payslips seen' });
    expect(body.data?.r.errors).toEqual([
      {
        code: 'CAPACITY_NOT_CONFIRMED',
        field: 'paymentCapacityConfirmed',
        message: DEFAULT_CLIENT_SETTINGS.capacityToPayWarning,
      },
    ]);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a note longer than a note can be, writing nothing', async () => {
    const before = await footprint();
    const body = await save({ contractId, paymentCapacityConfirmed: true, newNoteText: 'x'.repeat(4001) });
    expect(body.data?.r.errors.map((e) => e.code)).toEqual(['NOTE_TOO_LONG']);
    expect(await footprint()).toEqual(before);
  });

  it('saves the confirmation and adds the typed note to the agreement as a contract note', async () => {
    const body = await save({ contractId, paymentCapacityConfirmed: true, newNoteText: '  Payslips seen  ' });
    expect(body.data?.r).toMatchObject({ saved: true, errors: [], capacity: { paymentCapacityConfirmed: true } });
    const [note] = await sql<{ text: string; entity_type: number; agreement_id: number }>(
      'select text, entity_type, agreement_id from note where id = ?',
      [body.data!.r.noteId],
    );
    expect(note).toMatchObject({ text: 'Payslips seen', entity_type: 1, agreement_id: contractId });
    const [row] = await sql<{ payment_capacity_confirmed: boolean }>(
      'select payment_capacity_confirmed from agreement where id = ?',
      [contractId],
    );
    expect(row.payment_capacity_confirmed).toBe(true);
  });

  it('writes nothing when the model did not change and no note was typed', async () => {
    const before = await footprint();
    const body = await save({ contractId, paymentCapacityConfirmed: true, newNoteText: '' });
    expect(body.data?.r).toMatchObject({ saved: false, noteId: null, errors: [] });
    expect(await footprint()).toEqual(before);
  });

  it('saves the checklist answers with the agreement when they change and shows them again; an unknown one is refused', async () => {
    const questions = [
      DEFAULT_CLIENT_SETTINGS.bankStatementCheckQuestion,
      DEFAULT_CLIENT_SETTINGS.membersWagesCheckQuestion,
    ];
    const load = async () =>
      (
        await server.graphql<{ c: { checkedQuestions: string[] } }>(
          'query($id: Int!) { c: agreementCapacity(contractId: $id) { checkedQuestions } }',
          { id: contractId },
          agent,
        )
      ).body.data!.c.checkedQuestions;
    expect(await load()).toEqual([]);

    const before = await footprint();
    const refused = await save({ contractId, paymentCapacityConfirmed: true, checkedQuestions: ['Pets kept?'] });
    expect(refused.data?.r.errors).toEqual([
      {
        code: 'UNKNOWN_QUESTION',
        field: 'checkedQuestions',
        message: '“Pets kept?” is not one of the checklist questions. Reload the step to see the current questions.',
      },
    ]);
    expect(await footprint()).toEqual(before);

    const ticked = await save({ contractId, paymentCapacityConfirmed: true, checkedQuestions: [questions[1]] });
    expect(ticked.data?.r).toMatchObject({ saved: true, errors: [] });
    expect(await load()).toEqual([questions[1]]);
    // The same answers again (another order of the same set): not written.
    const same = await footprint();
    expect(
      (await save({ contractId, paymentCapacityConfirmed: true, checkedQuestions: [questions[1]] })).data?.r.saved,
    ).toBe(false);
    expect(await footprint()).toEqual(same);
    // Answers not sent keep the saved ones (a client that does not know the checklist).
    await save({ contractId, paymentCapacityConfirmed: true });
    expect(await load()).toEqual([questions[1]]);
    // Over REST too: both ticked, in the step's order.
    const put = await rest('PUT', '/api/contracts?isCapacity=true', {
      contractId,
      paymentCapacityConfirmed: true,
      checkedQuestions: [questions[1], questions[0]],
    });
    expect(put).toMatchObject({ status: 200, body: { checkedQuestions: questions } });
    expect(await load()).toEqual(questions);
    const bad = await rest('PUT', '/api/contracts?isCapacity=true', {
      contractId,
      paymentCapacityConfirmed: true,
      checkedQuestions: 'all',
    });
    expect(bad.status).toBe(400);
    expect(await load()).toEqual(questions);
  });

  it('answers the same over REST: GET /api/contracts?contractId&isCapacity and PUT /api/contracts?isCapacity=true', async () => {
    const got = await rest('GET', `/api/contracts?contractId=${contractId}&isCapacity=true`);
    expect(got).toMatchObject({ status: 200, body: { contractId, paymentCapacityConfirmed: true } });
    const before = await footprint();
    const bad = await rest('PUT', '/api/contracts?isCapacity=true', { contractId, paymentCapacityConfirmed: 'yes' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_FIELD', field: 'paymentCapacityConfirmed' } });
    const unconfirmed = await rest('PUT', '/api/contracts?isCapacity=true', {
      contractId,
      paymentCapacityConfirmed: false,
    });
    expect(unconfirmed).toMatchObject({
      status: 400,
      body: { code: 'CAPACITY_NOT_CONFIRMED', message: DEFAULT_CLIENT_SETTINGS.capacityToPayWarning },
    });
    expect(await footprint()).toEqual(before);
    const ok = await rest('PUT', '/api/contracts?isCapacity=true', {
      ContractId: contractId,
      PaymentCapacityConfirmed: true,
      NewNoteText: 'Wages confirmed by phone',
    });
    expect(ok).toMatchObject({ status: 200, body: { contractId, paymentCapacityConfirmed: true } });
    const [note] = await sql<{ n: string }>(
      "select count(*) as n from note where agreement_id = ? and text = 'Wages confirmed by phone'",
      [contractId],
    );
    expect(Number(note.n)).toBe(1);
  });

  it('refuses members (staff only) and an agreement not open in the wizard, writing nothing', async () => {
    const before = await footprint();
    const asMember = await save({ contractId, paymentCapacityConfirmed: true, newNoteText: 'x' }, member);
    expect(asMember.data).toBeNull();
    expect(asMember.errors?.[0].message).toBe('You do not have access to this.');
    const restMember = await rest('GET', `/api/contracts?contractId=${contractId}&isCapacity=true`, undefined, member);
    expect(restMember.status).toBe(403);
    const closed = await save({ contractId: activeId, paymentCapacityConfirmed: true, newNoteText: 'x' });
    expect(closed.data?.r.errors[0].code).toBe('WIZARD_CLOSED');
    const missing = await save({ contractId: 99999999, paymentCapacityConfirmed: true });
    expect(missing.errors?.[0].message).toBe('Could not load contract');
    expect(await footprint()).toEqual(before);
  });
});
