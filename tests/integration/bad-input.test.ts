import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/src/common/logger.js';
import { AGENT, MANAGER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 13 §3: bad input is refused at the edge (400 / BAD_USER_INPUT naming the field), never a 5xx, and
 * never reaches the logs; free texts are bounded; the public register-interest form is rate-limited.
 */
let server: TestServer;
let agentToken: string;
let managerToken: string;
const NUL = '\u0000';

beforeAll(async () => {
  server = await startTestServer();
  agentToken = await server.token(...AGENT);
  managerToken = await server.token(...MANAGER);
});
afterAll(() => server?.stop());

async function post(path: string, body: unknown, token?: string, type = 'application/json') {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function interestRows(): Promise<number> {
  const [row] = await server.app.database.orm.em
    .fork()
    .execute<{ n: number }[]>('select count(*)::int as n from interest_registration');
  return row.n;
}

describe('the edge rule over REST', () => {
  it('refuses a NUL in the username of POST /Token with a 400', async () => {
    const response = await post(
      '/Token',
      'grant_type=password&username=age%00nt&password=x',
      undefined,
      'application/x-www-form-urlencoded',
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_INPUT', field: 'username' });
    expect(String(response.body?.message)).toMatch(/username must not contain control characters/);
  });

  it.each([
    ['FullName', { MemberId: 0, FullName: `Ada${NUL}`, Email: 'ada@example.com', MobilePhone: '0412345678' }],
    ['Email', { MemberId: 0, FullName: 'Ada', Email: `ada${NUL}@example.com`, MobilePhone: '0412345678' }],
    ['MemberId', { MemberId: 99999999999, FullName: 'Ada', Email: 'ada@example.com', MobilePhone: '0412345678' }],
  ])('refuses register interest with a bad %s and stores nothing', async (field, body) => {
    const before = await interestRows();
    const response = await post('/api/members/registerinterest', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field });
    expect(await interestRows()).toBe(before);
  });

  it('refuses a member id beyond an integer given as text', async () => {
    const response = await post('/api/members/registerinterest', {
      MemberId: '99999999999',
      FullName: 'Ada',
      Email: 'ada@example.com',
      MobilePhone: '0412345678',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, errors: [{ field: 'memberId', code: 'INVALID_MEMBER' }] });
  });

  it('refuses control characters in a query string and in a path', async () => {
    const search = await fetch(`${server.url}/api/members/GetAllForSearch?searchString=sm%00ith`, {
      headers: { authorization: `Bearer ${agentToken}` },
    });
    expect(search.status).toBe(400);
    expect(await search.json()).toMatchObject({ field: 'searchString' });
    const path = await fetch(`${server.url}/api/members/GetByNumber/12%0034/5`, {
      headers: { authorization: `Bearer ${agentToken}` },
    });
    expect(path.status).toBe(400);
  });

  it.each([
    ['/api/memberaccount/topupRainyDayFromAccount', { contractId: 1, accountNumber: `1${NUL}`, topupAmount: '1.00' }],
    ['/api/managerapproval', { billId: 1, managerUsername: `man${NUL}ager`, managerPassword: 'x', note: 'n' }],
  ])('refuses a NUL in the body of %s', async (path, body) => {
    const response = await post(path, { ...body, idempotencyKey: 'key-1' }, agentToken);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('the edge rule over GraphQL', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    [
      'searchMembers',
      'query($s: String!) { searchMembers(searchString: $s) { memberId } }',
      { s: `sm${NUL}` },
      'searchString',
    ],
    [
      'registerInterest',
      'mutation($i: RegisterInterestInput!) { registerInterest(input: $i) { ok } }',
      { i: { memberId: 0, fullName: `A${NUL}`, email: 'a@example.com', mobilePhone: '0412345678' } },
      'input.fullName',
    ],
    [
      'topUpRainyDay',
      'mutation($i: RainyDayTopUpInput!) { topUpRainyDay(input: $i) { ok } }',
      { i: { contractId: 1, accountNumber: '1', topupAmount: '1.00', idempotencyKey: 'k', description: `d${NUL}` } },
      'input.description',
    ],
    [
      'reimburseBill',
      'mutation($i: PayBillInput!) { reimburseBill(input: $i) { ok } }',
      { i: { billId: 1, billAmount: '1.00', idempotencyKey: `k${NUL}` } },
      'input.idempotencyKey',
    ],
    [
      'requestArrearsApproval',
      'mutation($n: String!) { requestArrearsApproval(billId: 1, note: $n) { errors { code } } }',
      { n: `note${NUL}` },
      'note',
    ],
    [
      'managerOverrideApproval',
      'mutation($i: ManagerOverrideInput!) { managerOverrideApproval(input: $i) { errors { code } } }',
      { i: { billId: 1, managerUsername: 'manager', managerPassword: `p${NUL}`, note: 'n', approvalGranted: true } },
      'input.managerPassword',
    ],
  ];

  it.each(cases)(
    'refuses a NUL in the arguments of %s as BAD_USER_INPUT naming the field',
    async (_, query, variables, field) => {
      const { status, body } = await server.graphql(query, variables, agentToken);
      expect(status).toBeLessThan(500);
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(body.errors?.[0]?.message).toContain(field);
    },
  );

  it('refuses control characters written in the document as well as in variables', async () => {
    const { body } = await server.graphql('{ searchMembers(searchString: "a\\u0001b") { memberId } }', {}, agentToken);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'searchString' });
  });
});

describe('free text', () => {
  it('refuses an empty approval note and one past its limit', async () => {
    const request =
      'mutation($n: String!) { requestArrearsApproval(billId: 1, note: $n) { approval { approvalId } errors { code field } } }';
    for (const [note, code] of [
      ['   ', 'REQUIRED'],
      ['x'.repeat(1001), 'TOO_LONG'],
    ]) {
      const { body } = await server.graphql<{ requestArrearsApproval: unknown }>(request, { n: note }, agentToken);
      expect(body.data?.requestArrearsApproval).toEqual({ approval: null, errors: [{ code, field: 'note' }] });
    }
    const override = await post(
      '/api/managerapproval',
      { billId: 1, managerUsername: 'manager', managerPassword: 'x', note: '', approvalGranted: true },
      agentToken,
    );
    expect(override).toMatchObject({ status: 400, body: { code: 'REQUIRED', field: 'note' } });
  });

  it('refuses a 90 kB description at the edge and a 201-character one by its own limit', async () => {
    const huge = await post(
      '/api/memberaccount/topupRainyDayFromAccount',
      { contractId: 1, accountNumber: '1', topupAmount: '1.00', description: 'x'.repeat(90_000) },
      managerToken,
    );
    expect(huge).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'description' } });
    const long = await server.graphql(
      'mutation($i: RainyDayTopUpInput!) { topUpRainyDay(input: $i) { ok errors { code field message } } }',
      {
        i: {
          contractId: 1,
          accountNumber: '1',
          topupAmount: '1.00',
          idempotencyKey: 'key-long-description',
          description: 'x'.repeat(201),
        },
      },
      managerToken,
    );
    expect(long.body.data).toEqual({
      topUpRainyDay: {
        ok: false,
        errors: [
          {
            code: 'TOO_LONG',
            field: 'description',
            message: 'The description can be at most 200 characters (it has 201).',
          },
        ],
      },
    });
  });
});

