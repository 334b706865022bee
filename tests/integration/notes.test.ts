import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityType } from '../../server/src/modules/activity/index.js';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, gql, memberIdOf, rest, session, sql, type Session } from './portal-support.js';

interface NoteBody {
  noteId: number;
  text: string;
  createdBy: string;
  dateCreated: string;
  entityId: number;
  entityType: string;
  isLogActivityDisabled: boolean;
  dateUpdated: string | null;
}
interface NoteResult {
  note: NoteBody | null;
  errors: { code: string; field: string | null; message: string }[];
}

const NOTE = 'noteId text createdBy dateCreated entityId entityType isLogActivityDisabled dateUpdated';
const ADD = `mutation($input: AddNoteInput!) { addNote(input: $input) { note { ${NOTE} } errors { code field message } } }`;
const EDIT = `mutation($id: Int!, $text: String!) { editNote(noteId: $id, text: $text) { note { ${NOTE} } errors { code field message } } }`;
const DELETE = `mutation($id: Int!) { deleteNote(noteId: $id) { note { ${NOTE} } errors { code field message } } }`;

let server: TestServer;
let staff: Session;
let member: Session;
let reporter: Session;
let agreementId: number;
let accountId: number;
let billerId: number;
let memberId: number;

async function send(who: Session, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function counts() {
  const [row] = await sql<{ notes: string; audits: string; activities: string }>(
    server,
    `select (select count(*) from note) as notes, (select count(*) from audit_record) as audits,
       (select count(*) from activity where type = 11) as activities`,
  );
  return row;
}

beforeAll(async () => {
  server = await startTestServer();
  staff = await session(server, AGENT);
  member = await session(server, MEMBER_TWO_ACCOUNTS);
  reporter = await session(server, REPORTER);
  memberId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ agreementId, accountId } = await accountWithStatus(server, memberId, 7));
  const [biller] = await sql<{ id: number }>(
    server,
    'select b.id from biller b join agreement g on g.id = b.agreement_id where g.account_id = ? order by b.id limit 1',
    [accountId],
  );
  billerId = Number(biller.id);
});
afterAll(() => server?.stop());

