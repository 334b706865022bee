import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityTypeLabel } from '../../server/src/modules/activity/index.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  asRestCodes,
  TransactionStatus,
  ACTIVITIES,
  ACTIVITY_FIELDS,
  accountWithStatus,
  codes,
  gql,
  memberIdOf,
  pathCodes,
  rest,
  session,
  sql,
  type Session,
} from './portal-support.js';

interface ActivityItem {
  activityId: number;
  date: string;
  type: number;
  label: string;
  filter: string;
  balanceChange: string;
  formattedBalance: string;
  transactionStatus: string | null;
  isPending: boolean;
  notes?: string | null;
  agentName?: string | null;
}
interface Page {
  page: number;
  pageSize: number;
  totalCount: number;
  totals: { payment: number; agreementChange: number; notification: number; note: number | null };
  items: ActivityItem[];
}

let server: TestServer;
let member: Session;
let staff: Session;
let memberId: number;
let accountId: number;

beforeAll(async () => {
  server = await startTestServer();
  member = await session(server, MEMBER_TWO_ACCOUNTS);
  staff = await session(server, AGENT);
  memberId = Number(member.memberId);
  ({ accountId } = await accountWithStatus(server, memberId, 7));
});
afterAll(() => server?.stop());

async function page(who: Session, variables: Record<string, unknown> = {}, query = ACTIVITIES) {
  return gql<{ activities: Page }>(server, who, query, { m: memberId, a: accountId, ...variables });
}

const STAFF_FIELDS = ACTIVITIES.replace('items {', 'items { notes agentName');

