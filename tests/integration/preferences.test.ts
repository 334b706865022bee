import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ACCESS } from '../../server/src/common/auth/access.js';
import { PREFERENCES_MESSAGES } from '../../server/src/shared/preferences/preferences.rules.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_NO_AGREEMENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The preferences step (spec 3 §2-§5) and the member's own preferences on the profile page, over GraphQL and REST:
 * the defaults (Email if an e-mail exists, else Sms if a mobile, else None; every event on), both contactability
 * messages, bad input and another member's ids refused with nothing written.
 */

let server: TestServer;
let agent: string;
let member: string;
let contractId: number;
let accountMembers: { id: number; email: string | null; mobile_phone: string | null }[];
let olivia: { memberId: number; accountId: number; agreementId: number };
let jack: { memberId: number; accountId: number };

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return server.app.database.orm.em.fork().execute<T[]>(text, params);
}

async function footprint() {
  const [row] = await sql<Record<string, string>>(
    `select (select count(*) from contract_preferences) as contracts,
       (select coalesce(sum(xmin::text::bigint), 0) from contract_preferences) as contract_x,
       (select count(*) from member_notification_preference) as members,
       (select coalesce(sum(xmin::text::bigint), 0) from member_notification_preference) as member_x,
       (select coalesce(sum(xmin::text::bigint), 0) from biller) as biller_x`,
  );
  return row;
}

const VIEW = `contractId stored branchId branches { branchId name } members { memberId firstName email mobilePhone
  notificationPreference branch } events { key label subscribed } billers { billerId isNotificationEnabled }`;

type View = {
  contractId: number;
  stored: boolean;
  branchId: number | null;
  branches: { branchId: number; name: string }[];
  members: { memberId: number; notificationPreference: string; email: string | null; mobilePhone: string | null }[];
  events: { key: string; label: string; subscribed: boolean }[];
};
type Errors = { code: string; field: string | null; message: string }[];

async function save(input: Record<string, unknown>, token = agent) {
  const { body } = await server.graphql<{ r: { preferences: View | null; errors: Errors } }>(
    `mutation($input: ContractPreferencesInput!) { r: saveContractPreferences(input: $input) { preferences { ${VIEW} } errors { code field message } } }`,
    { input },
    token,
  );
  return body;
}

