import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS, AGENT } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let memberToken: string;
let memberId: number;
let otherMemberId: number;

beforeAll(async () => {
  server = await startTestServer();
  const session = await server.signIn(...MEMBER_TWO_ACCOUNTS);
  memberToken = String(session.access_token);
  memberId = Number(session.memberId);
  otherMemberId = Number((await server.signIn(...MEMBER_MISSED_DEPOSIT)).memberId);
});
afterAll(() => server?.stop());

const get = (path: string, token?: string) =>
  fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('REST façade', () => {
  it('answers GET /api/settings without a token, with no-cache headers', async () => {
    const response = await get('/api/settings');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/no-cache/);
    expect(await response.json()).toMatchObject({
      billsumoFinancialInstitutionName: 'Harbourside Mutual Bank',
      businessUpperContractLimit: '50000.00',
      contractApprovedOverDrawOfAmount: '5000.00',
    });
  });

  it.each([
    '/api/members/1',
    '/api/memberaccount/getaccountlist?memberId=1',
    '/api/bills/getbillsdueforpayment/1/1',
    '/api/no/such/path',
    '/API/MEMBERS/1',
  ])('answers 401 to %s without a token', async (path) => {
    expect((await get(path)).status).toBe(401);
  });

  it('answers 401 to a forged token', async () => {
    expect((await get('/api/members/1', 'abc.def')).status).toBe(401);
  });

  it('matches paths case-insensitively, as old clients mix cases', async () => {
    const response = await get(`/api/MemberAccount/GetAccountList?memberId=${memberId}`, memberToken);
    expect(response.status).toBe(200);
    const accounts = (await response.json()) as { status: string }[];
    expect(accounts.map((a) => a.status)).toEqual(['Active', 'Pending']);
  });

  it('answers 404 to an unknown path with a token', async () => {
    expect((await get('/api/no/such/path', memberToken)).status).toBe(404);
  });

  it("refuses a member another member's records, the same way whether or not they exist", async () => {
    const other = await get(`/api/members/${otherMemberId}`, memberToken);
    const missing = await get('/api/members/999999', memberToken);
    expect(other.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(await other.json()).toEqual(await missing.json());
    expect((await get(`/api/memberaccount/getaccountlist?memberId=${otherMemberId}`, memberToken)).status).toBe(403);
  });

  it('lets staff read any member', async () => {
    const token = await server.token(...AGENT);
    const response = await get(`/api/members/${otherMemberId}`, token);
    expect(await response.json()).toMatchObject({ memberNumber: '100002', signInLocked: false });
  });

  it('answers isresigned as the text true or false', async () => {
    const response = await get(`/api/members/isresigned?id=${memberId}`, memberToken);
    expect(await response.text()).toBe('false');
  });

  it("rejects an id that is not a positive number with 'Invalid accountId.'", async () => {
    const response = await get(`/api/memberaccountlink/memberget?memberId=${memberId}&accountId=abc`, memberToken);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Invalid accountId.' });
  });

  describe('POST /api/members/registerinterest (public)', () => {
    const register = (body: Record<string, unknown>) =>
      fetch(`${server.url}/api/members/registerinterest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('stores a valid form sent by an old client in PascalCase', async () => {
      const response = await register({
        MemberId: 0,
        FullName: 'Ada Lovelace',
        Email: 'ada@example.com',
        MobilePhone: '0412 345 678',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, errors: [] });
      const rows = await server.app.database.orm.em
        .fork()
        .getConnection()
        .execute("select mobile_phone from interest_registration where email = 'ada@example.com'");
      expect(rows).toEqual([{ mobile_phone: '0412345678' }]);
    });

    it('refuses an invalid form, says why, and stores nothing', async () => {
      const response = await register({
        MemberId: 0,
        FullName: 'Bad Email',
        Email: 'not-an-email',
        MobilePhone: '0412345678',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        success: false,
        errors: [{ field: 'email', code: 'INVALID_EMAIL' }],
      });
      const rows = await server.app.database.orm.em
        .fork()
        .getConnection()
        .execute("select 1 from interest_registration where full_name = 'Bad Email'");
      expect(rows).toEqual([]);
    });
  });
});
