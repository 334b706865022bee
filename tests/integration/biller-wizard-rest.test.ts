import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../server/src/shared/local-date.js';
import { NO_ACCESS } from '../../server/src/common/auth/access.js';
import {
  BILLER_REINSTATED_MESSAGE,
  BILLER_REMOVED_MESSAGE,
} from '../../server/src/modules/biller/biller-list.rules.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  agreementInForce,
  bpayCompany,
  footprint,
  modificationOf,
  setupAgreement,
  sql,
} from './biller-wizard.fixtures.js';

/**
 * The spec 2 §7 REST paths of billers, sub-categories and the category assignment: the documented parameters,
 * legacy bodies (money in dollars), the same services as GraphQL, bad input refused with nothing written, and
 * another member's ids refused.
 */

const today = todayIn('Australia/Sydney');
const day = (offset: number) => addDays(today, offset);

let server: TestServer;
let agent: string;
let member: string;
let setupId: number;
let accountId: number;
let memberId: number;
let bpay: Awaited<ReturnType<typeof bpayCompany>>;

async function call(method: string, path: string, body?: unknown, token = agent) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // text answers (a date, a number)
  }
  return { status: response.status, body: json as Record<string, unknown> & unknown[] };
}

function bpayBody(change: Record<string, unknown> = {}) {
  return {
    BillingCategoryId: bpay.categoryId,
    companyId: bpay.companyId,
    nickname: 'Power',
    paymentType: 0,
    bPayNumber: bpay.billerCode,
    customerReferenceNumber: bpay.reference,
    expectedBillValue: 250.5,
    billingFrequency: 3,
    isExactDateOfBillKnown: true,
    dateOfBill: `${day(7)}T00:00:00`,
    doesAmountVaryFromBillToBill: false,
    ...change,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.token(...AGENT);
  member = await server.token(...MEMBER_TWO_ACCOUNTS);
  setupId = await setupAgreement(server, MEMBER_TWO_ACCOUNTS[0], today);
  const [row] = await sql<{ account_id: number; member_id: number }>(
    server,
    `select g.account_id, l.member_id from agreement g join member_account_link l on l.account_id = g.account_id
     where g.id = ? order by l.is_primary desc limit 1`,
    [setupId],
  );
  accountId = Number(row.account_id);
  memberId = Number(row.member_id);
  bpay = await bpayCompany(server);
});
afterAll(async () => {
  await server?.stop();
});

