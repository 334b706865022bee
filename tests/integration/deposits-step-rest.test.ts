import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ACCESS } from '../../server/src/common/auth/access.js';
import { addDays, addMonths, todayIn, type LocalDate } from '../../server/src/shared/local-date.js';
import { DEPOSITS_MESSAGES } from '../../server/src/modules/agreement/deposits/deposits.rules.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, setupAgreement, sql } from './biller-wizard.fixtures.js';

/**
 * The deposits step's REST paths (spec 3 §7, API.md "Contracts, deposits, preferences") on a member's
 * modification, worked by staff (the wizard is staff work: the member approves, never edits) (the modify flow: the next deposit date, with the old one) and on a staff setup: the deposits view
 * model's field names, money in dollars with two decimals, a bad value in any field refused with its code, field
 * and message (400) and nothing written, another member's contract refused.
 */

let server: TestServer;
let agent: string;
let member: string;
let other: string;
let modificationId: number;
let setupId: number;
const today = todayIn('Australia/Sydney') as LocalDate;
const nextWeek = addDays(today, 7);

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : null }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function row(id: number) {
  const [record] = await sql<Record<string, unknown>>(server, 'select * from agreement where id = ?', [id]);
  return record;
}

const model = {
  contributionFrequency: 2,
  contributionDate: nextWeek,
  depositType: 1,
  remitterName: 'Acme Payroll',
  remitterNumber: 'E-77',
};

beforeAll(async () => {
  server = await startTestServer();
  [agent, member, other] = await Promise.all([
    server.token(...AGENT),
    server.token(...MEMBER_TWO_ACCOUNTS),
    server.token(...MEMBER_MISSED_DEPOSIT),
  ]);
  const { accountId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
  const [m] = await sql<{ id: number }>(server, 'select id from member where member_number = ?', [
    MEMBER_TWO_ACCOUNTS[0],
  ]);
  const { body } = await server.graphql<{ startAgreementModification: { wizard: { agreementId: number } | null } }>(
    `mutation($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) { wizard { agreementId }
      errors { code message } } }`,
    { m: Number(m.id), a: accountId },
    agent,
  );
  modificationId = body.data!.startAgreementModification.wizard!.agreementId;
  setupId = await setupAgreement(server, MEMBER_TWO_ACCOUNTS[0], today);
});
afterAll(async () => {
  await server?.stop();
});

describe('GET and PUT /api/contractpaymentdetails?contractId (staff on a member’s modification)', () => {
  it('answers the payment details, money in dollars', async () => {
    const { status, body } = await call('GET', `/api/contractpaymentdetails?contractId=${modificationId}`, member);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      hasOverDrawDuration: expect.any(Boolean),
      hasOverDrawOfAmount: expect.any(Boolean),
      isUpperLimitReached: expect.any(Boolean),
      approvedOverDrawOfAmount: '5000.00',
      upperContractLimit: '50000.00',
      showDepositPaymentOptions: true,
    });
    expect(body!.totalContractValue).toMatch(/^\d+\.\d{2}$/);
  });

  it('answers them for a draft body', async () => {
    const { status, body } = await call(
      'PUT',
      `/api/contractpaymentdetails?contractId=${modificationId}`,
      agent,
      model,
    );
    expect(status).toBe(200);
    expect(body!.totalOverDrawOfAmount).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('PUT /api/contractpaymentdetails/nextdepositdate and /depositoptions', () => {
  it('modify: the next date, with the old next date of the version in force', async () => {
    const [inForce] = await sql<{ d: string | null }>(
      server,
      'select p.next_deposit_date::text as d from agreement g join agreement p on p.id = g.previous_id where g.id = ?',
      [modificationId],
    );
    const { status, body } = await call(
      'PUT',
      `/api/contractpaymentdetails/nextdepositdate?contractId=${modificationId}`,
      agent,
      model,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      contractId: modificationId,
      isSetup: false,
      contributionDate: nextWeek,
      oldContributionDate: inForce.d,
      dateRangeFrom: today,
    });
    expect(body!.dateRangeTo <= addMonths(today, 1)).toBe(true);
  });

  it('the deposit of every frequency, in dollars', async () => {
    const { body } = await call(
      'PUT',
      `/api/contractpaymentdetails/depositoptions?contractId=${modificationId}`,
      agent,
      model,
    );
    for (const key of ['weekly', 'fortnightly', 'monthly', 'quarterly', 'annually', 'biMonthly']) {
      expect(body!.depositOptions[key]).toMatch(/^\d+\.\d{2}$/);
    }
  });
});

describe('PUT /api/ContractBatchAction/saveDeposits?contractId refuses bad input (400) and writes nothing', () => {
  it.each<[string, Record<string, unknown>, string, string, string?]>([
    ['amount with 3 decimals', { contributionAmount: '12.345' }, 'INVALID_AMOUNT', 'contributionAmount'],
    ['amount as text', { contributionAmount: 'ten' }, 'INVALID_AMOUNT', 'contributionAmount'],
    ['date as DD-MM-YYYY', { contributionDate: '02-03-2027' }, 'INVALID_DATE', 'contributionDate'],
    ['frequency as a word', { contributionFrequency: 'weekly' }, 'INVALID_NUMBER', 'contributionFrequency'],
    ['no frequency', { contributionFrequency: null }, 'FREQUENCY_REQUIRED', 'contributionFrequency'],
    [
      'the empty date',
      { contributionDate: '0001-01-01' },
      'DATE_NOT_IN_RANGE',
      'contributionDate',
      DEPOSITS_MESSAGES.dateNotInRange,
    ],
    [
      'yesterday',
      { contributionDate: addDays(today, -1) },
      'START_DATE_IN_PAST',
      'contributionDate',
      DEPOSITS_MESSAGES.startInPast,
    ],
    [
      'over a month ahead (modify)',
      { contributionDate: addDays(addMonths(today, 1), 1) },
      'DATE_NOT_IN_RANGE',
      'contributionDate',
    ],
    ['bi-monthly dates missing', { contributionFrequency: 10 }, 'BI_MONTHLY_REQUIRED', 'biMonthly1stDate'],
    ['a flag as a word', { isTopupPerformed: 'maybe' }, 'INVALID_FLAG', 'isTopupPerformed'],
    [
      'no payment preference',
      { depositType: null },
      'PAYMENT_PREFERENCE_REQUIRED',
      'depositType',
      DEPOSITS_MESSAGES.paymentPreference,
    ],
    [
      'payroll without number',
      { remitterNumber: '' },
      'INVALID_PAYROLL_DEDUCTION',
      'remitterNumber',
      DEPOSITS_MESSAGES.payrollDeduction,
    ],
    [
      'periodical account 0',
      { depositType: 2, periodicalPaymentAccount: 0 },
      'INVALID_PERIODICAL_PAYMENT',
      'periodicalPaymentAccount',
      DEPOSITS_MESSAGES.periodicalPayment,
    ],
    [
      'a deposit of a cent',
      { contributionAmount: 0.01 },
      'EXPENSES_NOT_COVERED',
      'contributionAmount',
      'Expenses are not fully covered by the current deposit(s).',
    ],
  ])('%s', async (_, change, code, field, message) => {
    const before = await row(modificationId);
    const { status, body } = await call(
      'PUT',
      `/api/ContractBatchAction/saveDeposits?contractId=${modificationId}`,
      agent,
      { ...model, ...change },
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ code, field });
    if (message) expect(body!.message).toBe(message);
    expect(await row(modificationId)).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const { status, body } = await call(
      'PUT',
      `/api/ContractBatchAction/saveDeposits?contractId=${modificationId}`,
      agent,
      [1],
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'INVALID_BODY' });
  });
});

