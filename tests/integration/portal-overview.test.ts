import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityFilterGroup } from '../../server/src/modules/activity/index.js';
import { AGENT, MEMBER_LOCKED, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  asRestCodes,
  accountWithStatus,
  codes,
  gql,
  memberIdOf,
  OVERVIEW,
  OVERVIEW_MANUAL,
  OVERVIEW_WITH_NOTES,
  pathCodes,
  rest,
  session,
  sql,
  type Session,
} from './portal-support.js';

interface OverviewBillerAnswer {
  billerId: number;
  isSubCategory: boolean;
  nickname: string;
  payBillId: number | null;
  bills: { billId: number; dueDate: string; status: string }[];
}

interface Overview {
  accountId: number;
  agreement: {
    contractId: number;
    status: string;
    statusName: string;
    startDate: string;
    endDate: string;
    billersOnHold: { billerId: number; billerName: string; date: string; message: string }[];
    balances: Record<'allocation' | 'contingency' | 'rainyDay' | 'total', string>;
  };
  allocationByCategory: { categoryName: string; amount: string }[];
  autoBillers: OverviewBillerAnswer[];
  manualBillers: OverviewBillerAnswer[];
  upcomingBills: { billId: number; dueDate: string; status: string; isReimbursement: boolean; onHold: boolean }[];
  activityTotals: { payment: number; agreementChange: number; notification: number; note: number | null };
  notes?: { noteId: number; dateCreated: string }[] | null;
}

let server: TestServer;
let member: Session;
let staff: Session;
let memberId: number;
let accountId: number;
let agreementId: number;

beforeAll(async () => {
  server = await startTestServer();
  member = await session(server, MEMBER_TWO_ACCOUNTS);
  staff = await session(server, AGENT);
  memberId = Number(member.memberId);
  ({ accountId, agreementId } = await accountWithStatus(server, memberId, 7));
});
afterAll(() => server?.stop());

/** The overview in two documents, manual billers apart (OVERVIEW_FIELDS, OVERVIEW_MANUAL). */
async function overviewAs(who: Session, query = OVERVIEW) {
  const body = await gql<{ accountOverview: Overview }>(server, who, query, { m: memberId, a: accountId });
  const manual = await gql<{ accountOverview: Pick<Overview, 'manualBillers'> }>(server, who, OVERVIEW_MANUAL, {
    m: memberId,
    a: accountId,
  });
  if (body.data && manual.data) {
    const { agreement, allocationByCategory, autoBillers, ...rest } = body.data.accountOverview;
    body.data.accountOverview = {
      ...rest,
      agreement,
      allocationByCategory,
      autoBillers,
      manualBillers: manual.data.accountOverview.manualBillers,
    } as Overview;
  }
  return body;
}