describe('logs', () => {
  it('never carry the parameter values of a failing query', async () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger('info', capture);
    const em = server.app.database.orm.em.fork();
    const failures: unknown[] = [];
    for (const [sql, params] of [
      [
        'insert into interest_registration (member_id, full_name, email, mobile_phone) values (?, ?, ?, ?)',
        [0, `Secret${NUL}Person`, 'secret.person@example.com', '0412345678'],
      ],
      ['select ?::int as n', ['secret-number-text']],
      [
        'insert into interest_registration (member_id, full_name, email, mobile_phone) values (?, ?, ?, ?)',
        [99999999999, 'Secret Person', 'secret.person@example.com', '0412345678'],
      ],
    ] as const) {
      await em.execute(sql, [...params]).catch((error: unknown) => failures.push(error));
    }
    expect(failures).toHaveLength(3);
    // Without the serializer, the message and stack hold the SQL with the values written in.
    expect(failures.map((error) => String((error as Error).stack)).join('\n')).toContain('secret.person@example.com');
    for (const error of failures) {
      logger.error({ err: error }, 'REST handler failed');
      logger.error({ err: new Error('wrapped', { cause: error }) }, 'unexpected GraphQL error');
    }
    const output = lines.join('');
    expect(output).toContain('database error 22');
    for (const value of ['Secret', 'secret.person', 'secret-number-text', '0412345678', '99999999999']) {
      expect(output).not.toContain(value);
    }
  });
});

describe('register interest is rate-limited per address', () => {
  it('refuses a sixth registration from one address within the hour, even sent at once, storing nothing', async () => {
    const before = await interestRows();
    const body = (n: number) => ({
      MemberId: 0,
      FullName: `Person ${n}`,
      Email: `person${n}@example.com`,
      MobilePhone: '0412345678',
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => post('/api/members/registerinterest', body(n))),
    );
    const stored = (await interestRows()) - before;
    expect(stored).toBe(5);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(stored);
    expect(answers.filter((a) => a.status === 429).length).toBe(8 - stored);
    const graphql = await server.graphql<{ registerInterest: unknown }>(
      'mutation($i: RegisterInterestInput!) { registerInterest(input: $i) { ok errors { code } } }',
      { i: { memberId: 0, fullName: 'Late', email: 'late@example.com', mobilePhone: '0412345678' } },
    );
    expect(graphql.body.data?.registerInterest).toEqual({ ok: false, errors: [{ code: 'TOO_MANY_REQUESTS' }] });
    expect((await interestRows()) - before).toBe(stored);
  });
});