describe('the saves', () => {
  it('PUT /api/contractdeposit?isSetup=true refuses a modification', async () => {
    const { status, body } = await call('PUT', '/api/contractdeposit?isSetup=true', agent, {
      ...model,
      contractId: modificationId,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'SETUP_FLAG_MISMATCH', field: 'isSetup' });
  });

  it('PUT /api/contracts/updateinfo?contractId saves the member’s modification for staff (wrapped model), refuses the member', async () => {
    const unchanged = await row(modificationId);
    for (const path of [
      `/api/contracts/updateinfo?contractId=${modificationId}`,
      `/api/ContractBatchAction/saveDeposits?contractId=${modificationId}`,
    ]) {
      const refused = await call('PUT', path, member, { depositsViewModel: model, ...model, isSetup: false });
      expect(refused.status, path).toBe(400);
      expect(refused.body, path).toMatchObject({ code: 'STAFF_ONLY' });
    }
    expect(await row(modificationId)).toEqual(unchanged);
    const { status, body } = await call('PUT', `/api/contracts/updateinfo?contractId=${modificationId}`, agent, {
      depositsViewModel: model,
      isSetup: false,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ contributionFrequency: 2, contributionDate: nextWeek, depositType: 1 });
    expect(body!.contributionAmount).toMatch(/^\d+\.\d{2}$/);
    expect(await row(modificationId)).toMatchObject({ remitter_number: 'E-77', contribution_frequency: 2 });
  });

  it('PUT /api/contractdeposit?isSetup=true saves a setup for staff (contractId in the body), refuses the member', async () => {
    const body = { ...model, contributionDate: today, contractId: setupId };
    const refused = await call('PUT', '/api/contractdeposit?isSetup=true', member, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'STAFF_ONLY' });
    const { status, body: saved } = await call('PUT', '/api/contractdeposit?isSetup=true', agent, body);
    expect(status).toBe(200);
    expect(saved).toMatchObject({ contractId: setupId, isSetup: true, startDate: today, contributionDate: today });
  });

  it('refuses another member’s contract on every path, and writes nothing', async () => {
    const before = await row(modificationId);
    const paths: [string, string][] = [
      ['GET', `/api/contractpaymentdetails?contractId=${modificationId}`],
      ['PUT', `/api/contractpaymentdetails?contractId=${modificationId}`],
      ['PUT', `/api/contractpaymentdetails/nextdepositdate?contractId=${modificationId}`],
      ['PUT', `/api/contractpaymentdetails/depositoptions?contractId=${modificationId}`],
      ['PUT', `/api/ContractBatchAction/saveDeposits?contractId=${modificationId}`],
      ['PUT', `/api/contracts/updateinfo?contractId=${modificationId}`],
      ['PUT', '/api/contractdeposit'],
    ];
    for (const [method, path] of paths) {
      const { status, body } = await call(
        method,
        path,
        other,
        method === 'GET' ? undefined : { ...model, contractId: modificationId },
      );
      expect(status, path).toBe(403);
      expect(body!.message).toBe(NO_ACCESS);
    }
    expect(await row(modificationId)).toEqual(before);
  });
});
