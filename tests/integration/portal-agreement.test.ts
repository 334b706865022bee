import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgreementStatus } from '../../server/src/shared/agreement-status.js';
import { AGENT, MEMBER_LOCKED, MEMBER_RESIGNED, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  asRestCodes,
  accountWithStatus,
  codes,
  gql,
  memberIdOf,
  rest,
  session,
  sql,
  SUMMARY,
  type Session,
} from './portal-support.js';
import { modificationOf } from './biller-wizard.fixtures.js';

interface Approval {
  approveAgreement: {
    ok: boolean;
    errors: { code: string; field: string | null; message: string }[];
    agreement: { contractId: number; status: string; statusName: string } | null;
  };
}
interface View {
  agreement: {
    summary: { contractId: number; status: string };
    billers: { billerId: number }[];
    depositDates: string[];
    canApprove: boolean;
    paidByHand: { billerId: number; nickname: string; amount: string }[];
    forecast: { tone: string; headline: string; onTrack: boolean };
  };
}

const APPROVE = `mutation($id: Int!) { approveAgreement(agreementId: $id) { ok errors { code field message }
  agreement { contractId status statusName } } }`;
const VIEW = `query($id: Int!) { agreement(agreementId: $id) { summary { ${SUMMARY} } billers { billerId nickname }
  depositDates canApprove paidByHand { billerId nickname amount } forecast { tone headline onTrack } } }`;

let server: TestServer;
let member: Session;
let staff: Session;
let memberId: number;

beforeAll(async () => {
  server = await startTestServer();
  member = await session(server, MEMBER_TWO_ACCOUNTS);
  staff = await session(server, AGENT);
  memberId = Number(member.memberId);
});
afterAll(() => server?.stop());

async function statusOf(agreementId: number) {
  const [row] = await sql<{ status: number; member_approved_at: Date | null }>(
    server,
    'select status, member_approved_at from agreement where id = ?',
    [agreementId],
  );
  return row;
}

async function activityCount(agreementId: number): Promise<number> {
  const [row] = await sql<{ n: number }>(server, 'select count(*)::int as n from activity where agreement_id = ?', [
    agreementId,
  ]);
  return Number(row.n);
}

describe('agreement (the view-agreement page)', () => {
  it('shows a pending agreement read-only, with its next deposits, approvable by the member only', async () => {
    const { agreementId } = await accountWithStatus(server, memberId, 0);
    const mine = (await gql<View>(server, member, VIEW, { id: agreementId })).data!.agreement;
    expect(mine.summary).toMatchObject({ contractId: agreementId, status: 'PendingApproval' });
    expect(mine.canApprove).toBe(true);
    expect(mine.billers.length).toBeGreaterThan(0);
    expect(mine.depositDates.length).toBeGreaterThan(0);
    expect(mine.depositDates.length).toBeLessThanOrEqual(12);
    expect(mine.depositDates).toEqual([...mine.depositDates].sort());
    expect(mine.depositDates[0] >= server.app.services.clock.today()).toBe(true);
    // What the member approves to pay by hand, and the projection's forecast of the agreement (issue 26 item 6).
    expect(mine.paidByHand.every((b) => mine.billers.some((all) => all.billerId === b.billerId))).toBe(true);
    expect(['onTrack', 'short']).toContain(mine.forecast.tone);
    expect(mine.forecast.headline).not.toBe('');
    expect((await gql<View>(server, staff, VIEW, { id: agreementId })).data!.agreement.canApprove).toBe(false);
  });

  it('refuses another member’s agreement exactly like one that does not exist', async () => {
    const other = await accountWithStatus(server, await memberIdOf(server, '100002'), 4);
    const theirs = await gql(server, member, VIEW, { id: other.agreementId });
    const nobody = await gql(server, member, VIEW, { id: 987_654 });
    expect(codes(theirs)).toEqual(['FORBIDDEN']);
    expect(theirs).toEqual(nobody);
    expect(codes(await gql(server, staff, VIEW, { id: 987_654 }))).toEqual(['NOT_FOUND']);
  });

  it('names the account’s current version on a replaced one (the page links to it), and none on the current one', async () => {
    const CURRENT =
      'query($id: Int!) { agreement(agreementId: $id) { summary { contractId status } currentVersionId } }';
    type Current = { agreement: { summary: { contractId: number; status: string }; currentVersionId: number | null } };
    // A version a later one replaced (renewed or modified), as the demo's history holds.
    const [replaced] = await sql<{ id: number; account_id: number }>(
      server,
      `select p.id, p.account_id from agreement g join agreement p on p.id = g.previous_id
       where p.status = ${AgreementStatus.Renewed} order by p.id limit 1`,
    );
    const old = (await gql<Current>(server, staff, CURRENT, { id: replaced.id })).data!.agreement;
    expect(old.currentVersionId).not.toBeNull();
    expect(old.currentVersionId).not.toBe(replaced.id);
    const current = (await gql<Current>(server, staff, CURRENT, { id: old.currentVersionId })).data!.agreement;
    expect(current.currentVersionId).toBeNull();
    const [{ account_id: accountOfCurrent }] = await sql<{ account_id: number }>(
      server,
      'select account_id from agreement where id = ?',
      [old.currentVersionId],
    );
    expect(accountOfCurrent).toBe(replaced.account_id);
    expect(['Renewed', 'Cancelled', 'Expired']).not.toContain(current.summary.status);
  });
});

