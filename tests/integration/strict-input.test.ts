import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { bpayCompany, footprint, setupAgreement, sql } from './biller-wizard.fixtures.js';

/**
 * Issue 21 item 7: a list longer than any form is one user error (not one per item, then an internal error), a
 * stranger is told to sign in before anything about the input, a value in a field the form does not use is still
 * checked (GraphQL and REST), a negative season amount is said to be one, and the request log names GraphQL's path
 * and operation.
 */
const today = todayIn('Australia/Sydney');
const day = (offset: number) => addDays(today, offset);
const NUL = '\u0000';

let server: TestServer;
let agent: string;
let setupId: number;
/** POST /api/billers?memberId&accountId&contractId of the agreement in setup. */
let billersPath: string;
let bpay: Awaited<ReturnType<typeof bpayCompany>>;
const logLines: Record<string, unknown>[] = [];

const SAVE_BILLER = `mutation SaveBiller($input: BillerInput!) {
  saveBiller(input: $input) { biller { id } errors { code field message } } }`;
const SAVE_SUB = `mutation SaveSub($input: SubCategoryInput!) {
  saveSubCategory(input: $input) { subCategory { id } errors { code field message } } }`;

interface FormErrors {
  errors: { code: string; field: string | null; message: string }[];
}

function bpayBiller(change: Record<string, unknown> = {}) {
  return {
    contractId: setupId,
    billingCategoryId: bpay.categoryId,
    companyId: bpay.companyId,
    nickname: 'Electricity',
    paymentType: 0,
    bPayNumber: bpay.billerCode,
    customerReferenceNumber: bpay.reference,
    expectedBillValue: '250.00',
    billingFrequency: 3,
    isExactDateOfBillKnown: true,
    dateOfBill: day(10),
    doesAmountVaryFromBillToBill: false,
    ...change,
  };
}

function monthlySub(change: Record<string, unknown> = {}) {
  return {
    contractId: setupId,
    billingCategoryId: bpay.categoryId,
    nickname: 'Groceries',
    expectedBillValue: '80.00',
    billingFrequency: 3,
    isExactDateOfBillKnown: true,
    dateOfBill: day(3),
    ...change,
  };
}

async function rest(method: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logDestination: capture });
  agent = await server.token(...AGENT);
  setupId = await setupAgreement(server, MEMBER_TWO_ACCOUNTS[0], today);
  const [link] = await sql<{ account_id: number; member_id: number }>(
    server,
    'select g.account_id, l.member_id from agreement g join member_account_link l on l.account_id = g.account_id where g.id = ? limit 1',
    [setupId],
  );
  billersPath = `/api/billers?memberId=${link.member_id}&accountId=${link.account_id}&contractId=${setupId}`;
  bpay = await bpayCompany(server);
});
afterAll(() => server?.stop());

describe('lists longer than any form (every list input)', () => {
  it('tells a stranger sending 2,000 bad peak months to sign in, once, and logs no error', async () => {
    const before = logLines.length;
    const { status, body } = await server.graphql(SAVE_BILLER, {
      input: bpayBiller({ peakMonths: Array.from({ length: 2000 }, () => 'x') }),
    });
    expect(status).toBe(200);
    expect(body.errors).toEqual([
      expect.objectContaining({ message: 'Authentication is required.', extensions: { code: 'UNAUTHENTICATED' } }),
    ]);
    expect(logLines.slice(before).filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('refuses 2,000 peak months from a signed-in agent as one user error naming the list', async () => {
    const before = await footprint(server);
    const { status, body } = await server.graphql(
      SAVE_BILLER,
      { input: bpayBiller({ isSeasonBill: true, peakMonths: Array.from({ length: 2000 }, () => 1) }) },
      agent,
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'input.peakMonths has too many items: at most 1000.',
        extensions: { code: 'BAD_USER_INPUT', field: 'input.peakMonths' },
      }),
    ]);
    expect(await footprint(server)).toEqual(before);
  });

  it('answers the first of 500 malformed items only, as a user error', async () => {
    const { status, body } = await server.graphql(
      SAVE_BILLER,
      { input: bpayBiller({ peakMonths: Array.from({ length: 500 }, () => 'x') }) },
      agent,
    );
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(body.errors?.[0].message).toContain('peakMonths');
  });

  it('bounds a list of another input the same way (the missed-deposit report’s branches)', async () => {
    const { body } = await server.graphql(
      'query R($input: MissedDepositReportInput!) { missedDepositReport(input: $input) { __typename } }',
      { input: { branchIds: Array.from({ length: 1001 }, (_, i) => i), startDate: today, endDate: today } },
      agent,
    );
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'input.branchIds' } });
  });

  it('tells a stranger to sign in over REST before looking at the body', async () => {
    const path = billersPath;
    const { status } = await rest('POST', path, { nickname: `x${NUL}`, peakMonths: Array(2000).fill(1) });
    expect(status).toBe(401);
    const signedIn = await rest('POST', path, { nickname: `x${NUL}` }, agent);
    expect(signedIn).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'nickname' } });
  });
});

