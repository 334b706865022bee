import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let agent: string;

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.token(...AGENT);
});
afterAll(() => server?.stop());

interface Found {
  memberNumber: string;
  firstName: string;
  lastName: string;
  accounts: { accountNumber: string; status: string }[];
}

const SEARCH = `query($s: String!, $n: Int) { searchMembers(searchString: $s, resultCount: $n) {
  memberId memberNumber firstName lastName email isActive accounts { accountId accountNumber status } } }`;
const BY_NUMBER = `query($a: String!, $n: Int) { membersByAccountNumber(accountNumber: $a, maxResults: $n) {
  memberNumber accounts { accountNumber } } }`;

async function search(searchString: string, resultCount?: number, token = agent): Promise<Found[]> {
  const { body } = await server.graphql<{ searchMembers: Found[] }>(SEARCH, { s: searchString, n: resultCount }, token);
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.searchMembers;
}

async function rest(path: string, token = agent) {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe('searchMembers', () => {
  it('finds members by number, first or last name, full name and email, whatever the case', async () => {
    for (const text of ['100001', 'olivia', 'NGUYEN', 'Olivia Ngu', 'livi']) {
      expect(
        (await search(text)).map((m) => m.memberNumber),
        text,
      ).toContain('100001');
    }
  });

  it('puts the member whose number is the text first, with their accounts', async () => {
    const [first] = await search('100002');
    expect(first).toMatchObject({ memberNumber: '100002', firstName: 'Jack', lastName: 'Williams' });
    expect(first.accounts.length).toBeGreaterThan(0);
  });

  it('answers nothing below 3 characters and takes wildcards literally', async () => {
    expect(await search('ol')).toEqual([]);
    expect(await search('  a ')).toEqual([]);
    expect(await search('%%%')).toEqual([]);
    expect(await search('___')).toEqual([]);
  });

  it('answers at most 20, or fewer when asked', async () => {
    expect((await search('100', 2)).length).toBeLessThanOrEqual(2);
    expect((await search('100', 500)).length).toBeLessThanOrEqual(20);
    expect((await search('100')).length).toBeLessThanOrEqual(20);
  });

  it('is for staff and reporters only', async () => {
    expect((await search('olivia', 5, await server.token(...REPORTER))).length).toBeGreaterThan(0);
    const member = await server.token(...MEMBER_TWO_ACCOUNTS);
    const { body } = await server.graphql(SEARCH, { s: 'olivia' }, member);
    expect(body.data).toBeNull();
    expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('membersByAccountNumber', () => {
  it('finds the holders of an account by its number (and by its first digits)', async () => {
    const [olivia] = await search('100001');
    const number = olivia.accounts[0].accountNumber;
    const { body } = await server.graphql<{ membersByAccountNumber: Found[] }>(BY_NUMBER, { a: number }, agent);
    expect(body.data?.membersByAccountNumber[0].memberNumber).toBe('100001');
    const prefix = await server.graphql<{ membersByAccountNumber: Found[] }>(
      BY_NUMBER,
      { a: number.slice(0, -1), n: 3 },
      agent,
    );
    expect(prefix.body.data?.membersByAccountNumber.length).toBeGreaterThan(0);
    expect(prefix.body.data?.membersByAccountNumber.length).toBeLessThanOrEqual(3);
  });

  it('rejects a non-numeric account number with a clear error', async () => {
    const { body } = await server.graphql(BY_NUMBER, { a: '12ab' }, agent);
    expect(body.errors?.[0]).toMatchObject({
      message: 'The account number must be digits only.',
      extensions: { code: 'BAD_USER_INPUT', field: 'accountNumber' },
    });
  });
});

describe('the REST paths of the member search and listings', () => {
  it('answers GetAllForSearch and GetByNumber as GraphQL does', async () => {
    const found = await rest('/api/members/GetAllForSearch?searchString=olivia&resultCount=5');
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject(await search('olivia', 5));
    expect((await rest('/api/members/getallforsearch?searchString=ol')).body).toEqual([]);
    const bad = await rest('/api/members/GetByNumber/12ab/5');
    expect(bad).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT' } });
    const member = await server.token(...MEMBER_TWO_ACCOUNTS);
    expect((await rest('/api/members/GetAllForSearch?searchString=olivia', member)).status).toBe(403);
  });

  it('lists members for staff, with every link when asked', async () => {
    const plain = await rest('/api/members');
    expect(plain.status).toBe(200);
    expect(Number(plain.headers.get('x-total-count'))).toBeGreaterThanOrEqual(5);
    const withLinks = (await rest('/api/members?allLinks=true')).body as { memberNumber: string; links: unknown[] }[];
    const olivia = withLinks.find((m) => m.memberNumber === '100001');
    expect(olivia?.links.length).toBeGreaterThanOrEqual(2);
  });

  it('answers a member their complete information and their account’s members', async () => {
    const body = await server.signIn(...MEMBER_TWO_ACCOUNTS);
    const token = String(body.access_token);
    const info = await rest(`/api/members/getCompleteMemberInformation/${String(body.memberId)}`, token);
    expect(info.status).toBe(200);
    const { accounts } = info.body as { accounts: { accountId: number }[] };
    const members = await rest(`/api/accounts/${accounts[0].accountId}/members`, token);
    expect(members.body).toEqual([expect.objectContaining({ memberNumber: '100001' })]);
    const links = await rest(
      `/api/memberaccountlink?memberId=${String(body.memberId)}&accountId=${accounts[0].accountId}`,
    );
    expect(links.body).toMatchObject({ accountId: accounts[0].accountId, isActive: true });
    expect((await rest(`/api/memberaccountlink?memberId=${String(body.memberId)}`, token)).status).toBe(403);
  });
});