describe('approveAgreement', () => {
  it('refuses staff approving for the member, changing nothing', async () => {
    const { agreementId } = await accountWithStatus(server, memberId, 0);
    const before = await activityCount(agreementId);
    const body = await gql<Approval>(server, staff, APPROVE, { id: agreementId });
    expect(body.data!.approveAgreement).toMatchObject({
      ok: false,
      agreement: null,
      errors: [{ code: 'STAFF_CANNOT_APPROVE', field: 'agreementId' }],
    });
    expect(await statusOf(agreementId)).toEqual({ status: 0, member_approved_at: null });
    expect(await activityCount(agreementId)).toBe(before);
  });

  it('refuses an agreement that is not waiting for approval, and another member’s', async () => {
    const active = await accountWithStatus(server, memberId, 7);
    const body = await gql<Approval>(server, member, APPROVE, { id: active.agreementId });
    expect(body.data!.approveAgreement).toMatchObject({ ok: false, errors: [{ code: 'NOT_AWAITING_APPROVAL' }] });
    expect((await statusOf(active.agreementId)).status).toBe(7);
    const other = await accountWithStatus(server, await memberIdOf(server, '100002'), 4);
    const theirs = await gql(server, member, APPROVE, { id: other.agreementId });
    expect(codes(theirs)).toEqual(['FORBIDDEN']);
    expect(theirs).toEqual(await gql(server, member, APPROVE, { id: 987_654 }));
  });

  it('approves a new agreement (0 → 2, queued to be applied) once, recording when, an activity and its apply job', async () => {
    const { agreementId } = await accountWithStatus(server, memberId, 0);
    const before = await activityCount(agreementId);
    const body = await gql<Approval>(server, member, APPROVE, { id: agreementId });
    expect(body.data!.approveAgreement).toEqual({
      ok: true,
      errors: [],
      agreement: { contractId: agreementId, status: 'Queued', statusName: 'Queued' },
    });
    const after = await statusOf(agreementId);
    expect(after.status).toBe(2);
    expect(after.member_approved_at).not.toBeNull();
    expect(await activityCount(agreementId)).toBe(before + 1);
    const [activity] = await sql<{ type: number; member_id: number; details: string }>(
      server,
      'select type, member_id, details from activity where agreement_id = ? order by id desc limit 1',
      [agreementId],
    );
    expect(activity).toMatchObject({ type: 6, member_id: memberId });
    expect(activity.details).toContain('approved');
    const again = await gql<Approval>(server, member, APPROVE, { id: agreementId });
    expect(again.data!.approveAgreement.errors.map((e) => e.code)).toEqual(['NOT_AWAITING_APPROVAL']);
    expect(await activityCount(agreementId)).toBe(before + 1);
  });

  it('approves a modification staff sent to the member (9 → 2, queued), logged as an agreement modification; not before', async () => {
    const locked = await session(server, MEMBER_LOCKED);
    const { versionId: agreementId } = await modificationOf(server, MEMBER_LOCKED[0]);
    const early = await gql<Approval>(server, locked, APPROVE, { id: agreementId });
    expect(early.data!.approveAgreement.errors.map((e) => e.code)).toEqual(['NOT_SENT_TO_MEMBER']);
    // Staff sent it (save all: activated_by_id).
    await sql(
      server,
      "update agreement set activated_at = now(), activated_by_id = (select id from app_user where username = 'agent') where id = ?",
      [agreementId],
    );
    // The member reviews it on its own page: a change on its way, not a version replaced by the one in force (the page
    // said "This is not the current version of the agreement: agreement 7 is." above the review it asks them to decide).
    const review = await gql<{ agreement: { currentVersionId: number | null } }>(
      server,
      locked,
      'query($id: Int!) { agreement(agreementId: $id) { currentVersionId } }',
      { id: agreementId },
    );
    expect(review.data!.agreement.currentVersionId).toBeNull();
    const body = await gql<Approval>(server, locked, APPROVE, { id: agreementId });
    expect(body.data!.approveAgreement).toMatchObject({ ok: true, agreement: { status: 'Queued' } });
    const [activity] = await sql<{ type: number }>(
      server,
      'select type from activity where agreement_id = ? order by id desc limit 1',
      [agreementId],
    );
    expect(activity.type).toBe(8);
  });

  it('refuses a resigned member with the spec’s message', async () => {
    const resigned = await session(server, MEMBER_RESIGNED);
    const { agreementId } = await accountWithStatus(server, Number(resigned.memberId), 7);
    await sql(server, 'update agreement set status = 0 where id = ?', [agreementId]);
    const body = await gql<Approval>(server, resigned, APPROVE, { id: agreementId });
    expect(body.data!.approveAgreement.errors).toEqual([
      {
        code: 'MEMBERSHIP_RESIGNED',
        field: 'agreementId',
        message: 'This membership has been resigned. Activity is therefore suspended on this agreement.',
      },
    ]);
    expect((await statusOf(agreementId)).status).toBe(0);
  });
});