describe('notes over GraphQL', () => {
  it('adds a note on an agreement: who and when recorded, activity 11 for staff, the audit keeps the text', async () => {
    const { data } = await gql<{ addNote: NoteResult }>(server, staff, ADD, {
      input: { entityType: 'Contract', entityId: agreementId, text: '  Called the member about renewal.  ' },
    });
    const note = data!.addNote.note!;
    expect(data!.addNote.errors).toEqual([]);
    expect(note).toMatchObject({
      text: 'Called the member about renewal.',
      entityType: 'Contract',
      entityId: agreementId,
      isLogActivityDisabled: false,
      dateUpdated: null,
    });
    expect(note.createdBy).toBeTruthy();
    const [activity] = await sql<{ details: string; agent_name: string; account_id: number }>(
      server,
      `select details, agent_name, account_id from activity where type = ? and (data->>'noteId')::int = ?`,
      [ActivityType.NoteAdded, note.noteId],
    );
    expect(activity).toMatchObject({ details: 'Note added: Called the member about renewal.', account_id: accountId });
    const staffList = await gql<{ activities: { items: { type: number; details: string }[] } }>(
      server,
      staff,
      `query($m: Int!, $a: Int!) { activities(memberId: $m, accountId: $a, filters: [Note]) { items { type details } } }`,
      { m: memberId, a: accountId },
    );
    expect(staffList.data?.activities.items[0]).toEqual({
      type: 11,
      details: 'Note added: Called the member about renewal.',
    });
  });

  it('refuses empty text with the clear message and writes nothing', async () => {
    const before = await counts();
    const { data } = await gql<{ addNote: NoteResult }>(server, staff, ADD, {
      input: { entityType: 'Contract', entityId: agreementId, text: '   ' },
    });
    expect(data!.addNote).toEqual({
      note: null,
      errors: [{ code: 'NOTE_TEXT_REQUIRED', field: 'text', message: 'Note text must be non-empty.' }],
    });
    expect(await counts()).toEqual(before);
  });

  it('adds a quiet note on a biller without an activity', async () => {
    const before = await counts();
    const { data } = await gql<{ addNote: NoteResult }>(server, staff, ADD, {
      input: {
        entityType: 'biller',
        entityId: billerId,
        text: 'Biller asked for a new reference.',
        isLogActivityDisabled: true,
      },
    });
    expect(data!.addNote.note).toMatchObject({ entityType: 'Biller', entityId: billerId, isLogActivityDisabled: true });
    const after = await counts();
    expect(Number(after.notes)).toBe(Number(before.notes) + 1);
    expect(after.activities).toBe(before.activities);
  });

  it('edits and deletes: the audit and the history keep every text; each is its own activity (append-only)', async () => {
    const added = await gql<{ addNote: NoteResult }>(server, staff, ADD, {
      input: { entityType: 'Contract', entityId: agreementId, text: 'First words.' },
    });
    const id = added.data!.addNote.note!.noteId;
    const edited = await gql<{ editNote: NoteResult }>(server, staff, EDIT, { id, text: 'Second words.' });
    expect(edited.data!.editNote.note).toMatchObject({ text: 'Second words.' });
    expect(edited.data!.editNote.note!.dateUpdated).not.toBeNull();
    const emptyEdit = await gql<{ editNote: NoteResult }>(server, staff, EDIT, { id, text: '' });
    expect(emptyEdit.data!.editNote.errors[0].message).toBe('Note text must be non-empty.');
    const history = () =>
      sql<{ type: number; details: string; notes: string }>(
        server,
        `select type, details, notes from activity where (data->>'noteId')::int = ? order by id`,
        [id],
      );
    expect(await history()).toEqual([
      { type: 11, details: 'Note added: First words.', notes: 'First words.' },
      { type: 37, details: 'Note edited. Was: First words. Now: Second words.', notes: 'Second words.' },
    ]);

    const deleted = await gql<{ deleteNote: NoteResult }>(server, staff, DELETE, { id });
    expect(deleted.data!.deleteNote.note).toMatchObject({ noteId: id, text: 'Second words.' });
    expect(await sql(server, 'select id from note where id = ?', [id])).toEqual([]);
    expect((await history()).map((a) => [a.type, a.details])).toEqual([
      [11, 'Note added: First words.'],
      [37, 'Note edited. Was: First words. Now: Second words.'],
      [38, 'Note deleted: Second words.'],
    ]);
    const audit = await sql<{ action: string; request: { text?: string }; response: { previousText?: string } }>(
      server,
      `select action, request, response from audit_record where entity_type = 'note' and entity_id = ? order by id`,
      [id],
    );
    expect(audit.map((a) => [a.action, a.request.text ?? null, a.response.previousText ?? null])).toEqual([
      ['addNote', 'First words.', null],
      ['editNote', 'Second words.', 'First words.'],
      ['deleteNote', null, 'Second words.'],
    ]);
    const gone = await gql(server, staff, EDIT, { id, text: 'again' });
    expect(gone.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses a missing agreement, an unknown entity type, members and reporters', async () => {
    const missing = await gql(server, staff, ADD, { input: { entityType: 'Contract', entityId: 987654, text: 'x' } });
    expect(missing.errors?.[0]).toMatchObject({ message: 'Could not find the contract.' });
    const type = await gql<{ addNote: NoteResult }>(server, staff, ADD, {
      input: { entityType: 'Bill', entityId: 1, text: 'x' },
    });
    expect(type.data!.addNote.errors[0].code).toBe('INVALID_ENTITY_TYPE');
    for (const who of [member, reporter]) {
      const refused = await gql(server, who, ADD, {
        input: { entityType: 'Contract', entityId: agreementId, text: 'x' },
      });
      expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const read = await gql<{ notes: NoteBody[] }>(
      server,
      reporter,
      `query($id: Int!) { notes(entityType: "Contract", entityId: $id) { noteId } }`,
      { id: agreementId },
    );
    expect(read.data!.notes.length).toBeGreaterThan(0);
    const memberRead = await gql(
      server,
      member,
      `query($id: Int!) { notes(entityType: "Contract", entityId: $id) { noteId } }`,
      { id: agreementId },
    );
    expect(memberRead.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('never shows a note activity to the member', async () => {
    const list = await gql<{ activities: { items: { type: number }[] } }>(
      server,
      member,
      `query($m: Int!, $a: Int!) { activities(memberId: $m, accountId: $a, pageSize: 100) { items { type } } }`,
      { m: memberId, a: accountId },
    );
    expect(list.data!.activities.items.some((item) => item.type === 11)).toBe(false);
  });
});

describe('notes over REST (/api/notes)', () => {
  it('POST, GET {id}, PUT and DELETE with the documented parameters', async () => {
    const created = await send(staff, 'POST', '/api/notes/', {
      EntityType: 'Contract',
      entityId: agreementId,
      text: 'Over REST.',
      isLogActivityDisabled: false,
    });
    expect(created.status).toBe(200);
    const id = Number(created.body!.noteId);
    expect((await rest(server, staff, `/api/notes/${id}`)).body).toMatchObject({ noteId: id, text: 'Over REST.' });
    const listed = await rest(server, staff, `/api/notes?entityId=${agreementId}&entityType=contract`);
    expect((listed.body as NoteBody[]).some((n) => n.noteId === id)).toBe(true);
    const put = await send(staff, 'PUT', `/api/notes/${id}`, { text: 'Edited over REST.' });
    expect(put.body).toMatchObject({ noteId: id, text: 'Edited over REST.' });
    const removed = await send(staff, 'DELETE', `/api/notes/${id}`);
    expect(removed.status).toBe(200);
    expect((await rest(server, staff, `/api/notes/${id}`)).status).toBe(404);
  });

  it('answers bad input with 400 and a clear message, never a 5xx, writing nothing', async () => {
    const before = await counts();
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/notes',
        { entityType: 'Contract', entityId: agreementId, text: '' },
        'Note text must be non-empty.',
      ],
      ['POST', '/api/notes', { entityType: 'Contract', entityId: agreementId }, 'Note text must be non-empty.'],
      ['POST', '/api/notes', { entityType: 'Contract', entityId: 'abc', text: 'x' }, 'Invalid entityId.'],
      ['POST', '/api/notes', { entityType: 'Contract', entityId: agreementId, text: 5 }, 'text must be text.'],
      ['PUT', '/api/notes/abc', { text: 'x' }, 'Invalid id.'],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await send(staff, method, path, body);
      expect([answer.status, answer.body?.message]).toEqual([400, message]);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses members (403) and reporters writing', async () => {
    expect(
      (await send(member, 'POST', '/api/notes', { entityType: 'Contract', entityId: agreementId, text: 'x' })).status,
    ).toBe(403);
    expect((await send(reporter, 'DELETE', '/api/notes/1')).status).toBe(403);
    expect((await rest(server, member, `/api/notes/1`)).status).toBe(403);
  });
});