async function saveProfile(input: Record<string, unknown>, token = member) {
  const { body } = await server.graphql<{ r: { message: string | null; errors: Errors } }>(
    'mutation($input: ProfilePreferencesInput!) { r: saveProfilePreferences(input: $input) { message errors { code field message } } }',
    { input },
    token,
  );
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

async function accountOf(memberNumber: string, status: number | null) {
  const [row] = await sql<{ member_id: number; account_id: number; agreement_id: number | null }>(
    `select m.id as member_id, l.account_id, g.id as agreement_id from member m
     join member_account_link l on l.member_id = m.id
     left join agreement g on g.account_id = l.account_id and g.status = ?
     where m.member_number = ? and (? :: int is null or g.id is not null) order by l.account_id limit 1`,
    [status ?? -1, memberNumber, status],
  );
  return {
    memberId: Number(row.member_id),
    accountId: Number(row.account_id),
    agreementId: Number(row.agreement_id ?? 0),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.token(...AGENT);
  member = await server.token(...MEMBER_TWO_ACCOUNTS);
  const newcomer = await accountOf(MEMBER_NO_AGREEMENT[0], null);
  const { body } = await server.graphql<{ r: { wizard: { agreementId: number } } }>(
    'mutation($m: Int!, $a: Int!) { r: startNewAgreement(memberId: $m, accountId: $a) { wizard { agreementId } errors { message } } }',
    { m: newcomer.memberId, a: newcomer.accountId },
    agent,
  );
  contractId = body.data!.r.wizard.agreementId;
  accountMembers = await sql(
    `select m.id, m.email, m.mobile_phone from member_account_link l join member m on m.id = l.member_id
     where l.account_id = ? and l.is_active order by l.is_primary desc, l.id`,
    [newcomer.accountId],
  );
  olivia = await accountOf(MEMBER_TWO_ACCOUNTS[0], 7);
  jack = await accountOf(MEMBER_MISSED_DEPOSIT[0], null);
});
afterAll(async () => {
  await server?.stop();
});

describe('the preferences step (Create step 6, Modify step 5)', () => {
  it('shows the defaults before anything is saved: Email where an e-mail exists, every event subscribed', async () => {
    const { body } = await server.graphql<{ p: View }>(
      `query($id: Int!) { p: contractPreferences(contractId: $id) { ${VIEW} } }`,
      { id: contractId },
      agent,
    );
    const view = body.data!.p;
    expect(view.stored).toBe(false);
    expect(view.members.map((m) => m.memberId)).toEqual(accountMembers.map((m) => Number(m.id)));
    for (const m of view.members) {
      expect(m.notificationPreference).toBe(m.email ? 'Email' : m.mobilePhone ? 'Sms' : 'None');
    }
    expect(view.events.map((e) => [e.label, e.subscribed])).toEqual([
      ['Missed deposit', true],
      ['Bill payment failed or technically difficult', true],
      ['Agreement due for renewal', true],
      ['Agreement changed or cancelled', true],
      ['Short-paid bill', true],
    ]);
  });

  it('refuses when nobody is contactable, with the spec’s message, writing nothing', async () => {
    const before = await footprint();
    const body = await save({
      contractId,
      members: accountMembers.map((m) => ({ memberId: Number(m.id), notificationPreference: 'None' })),
    });
    expect(body.data?.r.errors).toEqual([
      { code: 'NO_MEMBER_CONTACTABLE', field: 'notificationPreference', message: PREFERENCES_MESSAGES.noneContactable },
    ]);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a member chosen by Email with neither an e-mail nor a mobile, with the spec’s message', async () => {
    const first = accountMembers[0];
    await sql('update member set email = null, mobile_phone = null where id = ?', [first.id]);
    try {
      const before = await footprint();
      const body = await save({
        contractId,
        members: [{ memberId: Number(first.id), notificationPreference: 'Email' }],
      });
      expect(body.data?.r.errors.map((e) => e.message)).toContain(PREFERENCES_MESSAGES.contactDetailsMissing);
      expect(await footprint()).toEqual(before);
    } finally {
      await sql('update member set email = ?, mobile_phone = ? where id = ?', [
        first.email,
        first.mobile_phone,
        first.id,
      ]);
    }
  });

  it('refuses bad input over REST (an unknown preference, someone not on the account, an unknown event), writing nothing', async () => {
    const before = await footprint();
    const path = `/api/contractpreferences?contractId=${contractId}`;
    const bad = await rest('PUT', path, [{ memberId: Number(accountMembers[0].id), notificationPreference: 'Post' }]);
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PREFERENCE', message: PREFERENCES_MESSAGES.invalidPreference },
    });
    const stranger = await rest('POST', path, { members: [{ memberId: olivia.memberId, notificationPreference: 1 }] });
    expect(stranger).toMatchObject({ status: 400, body: { code: 'NOT_A_MEMBER' } });
    const event = await rest('PUT', path, {
      members: [{ memberId: Number(accountMembers[0].id), notificationPreference: 'Email' }],
      events: [{ key: 'notifyEverything', subscribed: true }],
    });
    expect(event).toMatchObject({ status: 400, body: { code: 'UNKNOWN_EVENT' } });
    const badId = await rest('PUT', `/api/contractpreferences?contractId=abc`, []);
    expect(badId.status).toBe(400);
    expect(await footprint()).toEqual(before);
  });

  it('creates the preferences on the first save (the members not sent keep their default) and updates them after', async () => {
    const [branch] = await sql<{ id: number }>('select id from branch where is_active order by id limit 1');
    const first = accountMembers[0];
    const created = await rest('POST', `/api/contractpreferences?contractId=${contractId}`, {
      branchId: Number(branch.id),
      members: [{ memberId: Number(first.id), notificationPreference: 'Sms' }],
      events: [{ key: 'notifyRenewalDue', subscribed: false }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ contractId, stored: true, branchId: Number(branch.id) });
    const rows = await sql<{ member_id: number; notification_preference: number }>(
      'select member_id, notification_preference from member_notification_preference where agreement_id = ? order by member_id',
      [contractId],
    );
    expect(rows.length).toBe(accountMembers.length);
    expect(rows.find((r) => Number(r.member_id) === Number(first.id))?.notification_preference).toBe(2);
    const got = await rest('GET', `/api/contractpreferences?contractId=${contractId}`);
    const events = (got.body.events as { key: string; subscribed: boolean }[]).filter((e) => !e.subscribed);
    expect(events.map((e) => e.key)).toEqual(['notifyRenewalDue']);
    const updated = await save({
      contractId,
      members: [{ memberId: Number(first.id), notificationPreference: 'Email' }],
    });
    expect(updated.data?.r.errors).toEqual([]);
    expect(updated.data?.r.preferences?.members[0].notificationPreference).toBe('Email');
  });

  it('refuses another member’s agreement and an agreement not open in the wizard, writing nothing', async () => {
    const before = await footprint();
    const asMember = await save(
      { contractId, members: [{ memberId: Number(accountMembers[0].id), notificationPreference: 'Email' }] },
      member,
    );
    expect(asMember.errors?.[0].message).toBe(NO_ACCESS);
    const restMember = await rest('GET', `/api/contractpreferences?contractId=${contractId}`, undefined, member);
    expect(restMember.status).toBe(403);
    const closed = await save({ contractId: olivia.agreementId, members: [] });
    expect(closed.data?.r.errors[0].code).toBe('WIZARD_CLOSED');
    expect(await footprint()).toEqual(before);
  });
});