describe('GET /api/contracts/{id} and /api/contracts/unavailablerainydayamount (spec 3 §7)', () => {
  const HELD = `query($id: Int!) { unavailableRainyDayAmount(agreementId: $id) }`;

  /** Any agreement of the member's accounts (the tests above move their statuses). */
  async function agreementOf(of: number): Promise<number> {
    const [row] = await sql<{ id: number }>(
      server,
      `select g.id from agreement g join member_account_link l on l.account_id = g.account_id
       where l.member_id = ? order by g.id desc limit 1`,
      [of],
    );
    return Number(row.id);
  }

  it('answers the view-agreement page’s agreement, money in dollars as GraphQL gives it', async () => {
    const agreementId = await agreementOf(memberId);
    const viaGraphql = (await gql<View>(server, member, VIEW, { id: agreementId })).data!.agreement;
    const viaRest = await rest(server, member, `/api/contracts/${agreementId}`);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toMatchObject({
      summary: asRestCodes(viaGraphql.summary),
      depositDates: viaGraphql.depositDates,
      canApprove: viaGraphql.canApprove,
    });
    expect((viaRest.body as View['agreement']).billers.map((b) => b.billerId)).toEqual(
      viaGraphql.billers.map((b) => b.billerId),
    );
  });

  it('answers the rainy day held back, the same on both APIs', async () => {
    const agreementId = await agreementOf(memberId);
    await sql(server, 'update agreement set rainy_day_unavailable_amount = 12.5 where id = ?', [agreementId]);
    const graphql = await gql<{ unavailableRainyDayAmount: string }>(server, member, HELD, { id: agreementId });
    expect(graphql.data!.unavailableRainyDayAmount).toBe('12.50');
    const response = await fetch(`${server.url}/api/contracts/unavailablerainydayamount?contractId=${agreementId}`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('12.50'); // dollars, two decimals, as the old client read it
  });

  it('refuses another member’s agreement like one that does not exist, and a contract id that is not one', async () => {
    const other = await agreementOf(await memberIdOf(server, '100002'));
    for (const path of [`/api/contracts/${other}`, `/api/contracts/unavailablerainydayamount?contractId=${other}`]) {
      const theirs = await rest(server, member, path);
      expect(theirs.status).toBe(403);
      expect(theirs).toEqual(await rest(server, member, path.replace(String(other), '987654')));
    }
    expect((await rest(server, member, '/api/contracts/unavailablerainydayamount?contractId=abc')).status).toBe(400);
    expect((await rest(server, staff, '/api/contracts/987654')).status).toBe(404);
  });

  it('leaves the other /api/contracts/<word> reads where they were', async () => {
    expect((await rest(server, member, '/api/contracts/getbillsumosupportcontact')).status).toBe(200);
  });
});
