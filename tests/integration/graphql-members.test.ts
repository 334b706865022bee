import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT,
  MEMBER_MISSED_DEPOSIT,
  MEMBER_NO_ACCOUNT,
  MEMBER_RESIGNED,
  MEMBER_TWO_ACCOUNTS,
} from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function session(login: readonly [string, string]) {
  const body = await server.signIn(...login);
  return { token: String(body.access_token), memberId: Number(body.memberId) };
}

describe('accounts and members over GraphQL', () => {
  it('lists a member’s accounts with the status the select-account page routes by', async () => {
    const { token, memberId } = await session(MEMBER_TWO_ACCOUNTS);
    const { body } = await server.graphql<{ accountList: { status: string; agreementId: number | null }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId status agreementId isActive } }',
      { m: memberId },
      token,
    );
    expect(body.data?.accountList.map((a) => a.status)).toEqual(['Active', 'Pending']);
    expect(body.data?.accountList.every((a) => typeof a.agreementId === 'number')).toBe(true);
  });

  it('lists no accounts for a member without one', async () => {
    const { token, memberId } = await session(MEMBER_NO_ACCOUNT);
    const { body } = await server.graphql(
      'query($m: Int!) { accountList(memberId: $m) { accountId } }',
      { m: memberId },
      token,
    );
    expect(body.data).toEqual({ accountList: [] });
  });

  it('shows a missed deposit account as InArrears and a resigned member as resigned', async () => {
    const arrears = await session(MEMBER_MISSED_DEPOSIT);
    const list = await server.graphql<{ accountList: { accountId: number; status: string }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId status } }',
      { m: arrears.memberId },
      arrears.token,
    );
    expect(list.body.data?.accountList[0].status).toBe('InArrears');

    const resigned = await session(MEMBER_RESIGNED);
    const member = await server.graphql(
      'query($m: Int!) { member(memberId: $m) { isResigned } }',
      { m: resigned.memberId },
      resigned.token,
    );
    expect(member.body.data).toEqual({ member: { isResigned: true } });
  });

  it('names each account’s standing in one place: the list, the member account and the overview agree', async () => {
    const two = await session(MEMBER_TWO_ACCOUNTS);
    const list = await server.graphql<{ accountList: { statusName: string }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { statusName } }',
      { m: two.memberId },
      two.token,
    );
    expect(list.body.data?.accountList.map((a) => a.statusName)).toEqual(['Active', 'Pending approval']);

    // The resigned member's agreement is active (7), but activity is suspended: no screen may call it Active.
    const resigned = await session(MEMBER_RESIGNED);
    const accounts = await server.graphql<{ accountList: { accountId: number; status: string; statusName: string }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId status statusName } }',
      { m: resigned.memberId },
      resigned.token,
    );
    const [account] = accounts.body.data!.accountList;
    expect(account.statusName).toBe('Suspended: membership resigned');
    const views = await server.graphql<{
      memberAccount: { statusName: string };
      accountOverview: { agreement: { status: string; statusName: string } };
    }>(
      `query($m: Int!, $a: Int!) { memberAccount(memberId: $m, accountId: $a) { statusName }
         accountOverview(memberId: $m, accountId: $a) { agreement { status statusName } } }`,
      { m: resigned.memberId, a: account.accountId },
      resigned.token,
    );
    expect(views.body.data).toEqual({
      memberAccount: { statusName: 'Suspended: membership resigned' },
      accountOverview: { agreement: { status: 'Active', statusName: 'Suspended: membership resigned' } },
    });
  });

  it('answers the member area’s parent data, with the link', async () => {
    const { token, memberId } = await session(MEMBER_TWO_ACCOUNTS);
    const list = await server.graphql<{ accountList: { accountId: number }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId } }',
      { m: memberId },
      token,
    );
    const accountId = list.body.data!.accountList[0].accountId;
    const { body } = await server.graphql(
      'query($m: Int!, $a: Int!) { memberAccount(memberId: $m, accountId: $a) { accountId status agreementStatus link { isActive } members { memberNumber } } }',
      { m: memberId, a: accountId },
      token,
    );
    expect(body.data).toEqual({
      memberAccount: {
        accountId,
        status: 'Active',
        agreementStatus: 'Active',
        link: { isActive: true },
        members: [{ memberNumber: '100001' }],
      },
    });
  });

  it("refuses a member another member's account, whether or not it exists, with no data", async () => {
    const me = await session(MEMBER_TWO_ACCOUNTS);
    const other = await session(MEMBER_MISSED_DEPOSIT);
    const otherAccounts = await server.graphql<{ accountList: { accountId: number }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId } }',
      { m: other.memberId },
      other.token,
    );
    const otherAccountId = otherAccounts.body.data!.accountList[0].accountId;
    const query = 'query($m: Int!, $a: Int!) { memberAccount(memberId: $m, accountId: $a) { accountNumber } }';
    const attempts = [
      { m: me.memberId, a: otherAccountId },
      { m: other.memberId, a: otherAccountId },
      { m: me.memberId, a: 999_999 },
    ];
    for (const variables of attempts) {
      const { body } = await server.graphql(query, variables, me.token);
      expect(body.data).toBeNull();
      expect(body.errors?.[0]).toMatchObject({
        message: 'You do not have access to this member or account.',
        extensions: { code: 'FORBIDDEN' },
      });
    }
  });

  it("rejects a bad account id with 'Invalid accountId.'", async () => {
    const { token, memberId } = await session(MEMBER_TWO_ACCOUNTS);
    const { body } = await server.graphql(
      'query($m: Int!) { memberAccount(memberId: $m, accountId: 0) { accountId } }',
      { m: memberId },
      token,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: 'Invalid accountId.',
      extensions: { code: 'INVALID_ACCOUNT_ID' },
    });
  });

  it('gates staff-only fields per field: null and FORBIDDEN for a member, a value for staff', async () => {
    const me = await session(MEMBER_TWO_ACCOUNTS);
    const query = 'query($m: Int!) { member(memberId: $m) { memberNumber signInLocked } }';
    const asMember = await server.graphql(query, { m: me.memberId }, me.token);
    expect(asMember.body.data).toEqual({ member: { memberNumber: '100001', signInLocked: null } });
    expect(asMember.body.errors?.[0]).toMatchObject({
      path: ['member', 'signInLocked'],
      extensions: { code: 'FORBIDDEN' },
    });
    const asStaff = await server.graphql(query, { m: me.memberId }, await server.token(...AGENT));
    expect(asStaff.body).toEqual({ data: { member: { memberNumber: '100001', signInLocked: false } } });
  });

  it('registers interest publicly, returning field errors as data', async () => {
    const mutation =
      'mutation($i: RegisterInterestInput!) { registerInterest(input: $i) { ok errors { field code message } } }';
    const bad = await server.graphql(mutation, {
      i: { memberId: 0, fullName: '', email: 'x@y.z', mobilePhone: '0412345678' },
    });
    expect(bad.body.data).toEqual({
      registerInterest: {
        ok: false,
        errors: [{ field: 'fullName', code: 'REQUIRED', message: 'Please enter your full name.' }],
      },
    });
    const good = await server.graphql(mutation, {
      i: { memberId: 0, fullName: 'Grace Hopper', email: 'grace@example.com', mobilePhone: '+61412345678' },
    });
    expect(good.body.data).toEqual({ registerInterest: { ok: true, errors: [] } });
  });

  it('tells a member without an account that they already registered interest, and on which day', async () => {
    const { token, memberId } = await session(MEMBER_NO_ACCOUNT);
    const query = 'query($m: Int!) { member(memberId: $m) { interestRegisteredOn } }';
    const before = await server.graphql<{ member: { interestRegisteredOn: string | null } }>(
      query,
      { m: memberId },
      token,
    );
    expect(before.body.errors).toBeUndefined();
    const registered = await server.graphql(
      'mutation($i: RegisterInterestInput!) { registerInterest(input: $i) { ok } }',
      { i: { memberId, fullName: 'Noah Brown', email: 'noah.brown@example.com', mobilePhone: '0412345678' } },
    );
    expect(registered.body.data).toEqual({ registerInterest: { ok: true } });
    const after = await server.graphql<{ member: { interestRegisteredOn: string | null } }>(
      query,
      { m: memberId },
      token,
    );
    expect(after.body.data?.member.interestRegisteredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers public settings to anyone and refuses private queries without a session', async () => {
    const settings = await server.graphql(
      '{ serverSettings { institutionName contractApprovedOverDrawOfAmount } clientSettings { appVersion termsConfirmationChecklist } }',
    );
    expect(settings.body.data).toMatchObject({
      serverSettings: { institutionName: 'Harbourside Mutual Bank', contractApprovedOverDrawOfAmount: '5000.00' },
      clientSettings: { appVersion: '1.0.0.0.0' },
    });
    expect(
      (settings.body.data as { clientSettings: { termsConfirmationChecklist: string[] } }).clientSettings
        .termsConfirmationChecklist,
    ).toHaveLength(6);
    const me = await server.graphql('{ me { username } }');
    expect(me.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('gives the dashboard’s release {ip} label to staff only, with this server’s address written in', async () => {
    const query = '{ clientSettings { staffDashboard { releaseLabel } } }';
    const anonymous = await server.graphql(query);
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const member = await server.graphql(query, {}, (await session(MEMBER_TWO_ACCOUNTS)).token);
    expect(member.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const staff = await server.graphql<{ clientSettings: { staffDashboard: { releaseLabel: string } } }>(
      query,
      {},
      (await session(AGENT)).token,
    );
    expect(staff.body.data?.clientSettings.staffDashboard.releaseLabel).toMatch(/^release (?!\{ip\})\S+$/);
  });
});