describe('the member’s own preferences on the profile page', () => {
  it('saves the member’s contact method and answers the spec’s success message', async () => {
    const body = await saveProfile({
      memberId: olivia.memberId,
      accountId: olivia.accountId,
      notificationPreference: 'Sms',
      depositReminders: false,
    });
    expect(body.data?.r).toEqual({ message: 'You have successfully updated your profile.', errors: [] });
    const [row] = await sql<{ notification_preference: number }>(
      `select p.notification_preference from member_notification_preference p join agreement g on g.id = p.agreement_id
       where g.account_id = ? and g.status = 7 and p.member_id = ?`,
      [olivia.accountId, olivia.memberId],
    );
    expect(row.notification_preference).toBe(2);
    const profile = await server.graphql<{ profile: { notificationPreferences: Record<string, boolean> } }>(
      'query($m: Int!, $a: Int!) { profile(memberId: $m, accountId: $a) { notificationPreferences { email sms depositReminders } } }',
      { m: olivia.memberId, a: olivia.accountId },
      member,
    );
    expect(profile.body.data?.profile.notificationPreferences).toEqual({
      email: false,
      sms: true,
      depositReminders: false,
    });
  });

  it('refuses another member’s preferences and a bad choice, writing nothing', async () => {
    const before = await footprint();
    const other = await saveProfile({
      memberId: jack.memberId,
      accountId: jack.accountId,
      notificationPreference: 'Email',
    });
    expect(other.errors?.[0].message).toBe(NO_ACCESS);
    const mixed = await saveProfile({
      memberId: olivia.memberId,
      accountId: jack.accountId,
      notificationPreference: 'Email',
    });
    expect(mixed.errors?.[0].message).toBe(NO_ACCESS);
    const none = await saveProfile({
      memberId: olivia.memberId,
      accountId: olivia.accountId,
      notificationPreference: 'None',
    });
    const [{ n }] = await sql<{ n: string }>(
      'select count(*) as n from member_account_link where account_id = ? and is_active',
      [olivia.accountId],
    );
    if (Number(n) === 1) {
      // Olivia alone on her account: None leaves nobody contactable.
      expect(none.data?.r.errors[0].message).toBe(PREFERENCES_MESSAGES.noneContactable);
      expect(await footprint()).toEqual(before);
    } else {
      expect(none.data?.r.errors).toEqual([]);
    }
  });
});