describe('activities: paging', () => {
  it('gives 25 a page by default, newest first, pages without overlap', async () => {
    const first = (await page(member)).data!.activities;
    const second = (await page(member, { p: 2 })).data!.activities;
    expect(first).toMatchObject({ page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.totalCount).toBeGreaterThan(50);
    const dates = [...first.items, ...second.items].map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const ids = new Set([...first.items, ...second.items].map((item) => item.activityId));
    expect(ids.size).toBe(first.items.length + second.items.length);
    const last = Math.ceil(first.totalCount / 25);
    const end = (await page(member, { p: last })).data!.activities;
    expect(end.items).toHaveLength(first.totalCount - 25 * (last - 1));
    expect((await page(member, { p: last + 1 })).data!.activities.items).toEqual([]);
  });

  it('takes pages of up to 100 and refuses more, or a page below 1', async () => {
    expect((await page(member, { s: 100 })).data!.activities.items).toHaveLength(100);
    expect(codes(await page(member, { s: 101 }))).toEqual(['INVALID_PAGE_SIZE']);
    expect(codes(await page(member, { s: 0 }))).toEqual(['INVALID_PAGE_SIZE']);
    expect(codes(await page(member, { p: 0 }))).toEqual(['INVALID_PAGE']);
  });
});

describe('activities: filters and totals (spec 1 §4)', () => {
  it('narrows to the chosen filters, the total following them', async () => {
    const all = (await page(staff)).data!.activities;
    for (const filters of [['Payment'], ['Notification'], ['AgreementChange', 'Note']]) {
      const narrowed = (await page(staff, { f: filters, s: 100 })).data!.activities;
      expect(narrowed.items.every((item) => filters.includes(item.filter))).toBe(true);
      const key = (f: string) => (f.charAt(0).toLowerCase() + f.slice(1)) as keyof Page['totals'];
      expect(narrowed.totalCount).toBe(filters.reduce((n, f) => n + Number(all.totals[key(f)]), 0));
      expect(narrowed.totals).toEqual(all.totals);
    }
  });

  it('never shows notes to members: none by default, Note refused, note total null', async () => {
    const mine = (await page(member, { s: 100 })).data!.activities;
    const everything = (await page(staff, { s: 100 })).data!.activities;
    expect(mine.totals.note).toBeNull();
    expect(everything.totals.note).toBeGreaterThan(0);
    expect(mine.totalCount).toBe(everything.totalCount - Number(everything.totals.note));
    expect(mine.items.some((item) => item.filter === 'Note')).toBe(false);
    const refused = await page(member, { f: ['Payment', 'Note'] });
    expect(codes(refused)).toEqual(['FORBIDDEN']);
    // The list is nullable (a page asking it beside others keeps the rest): refused, it is null.
    expect(refused.data).toEqual({ activities: null });
  });

  it('shows staff the notes and who did what', async () => {
    const notes = (await page(staff, { f: ['Note'] }, STAFF_FIELDS)).data!.activities;
    expect(notes.items.length).toBeGreaterThan(0);
    expect(notes.items.every((item) => item.filter === 'Note' && item.label === 'Note added')).toBe(true);
    const all = (await page(staff, { s: 100 }, STAFF_FIELDS)).data!.activities;
    expect(all.items.some((item) => typeof item.agentName === 'string')).toBe(true);
  });

  it('answers members null with FORBIDDEN for the staff-only notes and agentName', async () => {
    const body = await page(member, { s: 2 }, STAFF_FIELDS);
    expect(body.data!.activities.items.map((item) => [item.notes, item.agentName])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(pathCodes(body).sort()).toEqual(
      [
        ['activities.items.0.notes', 'FORBIDDEN'],
        ['activities.items.0.agentName', 'FORBIDDEN'],
        ['activities.items.1.notes', 'FORBIDDEN'],
        ['activities.items.1.agentName', 'FORBIDDEN'],
      ].sort(),
    );
  });

  it('labels every type as the spec does and shows balances with $ and sign', async () => {
    const items = (await page(staff, { s: 100 })).data!.activities.items;
    for (const item of items) {
      expect(item.label).toBe(activityTypeLabel(item.type));
      const cents = Math.round(Number(item.balanceChange) * 100);
      const sign = cents > 0 ? '+' : cents < 0 ? '-' : '';
      expect(item.formattedBalance).toMatch(/^[+-]?\$[\d,]+\.\d{2}$/);
      expect(item.formattedBalance.startsWith(`${sign}$`)).toBe(true);
      expect(item.isPending).toBe(item.transactionStatus === 'Pending' && item.filter === 'Payment');
    }
  });
});

describe('activities: a modification’s detail', () => {
  it('lists what changed, never the whole list of billers as if all were new; removed billers were there before', async () => {
    type Change = { field: string; before: string | null; after: string | null };
    const modifications: Change[][] = [];
    for (let p = 1; p <= 5 && modifications.length === 0; p += 1) {
      const items = (await page(staff, { s: 100, p })).data!.activities.items as unknown as {
        detailsKind: string;
        modificationChanges: Change[] | null;
      }[];
      if (items.length === 0) break;
      for (const item of items)
        if (item.detailsKind === 'MODIFICATION_JSON') modifications.push(item.modificationChanges!);
    }
    expect(modifications.length).toBeGreaterThan(0);
    for (const changes of modifications) {
      expect(changes.map((c) => c.field)).not.toContain('Billers');
      for (const change of changes.filter((c) => c.field === 'Billers removed')) expect(change.after).toBeNull();
    }
  });
});

describe('activity(activityId)', () => {
  const ONE = `query($id: Int!) { activity(activityId: $id) { ${ACTIVITY_FIELDS} } }`;

  it('gives a member their own activity as the page shows it', async () => {
    const item = (await page(member, { s: 1 })).data!.activities.items[0];
    const body = await gql<{ activity: ActivityItem }>(server, member, ONE, { id: item.activityId });
    expect(body.data!.activity).toMatchObject(item);
  });

  it('refuses a member another member’s activity, a note, or a missing id in the same words', async () => {
    const otherId = await memberIdOf(server, '100002');
    const [theirs] = await sql<{ id: number }>(server, 'select id from activity where member_id = ? limit 1', [
      otherId,
    ]);
    const [note] = await sql<{ id: number }>(server, 'select id from activity where account_id = ? and type = 11', [
      accountId,
    ]);
    const answers = await Promise.all(
      [theirs.id, note.id, 987_654].map((id) => gql(server, member, ONE, { id: Number(id) })),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(codes(answers[0])).toEqual(['FORBIDDEN']);
    expect(codes(await gql(server, staff, ONE, { id: 987_654 }))).toEqual(['NOT_FOUND']);
    expect(codes(await gql(server, staff, ONE, { id: Number(note.id) }))).toEqual([]);
  });
});

describe('activities over REST', () => {
  const base = () => `/api/members/${memberId}`;

  it('answers the paged, overview, totals and filter totals paths with the GraphQL data', async () => {
    const graph = (await page(member, { p: 2, s: 10, f: ['Payment', 'AgreementChange'] })).data!.activities;
    const paged = await rest(
      server,
      member,
      `${base()}/getpagedactivities/${accountId}?page=2&pageSize=10&filters=Payment,AgreementChange`,
    );
    expect(paged.body).toMatchObject(asRestCodes(graph, [TransactionStatus]));
    const overview = await rest(server, member, `${base()}/getactivityoverviewformember/${accountId}`);
    expect(overview.body).toMatchObject({
      ...asRestCodes((await page(member, { s: 20 })).data!.activities, [TransactionStatus]),
      pageSize: 20,
    });
    expect((await rest(server, member, `${base()}/getfiltertotals/${accountId}`)).body).toEqual(graph.totals);
    expect((await rest(server, member, `${base()}/gettotalactivities/${accountId}?filters=Payment`)).body).toBe(
      graph.totals.payment,
    );
  });

  it('lists all of a member’s activities without notes; all activities with notes only for staff', async () => {
    const mine = await rest(server, member, `${base()}/getmemberactivities/${accountId}`);
    const totals = (await page(staff)).data!.activities.totals;
    expect((mine.body as unknown[]).length).toBe(totals.payment + totals.agreementChange + totals.notification);
    expect(await rest(server, member, `${base()}/getallactivities/${accountId}`)).toMatchObject({ status: 403 });
    expect(await rest(server, member, `${base()}/getactivityoverview/${accountId}`)).toMatchObject({ status: 403 });
    const all = await rest(server, staff, `${base()}/getallactivities/${accountId}`);
    expect((all.body as unknown[]).length).toBe(
      totals.payment + totals.agreementChange + totals.notification + Number(totals.note),
    );
    expect(await rest(server, member, `${base()}/gettotalactivities/${accountId}?filters=Note`)).toMatchObject({
      status: 403,
    });
  });

  it('lists a member’s activities between two dates, either date form', async () => {
    const [row] = await sql<{ n: number }>(
      server,
      `select count(*)::int as n from activity where account_id in
         (select account_id from member_account_link where member_id = ? and is_active)
       and type <> 11 and occurred_at >= '2026-01-01' and occurred_at < '2026-02-01'`,
      [memberId],
    );
    const listed = await rest(server, member, `${base()}/activities?from=01-01-2026&to=2026-01-31`);
    expect((listed.body as unknown[]).length).toBe(Number(row.n));
    expect(await rest(server, member, `${base()}/activities?from=31-02-2026`)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_DATE' },
    });
  });

  it('gives the transaction statuses and one activity’s status', async () => {
    expect((await rest(server, member, '/api/members/gettransactionstatuses')).body).toEqual([
      { id: 0, name: 'Pending' },
      { id: 1, name: 'Processed' },
      { id: 2, name: 'Successfull' },
      { id: 3, name: 'Failed' },
      { id: 4, name: 'Unknown' },
      { id: 5, name: 'TryAgain' },
      { id: 6, name: 'Missmatch' },
    ]);
    const item = (await page(member, { f: ['Payment'], s: 1 })).data!.activities.items[0];
    expect(
      (await rest(server, member, `/api/members/gettransactionstatus?activityId=${item.activityId}`)).body,
    ).toMatchObject({
      activityId: item.activityId,
      status: asRestCodes({ status: item.transactionStatus }, [TransactionStatus]).status,
    });
  });
});
