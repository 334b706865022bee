import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWrite, READ_ONLY_REFUSAL, READ_ONLY_WRITES } from '../../server/src/common/auth/access.rules.js';
import { restRoutes } from '../../server/src/rest/routes.js';
import { NO_ACCESS } from '../../server/src/common/auth/access.js';
import { MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { loadOtherMember, type OtherMember } from './cross-member.fixtures.js';
import { graphqlAttempts } from './cross-member.graphql.js';
import { restAttempts } from './cross-member.rest.js';

/**
 * Writes the issue found open (issue 21 item 2). The read-only REPORTER calls every mutation and every REST write
 * with a member's real ids: each is refused (FORBIDDEN, 403) before it runs, except its own sign-out and token
 * refresh. A member sending the same profile and support writes about another member's account is refused too
 * (the cross-member matrix checks every operation's refusal; here, that nothing changed).
 */

const ROLE_REFUSAL = 'You do not have access to this.';
/** Public forms anyone may send, signed in or not. */
const PUBLIC_WRITES = new Set(['Mutation.registerInterest', 'POST /api/members/registerinterest']);

let server: TestServer;
let token: string;
let member: OtherMember;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.token(...REPORTER);
  member = await loadOtherMember(server.app.database.orm.em.fork(), MEMBER_MISSED_DEPOSIT[0]);
});
afterAll(async () => {
  await server?.stop();
});

async function rest(
  method: string,
  url: string,
  body: unknown,
  as = token,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
    body: body === null ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

/** What the three writes of the issue would change: the member's preferences and the support mail queue. */
async function memberState(): Promise<unknown> {
  const em = server.app.database.orm.em.fork();
  const agreement = member.ids.agreement;
  return {
    contract: await em.execute('select * from contract_preferences where agreement_id = ?', [agreement]),
    members: await em.execute('select * from member_notification_preference where agreement_id = ? order by id', [
      agreement,
    ]),
    billers: await em.execute('select id, is_notification_enabled from biller where agreement_id = ? order by id', [
      agreement,
    ]),
    notifications: await em.execute('select count(*)::int as n from notification'),
  };
}

const SAVE_PROFILE = `mutation($input: ProfilePreferencesInput!) { saveProfilePreferences(input: $input) { message } }`;
const SUPPORT = `mutation($accountId: Int) {
  sendSupportMessage(message: "Turn their notices off", accountId: $accountId) { message } }`;

/** The three writes about the member's account, as `as`; each must be refused with `message`. */
async function expectRefused(as: string, memberId: number, message: string): Promise<void> {
  const before = await memberState();
  const input = {
    accountId: member.ids.account,
    memberId,
    notificationPreference: 'Sms',
    billReminders: false,
    depositReminders: false,
  };
  const saved = await server.graphql(SAVE_PROFILE, { input }, as);
  expect(saved.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'FORBIDDEN' } });
  expect(saved.body.data).toBeNull();
  const support = await server.graphql(SUPPORT, { accountId: member.ids.account }, as);
  expect(support.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'FORBIDDEN' } });
  const body = { message: 'About another member', accountId: member.ids.account };
  const mail = await rest('POST', '/api/notifications/sendemailtosupport', body, as);
  expect(mail).toEqual({ status: 403, json: { code: 'FORBIDDEN', message } });
  expect(await memberState()).toEqual(before);
}

describe('a member writing about another member’s account', () => {
  it('is refused the profile preferences and support messages, and nothing changes', async () => {
    const other = await server.token(...MEMBER_TWO_ACCOUNTS);
    const own = await loadOtherMember(server.app.database.orm.em.fork(), MEMBER_TWO_ACCOUNTS[0]);
    await expectRefused(other, member.ids.member!, NO_ACCESS);
    await expectRefused(other, own.ids.member!, NO_ACCESS);
  });
});

describe('the read-only REPORTER makes no change', () => {
  it('is refused the profile preferences and support messages of a member (the issue’s reproductions)', async () => {
    await expectRefused(token, member.ids.member!, READ_ONLY_REFUSAL);
  });

  it('is refused every mutation but its allow-list, before it runs', async () => {
    const sets = { B: { ids: member.ids, accountNumber: member.accountNumber } };
    const problems: string[] = [];
    const mutations = graphqlAttempts(server.app.schema, sets).filter((attempt) => attempt.kind === 'mutation');
    expect(mutations.length).toBeGreaterThan(30);
    for (const attempt of mutations) {
      if (READ_ONLY_WRITES.has(attempt.operation) || PUBLIC_WRITES.has(attempt.operation)) continue;
      const { body } = await server.graphql(attempt.document, attempt.variables.B, token);
      const error = body.errors?.[0];
      const refused =
        body.data === null &&
        error?.extensions?.code === 'FORBIDDEN' &&
        [READ_ONLY_REFUSAL, ROLE_REFUSAL].includes(error.message);
      if (!refused) problems.push(`${attempt.operation}: ${JSON.stringify(body).slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });

  it('is refused every REST write but its allow-list, before it runs', async () => {
    const sets = { B: { ids: member.ids, accountNumber: member.accountNumber, linkedAccountNumber: '' } };
    const problems: string[] = [];
    const writes = restAttempts(restRoutes, sets).filter((attempt) => isWrite(attempt.route));
    expect(writes.length).toBeGreaterThan(40);
    for (const attempt of writes) {
      if (READ_ONLY_WRITES.has(attempt.route) || PUBLIC_WRITES.has(attempt.route)) continue;
      const { url, body } = attempt.requests.B;
      const answer = await rest(attempt.method, url, body);
      const message = (answer.json as { message?: string } | null)?.message ?? '';
      if (answer.status !== 403 || ![READ_ONLY_REFUSAL, ROLE_REFUSAL].includes(message)) {
        problems.push(`${attempt.route}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('still refreshes its token and signs itself out', async () => {
    const signedIn = await server.signIn(...REPORTER);
    const refreshed = await fetch(`${server.url}/Token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: String(signedIn.refresh_token) }),
    });
    expect(refreshed.status).toBe(200);
    const { access_token: fresh } = (await refreshed.json()) as { access_token: string };
    const out = await server.graphql('mutation { logout }', {}, fresh);
    expect(out.body.errors).toBeUndefined();
    const after = await server.graphql('{ me { username } }', {}, fresh);
    expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