describe('billers over REST (spec 2 §7)', () => {
  let billerId: number;
  const path = () => `/api/billers?memberId=${memberId}&accountId=${accountId}&contractId=${setupId}`;

  it('POST /api/billers adds a biller from a legacy body; money in dollars with two decimals', async () => {
    const { status, body } = await call('POST', path(), bpayBody());
    expect(status).toBe(200);
    expect(body).toMatchObject({ nickname: 'Power', expectedBillValue: '250.50', contingencyValue: '0.00' });
    billerId = Number(body.id);
  });

  it('PUT /api/billers edits it (billerId in the body)', async () => {
    const { status, body } = await call(
      'PUT',
      path(),
      bpayBody({ billerId, nickname: 'Power bill', expectedBillValue: '260' }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: billerId,
      nickname: 'Power bill',
      expectedBillValue: '260.00',
      modificationState: 1,
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['amount with 3 decimals', { expectedBillValue: 12.345 }, 'expectedBillValue', 'INVALID_AMOUNT'],
    ['amount as words', { expectedBillValue: 'ten' }, 'expectedBillValue', 'INVALID_AMOUNT'],
    ['no nickname', { nickname: '' }, 'nickname', 'nicknameRequired'],
    ['payment type as text', { paymentType: 'bpay' }, 'paymentType', 'INVALID_INPUT'],
    ['payment type 7', { paymentType: 7 }, 'paymentType', 'paymentTypeRequired'],
    ['bad BPAY code', { bPayNumber: '12', companyId: null }, 'bPayNumber', '11'],
    ['date in the past', { dateOfBill: day(-3) }, 'dateOfBill', 'billDateInPast'],
    ['date as a sentence', { dateOfBill: 'next week' }, 'dateOfBill', 'invalidDateFormat'],
    ['frequency 99', { billingFrequency: 99 }, 'billingFrequency', 'frequencyRequired'],
    ['flag as text', { isSeasonBill: 'maybe' }, 'isSeasonBill', 'INVALID_INPUT'],
    ['peak month 13', { isSeasonBill: true, peakMonths: '1,13' }, 'peakMonths', 'INVALID_INPUT'],
    [
      'EFT account name missing',
      { paymentType: 1, companyId: null, bsbNumber: '062000', eftAccountNumber: '1234' },
      'eftAccountName',
      'eftAccountNameRequired',
    ],
    ['season without values', { isSeasonBill: true, peakMonths: [6] }, 'peakValueOfBill', 'seasonValuesRequired'],
  ])('POST refuses %s with 400 on its field, nothing written', async (_name, change, field, code) => {
    const before = await footprint(server);
    const { status, body } = await call('POST', path(), bpayBody(change));
    expect(status).toBe(400);
    const errors = (body.errors as { field: string; code: string }[] | undefined) ?? [
      body as unknown as { field: string; code: string },
    ];
    expect(errors).toContainEqual(expect.objectContaining({ field, code }));
    expect(await footprint(server)).toEqual(before);
  });

  it('a path whose account is not the agreement’s is refused, nothing written', async () => {
    const before = await footprint(server);
    const wrong = `/api/billers?memberId=${memberId}&accountId=${accountId + 1000}&contractId=${setupId}`;
    const { status } = await call('POST', wrong, bpayBody());
    expect(status).toBe(404);
    expect(await footprint(server)).toEqual(before);
  });

  it('GET /api/billers/{id}, ?contractId(&active=true), getlist, islocked, getCustomerReferenceNumber, getinitialdate', async () => {
    expect((await call('GET', `/api/billers/${billerId}`)).body).toMatchObject({
      id: billerId,
      expectedBillValue: '260.00',
    });
    const all = await call('GET', `/api/billers?contractId=${setupId}&active=true`);
    expect((all.body as { id: number }[]).map((b) => b.id)).toContain(billerId);
    const list = await call('GET', `/api/billers/getlist?contractId=${setupId}`);
    expect(list.body).toContainEqual(expect.objectContaining({ id: billerId, type: 0, canEdit: true }));
    expect((await call('GET', `/api/billers/islocked/${billerId}`)).body).toEqual({ isLocked: false });
    const reference = await call(
      'GET',
      `/api/billers/getCustomerReferenceNumber?billerId=${billerId}&contractId=${setupId}`,
    );
    expect(reference.body).toEqual({ data: bpay.reference });
    expect((await call('GET', `/api/billers/getinitialdate?billerId=${billerId}`)).body).toBe(day(7));
  });

  it('the business BSB, a direct-debit number assigned and validated', async () => {
    expect((await call('GET', '/api/billers/businessbsbnumber')).body).toBe('654-000');
    const assigned = await call('POST', '/api/billers/AssignAccountNumber');
    expect(String(assigned.body)).toMatch(/^(89|80)\d{7}$/);
    const valid = await call('POST', `/api/billers/ValidateAccountNumber?billSumoNumber=${String(assigned.body)}`);
    expect(valid.body).toMatchObject({ valid: true, accountNumber: String(assigned.body) });
    const invalid = await call('POST', '/api/billers/ValidateAccountNumber?billSumoNumber=701234567');
    expect(invalid.body).toMatchObject({ valid: false, errors: [{ code: 'invalidDirectDebitAccountNumber' }] });
  });

  it('PUT /api/billerpreferenceslist and /api/billerpreferences set whether a biller’s bills are notified', async () => {
    const list = await call('PUT', `/api/billerpreferenceslist?contractId=${setupId}`, [
      { biller: { billerId, isNotificationEnabled: false }, isProfile: false, company: null, category: null, state: 0 },
    ]);
    expect(list.status).toBe(200);
    expect(
      (list.body as { id: number; isNotificationEnabled: boolean }[]).find((b) => b.id === billerId),
    ).toMatchObject({
      isNotificationEnabled: false,
    });
    const one = await call('PUT', `/api/billerpreferences?contractId=${setupId}&isProfile=false`, {
      billerId,
      isNotificationEnabled: true,
    });
    expect(one.status).toBe(200);
    const before = await footprint(server);
    const bad = await call('PUT', `/api/billerpreferences?contractId=${setupId}`, {
      billerId,
      isNotificationEnabled: 'x',
    });
    expect(bad).toMatchObject({ status: 400, body: { field: 'isNotificationEnabled' } });
    expect(await footprint(server)).toEqual(before);
  });

  it('PUT /api/billingcategories/allocationpercat/{memberId}/{contractId}/{accountId} answers dollars per category', async () => {
    const { status, body } = await call(
      'PUT',
      `/api/billingcategories/allocationpercat/${memberId}/${setupId}/${accountId}`,
    );
    expect(status).toBe(200);
    expect(body).toContainEqual(
      expect.objectContaining({ categoryId: bpay.categoryId, amount: expect.stringMatching(/^\d+\.\d{2}$/) }),
    );
  });

  it('PUT /api/billers/updatelist saves several at once, or none', async () => {
    const before = await footprint(server);
    const refused = await call('PUT', `/api/billers/updatelist?contractId=${setupId}`, [
      bpayBody({ billerId, nickname: 'Fine' }),
      bpayBody({ billerId, nickname: '' }),
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: '[1].nickname' }));
    expect(await footprint(server)).toEqual(before);
    const saved = await call('PUT', `/api/billers/updatelist?contractId=${setupId}`, [
      bpayBody({ billerId, nickname: 'Listed' }),
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body[0]).toMatchObject({ id: billerId, nickname: 'Listed' });
  });

  it('PUT /api/billers/remove and /enable in a modification, with the two success messages', async () => {
    const { versionId } = await modificationOf(server, MEMBER_TWO_ACCOUNTS[0]);
    const [row] = await sql<{ id: number }>(
      server,
      `select b.id from biller b where b.agreement_id = ? and b.status = 1
         and not exists (select 1 from bill x where x.biller_id = b.previous_id and x.status = 3)
         and not exists (select 1 from activity a where a.biller_id = b.previous_id and a.transaction_status = 0)
       order by b.id limit 1`,
      [versionId],
    );
    const removed = await call('PUT', '/api/billers/remove', { billerId: row.id });
    expect(removed.body).toMatchObject({ deleted: false, message: BILLER_REMOVED_MESSAGE, item: { status: 3 } });
    const again = await call('PUT', '/api/billers/remove', { billerId: row.id });
    expect(again).toMatchObject({ status: 400, body: { code: 'ITEM_REMOVED' } });
    const back = await call('PUT', '/api/billers/enable', { billerId: row.id });
    expect(back.body).toMatchObject({ message: BILLER_REINSTATED_MESSAGE, item: { status: 1, modificationState: 4 } });
    // The modification stays open for the next tests of this member? No: cancel it.
    await sql(server, 'update agreement set status = 6 where id = ?', [versionId]);
  });
});

describe('sub-categories and the category assignment over REST', () => {
  let subId: number;
  const subBody = (change: Record<string, unknown> = {}) => ({
    billingCategoryId: bpay.categoryId,
    nickname: 'Groceries',
    expectedBillValue: '120.00',
    billingFrequency: 2,
    dateOfBill: day(5),
    ...change,
  });

  it('POST /api/billingsubcategories?contractId answers the new id', async () => {
    const { status, body } = await call('POST', `/api/billingsubcategories?contractId=${setupId}`, subBody());
    expect(status).toBe(200);
    subId = Number(body);
    expect(subId).toBeGreaterThan(0);
  });

  it('GET by id, by contract, date of creation and lock; PUT updates; PUT /{contractId}/{accountId} saves a list', async () => {
    expect((await call('GET', `/api/billingsubcategories/${subId}`)).body).toMatchObject({
      id: subId,
      expectedBillValue: '120.00',
    });
    expect((await call('GET', `/api/billingsubcategories?contractId=${setupId}`)).body).toContainEqual(
      expect.objectContaining({ id: subId }),
    );
    expect((await call('GET', `/api/billingsubcategories/getdateofcreation?id=${subId}`)).body).toBe(today);
    expect((await call('GET', `/api/billingsubcategories/islocked/${subId}`)).body).toEqual({ isLocked: false });
    const updated = await call(
      'PUT',
      '/api/billingsubcategories',
      subBody({ billingSubCategoryId: subId, contractId: setupId, expectedBillValue: 99.9 }),
    );
    expect(updated.body).toMatchObject({ id: subId, expectedBillValue: '99.90' });
    const listed = await call('PUT', `/api/billingsubcategories/${setupId}/${accountId}`, [
      subBody({ billingSubCategoryId: subId, nickname: 'Food' }),
    ]);
    expect(listed.body[0]).toMatchObject({ id: subId, nickname: 'Food' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no name', { nickname: ' ' }, 'nickname'],
    ['amount 0', { expectedBillValue: 0 }, 'expectedBillValue'],
    [
      'bi-monthly dates not valid',
      { billingFrequency: 10, biMonthly1stDate: day(9), biMonthly2ndDate: day(2) },
      'biMonthly1stDate',
    ],
    ['unknown category', { billingCategoryId: 99999 }, 'billingCategoryId'],
  ])('POST refuses %s, nothing written', async (_name, change, field) => {
    const before = await footprint(server);
    const { status, body } = await call('POST', `/api/billingsubcategories?contractId=${setupId}`, subBody(change));
    expect(status).toBe(400);
    expect(body.errors).toContainEqual(expect.objectContaining({ field }));
    expect(await footprint(server)).toEqual(before);
  });

  it('PUT /api/billingsubcategories/remove force-removes it in setup', async () => {
    const { body } = await call('PUT', '/api/billingsubcategories/remove', { billingSubCategoryId: subId });
    expect(body).toMatchObject({ deleted: true });
  });

  it('POST /api/billingcategories?contractId assigns a category and answers its id', async () => {
    const { status, body } = await call('POST', `/api/billingcategories?contractId=${setupId}`, {
      billingCategoryId: bpay.categoryId,
    });
    expect(status).toBe(200);
    expect(body).toBe(bpay.categoryId);
  });
});

describe('another member’s ids over REST', () => {
  it('are refused exactly like ids nobody has, nothing written', async () => {
    const other = await modificationOf(server, MEMBER_MISSED_DEPOSIT[0]);
    const [biller] = await sql<{ id: number }>(server, 'select id from biller where agreement_id = ? limit 1', [
      other.versionId,
    ]);
    const mine = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
    const before = await footprint(server);
    for (const [method, path, body] of [
      ['GET', `/api/billers?contractId=${other.versionId}`, undefined],
      ['GET', `/api/billers/${biller.id}`, undefined],
      ['PUT', '/api/billers/remove', { billerId: biller.id }],
      ['PUT', `/api/billers/updatelist?contractId=${other.versionId}`, [bpayBody()]],
      ['POST', `/api/billingcategories?contractId=${other.versionId}`, { billingCategoryId: bpay.categoryId }],
      ['POST', `/api/billingsubcategories?contractId=${other.versionId}`, {}],
      [
        'PUT',
        `/api/billerpreferenceslist?contractId=${other.versionId}`,
        [{ biller: { billerId: biller.id, isNotificationEnabled: false } }],
      ],
      [
        'PUT',
        `/api/billerpreferences?contractId=${mine.agreementId}&isProfile=true`,
        { billerId: biller.id, isNotificationEnabled: false },
      ],
    ] as const) {
      const answer = await call(method, path, body, member);
      expect(answer, `${method} ${path}`).toMatchObject({ status: 403, body: { message: NO_ACCESS } });
    }
    expect(await footprint(server)).toEqual(before);
  });
});