describe('accountOverview on the demo data', () => {
  it('summarises the current agreement with its balances summed from the ledger', async () => {
    const { data } = await overviewAs(member);
    const agreement = data!.accountOverview.agreement;
    const [row] = await sql<Record<string, string>>(
      server,
      `select g.start_date::text as start, g.end_date::text as end,
              coalesce(sum(e.amount) filter (where la.kind = 1), 0)::text as allocation,
              coalesce(sum(e.amount) filter (where la.kind = 2), 0)::text as contingency,
              coalesce(sum(e.amount) filter (where la.kind = 3), 0)::text as rainy,
              coalesce(sum(e.amount), 0)::text as total
       from agreement g left join ledger_account la on la.agreement_id = g.id
       left join ledger_entry e on e.ledger_account_id = la.id where g.id = ? group by g.id`,
      [agreementId],
    );
    expect(agreement).toMatchObject({
      contractId: agreementId,
      status: 'Active',
      statusName: 'Active',
      startDate: row.start,
      endDate: row.end,
      balances: { allocation: row.allocation, contingency: row.contingency, rainyDay: row.rainy, total: row.total },
    });
  });

  it('lists the billers on hold with the spec’s sentence and the date as DD-MM-YYYY', async () => {
    const { data } = await overviewAs(member);
    const onHold = data!.accountOverview.agreement.billersOnHold;
    const stored = await sql<{ id: number }>(server, 'select id from biller where agreement_id = ? and status = 5', [
      agreementId,
    ]);
    expect(onHold.map((b) => b.billerId).sort()).toEqual(stored.map((b) => Number(b.id)).sort());
    expect(onHold.length).toBeGreaterThan(0);
    for (const biller of onHold) {
      const [y, m, d] = biller.date.split('-');
      expect(biller.message).toBe(
        `${biller.billerName} bill paid on the ${d}-${m}-${y} has failed and has been placed on hold awaiting resolution`,
      );
    }
  });

  it('splits automatic and manual billers (sub-categories with the manual ones), each with all its bills by date', async () => {
    const { data } = await overviewAs(member);
    const { autoBillers, manualBillers } = data!.accountOverview;
    const [counts] = await sql<Record<string, string>>(
      server,
      `select (select count(*) from biller where agreement_id = ? and status <> 3 and is_auto_payment)::int as auto,
              (select count(*) from biller where agreement_id = ? and status <> 3 and not is_auto_payment)::int as manual,
              (select count(*) from billing_sub_category where agreement_id = ? and status <> 3)::int as subs,
              (select count(*) from bill where agreement_id = ?)::int as bills`,
      [agreementId, agreementId, agreementId, agreementId],
    );
    expect(autoBillers).toHaveLength(Number(counts.auto));
    expect(manualBillers.filter((b) => !b.isSubCategory)).toHaveLength(Number(counts.manual));
    expect(manualBillers.filter((b) => b.isSubCategory)).toHaveLength(Number(counts.subs));
    const all = [...autoBillers, ...manualBillers];
    expect(all.reduce((n, b) => n + b.bills.length, 0)).toBe(Number(counts.bills));
    for (const biller of all) {
      const dates = biller.bills.map((b) => b.dueDate);
      expect(dates).toEqual([...dates].sort());
    }
    // Its Pay leads to its first bill that is overdue or upcoming (spec 1 §9), none when no such bill.
    const payable = new Set(['Overdue', 'OverdueNotified', 'Upcoming']);
    for (const biller of all) {
      expect(biller.payBillId, biller.nickname).toBe(biller.bills.find((b) => payable.has(b.status))?.billId ?? null);
    }
    expect(all.some((biller) => biller.payBillId !== null)).toBe(true);
  });

  it('names each biller’s way of paying as the bill dashboard does (one label: a direct debit is Direct Debit on both)', async () => {
    const { data } = await overviewAs(member);
    const { autoBillers, manualBillers } = data!.accountOverview;
    const overviewNames = new Map(
      [...autoBillers, ...manualBillers]
        .filter((b) => !b.isSubCategory)
        .map((b) => [b.billerId, (b as unknown as { paymentType: string }).paymentType]),
    );
    expect([...overviewNames.values()]).toContain('Direct Debit');
    const dashboard = await gql<{
      billsDueForPayment: { items: { billerId: number | null; paymentMethodName: string }[] };
    }>(
      server,
      member,
      `query($m: Int!, $a: Int!) { billsDueForPayment(memberId: $m, accountId: $a, page: 1) {
         items { billerId paymentMethodName } } }`,
      { m: memberId, a: accountId },
    );
    const items = dashboard.data!.billsDueForPayment.items.filter((bill) => bill.billerId !== null);
    expect(items.length).toBeGreaterThan(0);
    for (const bill of items) expect(bill.paymentMethodName).toBe(overviewNames.get(bill.billerId!));
  });

  it('shows the allocation by category for the donut, largest first', async () => {
    const { data } = await overviewAs(member);
    const amounts = data!.accountOverview.allocationByCategory.map((c) => Number(c.amount));
    expect(amounts.length).toBeGreaterThan(1);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(amounts.every((a) => a > 0)).toBe(true);
  });

  it('shows at most 6 upcoming bills due ascending, reimbursement bills only to staff', async () => {
    const forMember = (await overviewAs(member)).data!.accountOverview.upcomingBills;
    const forStaff = (await overviewAs(staff)).data!.accountOverview.upcomingBills;
    for (const list of [forMember, forStaff]) {
      expect(list.length).toBeLessThanOrEqual(6);
      expect(list.map((b) => b.dueDate)).toEqual(list.map((b) => b.dueDate).sort());
      expect(list.every((b) => ['Overdue', 'OverdueNotified', 'Upcoming'].includes(b.status))).toBe(true);
    }
    expect(forMember.length).toBeGreaterThan(0);
    expect(forMember.some((b) => b.isReimbursement)).toBe(false);
    const staffNonReimbursement = forStaff.filter((b) => !b.isReimbursement).map((b) => b.billId);
    expect(forMember.map((b) => b.billId).slice(0, staffNonReimbursement.length)).toEqual(staffNonReimbursement);
    // A bill is on hold exactly when its biller is (status 5): the overview then offers no Pay for it.
    const held = await sql<{ id: number }>(
      server,
      `select b.id from bill b join biller br on br.id = b.biller_id where br.status = 5 and b.agreement_id = ?`,
      [agreementId],
    );
    const heldIds = new Set(held.map((row) => Number(row.id)));
    for (const bill of forStaff) expect(bill.onHold).toBe(heldIds.has(bill.billId));
  });

  it('counts the activities per filter; members get note: null, staff the number of notes', async () => {
    const rows = await sql<{ type: number; n: number }>(
      server,
      'select type, count(*)::int as n from activity where account_id = ? group by type',
      [accountId],
    );
    const expected = { payment: 0, agreementChange: 0, notification: 0, note: 0 };
    const key = { Payment: 'payment', AgreementChange: 'agreementChange', Notification: 'notification', Note: 'note' };
    for (const row of rows) expected[key[activityFilterGroup(row.type)] as keyof typeof expected] += Number(row.n);
    expect(expected.note).toBeGreaterThan(0);
    expect((await overviewAs(member)).data!.accountOverview.activityTotals).toEqual({ ...expected, note: null });
    expect((await overviewAs(staff)).data!.accountOverview.activityTotals).toEqual(expected);
  });

  it('gives staff the agreement’s notes newest first; members get null with FORBIDDEN', async () => {
    const asStaff = await overviewAs(staff, OVERVIEW_WITH_NOTES);
    const notes = asStaff.data!.accountOverview.notes!;
    expect(asStaff.errors).toBeUndefined();
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.map((n) => n.dateCreated)).toEqual(
      notes
        .map((n) => n.dateCreated)
        .sort()
        .reverse(),
    );
    const asMember = await overviewAs(member, OVERVIEW_WITH_NOTES);
    expect(asMember.data!.accountOverview.notes).toBeNull();
    expect(asMember.data!.accountOverview.agreement.contractId).toBe(agreementId);
    expect(pathCodes(asMember)).toEqual([['accountOverview.notes', 'FORBIDDEN']]);
  });
});