describe('values in fields the form does not use are still checked', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['an impossible bi-monthly date', { biMonthly1stDate: '2026-02-30' }, 'biMonthly1stDate'],
    ['a five-digit year', { biMonthly1stDate: '99999-01-01' }, 'biMonthly1stDate'],
    ['NaN as a date', { biMonthly2ndDate: 'NaN' }, 'biMonthly2ndDate'],
    ['overdue option -1', { overdueOption: -1 }, 'overdueOption'],
    ['rough month -1', { roughMonth: -1 }, 'roughMonth'],
  ])('saveSubCategory (monthly) refuses %s on its field, writing nothing', async (_name, change, field) => {
    const before = await footprint(server);
    const { body } = await server.graphql<{ saveSubCategory: FormErrors & { subCategory: null } }>(
      SAVE_SUB,
      { input: monthlySub(change) },
      agent,
    );
    expect(body.data?.saveSubCategory.subCategory).toBeNull();
    expect(body.data?.saveSubCategory.errors).toEqual([expect.objectContaining({ code: expect.any(String), field })]);
    expect(await footprint(server)).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an impossible bi-monthly date', { biMonthly1stDate: '2026-02-30' }, 'biMonthly1stDate'],
    ['overdue option -1', { overdueOption: -1 }, 'overdueOption'],
    ['rough month -1 as text', { roughMonth: '-1' }, 'roughMonth'],
  ])('POST /api/billingsubcategories refuses %s with 400 on its field, writing nothing', async (_n, change, field) => {
    const before = await footprint(server);
    const body = { ...monthlySub(change), expectedBillValue: 80, dateOfBill: `${day(3)}T00:00:00` };
    const answer = await rest('POST', `/api/billingsubcategories?contractId=${setupId}`, body, agent);
    expect(answer).toMatchObject({ status: 400, body: { field } });
    expect(await footprint(server)).toEqual(before);
  });

  it('still saves what old clients send for "not set" (0, the empty date)', async () => {
    const body = {
      ...monthlySub({ nickname: 'Old client' }),
      expectedBillValue: 80,
      overdueOption: 0,
      roughMonth: 0,
      biMonthly1stDate: '0001-01-01T00:00:00',
      biMonthly2ndDate: null,
    };
    const answer = await rest('POST', `/api/billingsubcategories?contractId=${setupId}`, body, agent);
    expect(answer.status).toBe(200);
  });
});

describe('a season bill with a negative amount', () => {
  it('says the amount is not above $0.00 instead of asking for both (GraphQL and REST)', async () => {
    const season = { isSeasonBill: true, peakValueOfBill: '-5.00', offPeakValueOfBill: '80.00', peakMonths: [6] };
    const { body } = await server.graphql<{ saveBiller: FormErrors }>(
      SAVE_BILLER,
      { input: bpayBiller(season) },
      agent,
    );
    const expected = {
      field: 'peakValueOfBill',
      message: 'The peak bill amount must be more than $0.00.',
    };
    expect(body.data?.saveBiller.errors).toEqual([expect.objectContaining(expected)]);
    const answer = await rest(
      'POST',
      billersPath,
      { ...bpayBiller(season), peakValueOfBill: -5, offPeakValueOfBill: 80, dateOfBill: `${day(10)}T00:00:00` },
      agent,
    );
    expect(answer).toMatchObject({ status: 400, body: expected });
  });
});

describe('the request log', () => {
  it('names a GraphQL request’s path and operation', async () => {
    const before = logLines.length;
    await server.graphql(SAVE_SUB, { input: monthlySub({ nickname: '' }) }, agent);
    const requests = logLines.slice(before).filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ method: 'POST', url: '/graphql', operation: 'SaveSub', status: 200 }),
    ]);
  });
});
