import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOperation } from '../support/client-documents.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, gql, session, type Session } from './portal-support.js';

/** What the test reads of the overview's answer (the client's own document, OverviewPage). */
interface OverviewPageAnswer {
  clientSettings: { supportEmail: string } | null;
  institutionDay: { today: string } | null;
  memberAccount: { accountId: number } | null;
  accountOverview: {
    accountId: number;
    agreement: { contractId: number } | null;
    projection: { agreementId: number } | null;
    notes?: { noteId: number }[] | null;
  } | null;
  activities: { totalCount: number } | null;
}

/** The client's one overview query, as the browser sends it. */
const OVERVIEW_PAGE = clientOperation('OverviewPage');
const MEMBER_FILTERS = ['Payment', 'AgreementChange', 'Notification'];

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

function overviewPage(who: Session, variables: { staff: boolean; filters: string[]; pageSize?: number }) {
  return gql<OverviewPageAnswer>(server, who, OVERVIEW_PAGE, {
    memberId,
    accountId,
    page: 1,
    pageSize: 20,
    ...variables,
  });
}

describe('the overview’s one query (OverviewPage) with one part failing', () => {
  it('answers the rest of the page: the failed part is null with its own error at its path', async () => {
    // The activity list refuses a member the staff's Note filter (FORBIDDEN): a failure of that part on the server.
    const body = await overviewPage(member, { staff: false, filters: [...MEMBER_FILTERS, 'Note'] });
    expect(body.errors?.map((error) => [error.extensions?.code, (error as { path?: unknown }).path])).toEqual([
      ['FORBIDDEN', ['activities']],
    ]);
    expect(body.data?.activities).toBeNull();
    // The page's core came: the summary and its figures, the account, the settings and the day.
    expect(body.data?.accountOverview?.agreement?.contractId).toBe(agreementId);
    expect(body.data?.accountOverview?.projection?.agreementId).toBe(agreementId);
    expect(body.data?.memberAccount?.accountId).toBe(accountId);
    expect(body.data?.clientSettings?.supportEmail).toEqual(expect.any(String));
    expect(body.data?.institutionDay?.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers a bad page size of the list the same way: the list alone fails', async () => {
    const body = await overviewPage(member, { staff: false, filters: MEMBER_FILTERS, pageSize: 1000 });
    expect(body.errors?.map((error) => error.extensions?.code)).toEqual(['INVALID_PAGE_SIZE']);
    expect(body.data?.activities).toBeNull();
    expect(body.data?.accountOverview?.agreement?.contractId).toBe(agreementId);
  });

  it('answers whole when nothing fails: the member’s page, and staff’s with the notes (a field of their own)', async () => {
    const asMember = await overviewPage(member, { staff: false, filters: MEMBER_FILTERS });
    expect(asMember.errors).toBeUndefined();
    expect(asMember.data?.activities?.totalCount).toBeGreaterThan(0);
    expect(asMember.data?.accountOverview).not.toHaveProperty('notes');
    const asStaff = await overviewPage(staff, { staff: true, filters: [...MEMBER_FILTERS, 'Note'] });
    expect(asStaff.errors).toBeUndefined();
    expect(asStaff.data?.accountOverview?.notes).toEqual(expect.any(Array));
    expect(asStaff.data?.activities?.totalCount).toBeGreaterThan(0);
  });
});