describe('accountOverview refusals', () => {
  it('refuses an account id of 0 or less with the spec’s message', async () => {
    for (const a of [0, -4]) {
      const body = await gql(server, member, OVERVIEW, { m: memberId, a });
      expect(body.errors?.[0]).toMatchObject({
        message: 'Invalid accountId.',
        extensions: { code: 'INVALID_ACCOUNT_ID' },
      });
    }
  });

  it('refuses another member’s account exactly as an account that does not exist', async () => {
    const other = await accountWithStatus(server, await memberIdOf(server, '100002'), 4);
    const theirs = await gql(server, member, OVERVIEW, { m: memberId, a: other.accountId });
    const nobody = await gql(server, member, OVERVIEW, { m: memberId, a: 987_654 });
    expect(codes(theirs)).toEqual(['FORBIDDEN']);
    expect(theirs.errors?.[0].message).toBe(nobody.errors?.[0].message);
    expect(theirs.data).toEqual(nobody.data);
    const asThem = await gql(server, member, OVERVIEW, { m: await memberIdOf(server, '100002'), a: other.accountId });
    expect(codes(asThem)).toEqual(['FORBIDDEN']);
  });

  it('says the member is not linked anymore when the link is inactive, to staff and to the member', async () => {
    const locked = await session(server, MEMBER_LOCKED);
    const lockedId = Number(locked.memberId);
    const { accountId: theirs } = await accountWithStatus(server, lockedId, 8);
    await sql(server, 'update member_account_link set is_active = false where member_id = ? and account_id = ?', [
      lockedId,
      theirs,
    ]);
    try {
      for (const who of [staff, locked]) {
        const body = await gql(server, who, OVERVIEW, { m: lockedId, a: theirs });
        expect(body.errors?.[0]).toMatchObject({
          message: 'Member is not active or not linked to this account anymore.',
          extensions: { code: 'MEMBER_NOT_LINKED' },
        });
      }
      const viaRest = await rest(server, locked, `/api/memberaccount/${lockedId}/account/${theirs}/overview`);
      expect(viaRest).toMatchObject({ status: 400, body: { code: 'MEMBER_NOT_LINKED' } });
    } finally {
      await sql(server, 'update member_account_link set is_active = true where member_id = ? and account_id = ?', [
        lockedId,
        theirs,
      ]);
    }
  });
});

describe('the overview over REST', () => {
  it('answers GET /api/memberaccount/{memberId}/account/{accountId}/overview with the GraphQL data', async () => {
    for (const [who, query] of [
      [member, OVERVIEW],
      [staff, OVERVIEW_WITH_NOTES],
    ] as const) {
      const { data } = await overviewAs(who, query);
      const viaRest = await rest(server, who, `/api/memberaccount/${memberId}/account/${accountId}/overview`);
      expect(viaRest.status).toBe(200);
      // REST answers every field of each type; the GraphQL document asks for fewer of a note's (not its edit date
      // or activity flag), so the notes are compared on the fields it asked for.
      expect(viaRest.body).toMatchObject(
        asRestCodes(who === member ? { ...data!.accountOverview, notes: null } : data!.accountOverview),
      );
      expect(Object.keys(viaRest.body as object).sort()).toEqual(
        Object.keys({ ...data!.accountOverview, notes: null }).sort(),
      );
    }
  });

  it('answers the contract overview, summaries and biller lists from the same data', async () => {
    const { data } = await overviewAs(member);
    const overview = asRestCodes(data!.accountOverview);
    const base = `/api/member/${memberId}`;
    expect((await rest(server, member, `${base}/account/${accountId}/agreementsummary`)).body).toEqual(
      overview.agreement,
    );
    expect(
      (await rest(server, member, `${base}/account/${accountId}/agreementsummarybyid/${agreementId}`)).body,
    ).toEqual(overview.agreement);
    expect((await rest(server, member, `${base}/accounts/${accountId}/currentcontractoverview`)).body).toMatchObject({
      agreement: overview.agreement,
      autoBillers: overview.autoBillers,
      manualBillers: overview.manualBillers,
    });
    const auto = await rest(server, member, `/api/agreementsummary/autobillerlist/${agreementId}/${accountId}`);
    const manual = await rest(server, member, `/api/agreementsummary/manualbillerlist/${agreementId}/${accountId}`);
    expect(auto.body).toEqual(overview.autoBillers);
    expect(manual.body).toEqual(overview.manualBillers);
    expect((await rest(server, member, `/api/accountsummary/${accountId}`)).body).toMatchObject({
      accountId,
      status: 'Active',
      agreement: overview.agreement,
    });
    expect((await rest(server, member, `/api/memberaccounts/getaccountbalance?accountId=${accountId}`)).body).toEqual({
      accountId,
      contractId: agreementId,
      ...overview.agreement.balances,
    });
  });

  it('refuses the REST overview for an invalid, missing or someone else’s account', async () => {
    expect(await rest(server, member, `/api/memberaccount/${memberId}/account/0/overview`)).toEqual({
      status: 400,
      body: { message: 'Invalid accountId.', code: 'INVALID_ACCOUNT_ID', field: 'accountId' },
    });
    expect(
      (await rest(server, member, `/api/memberaccount/${memberId}/account/undefined/overview`)).body,
    ).toMatchObject({
      message: 'Could not load member overview. Missing account id.',
    });
    const other = await accountWithStatus(server, await memberIdOf(server, '100002'), 4);
    const theirs = await rest(server, member, `/api/memberaccount/${memberId}/account/${other.accountId}/overview`);
    const nobody = await rest(server, member, `/api/memberaccount/${memberId}/account/987654/overview`);
    expect(theirs).toEqual({ status: 403, body: nobody.body });
    expect(nobody.status).toBe(403);
  });
});
