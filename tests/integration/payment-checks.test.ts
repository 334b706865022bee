import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The biller wizard's BPAY and BSB checks (spec 2 §5) over GraphQL and the legacy REST paths, against the demo
 * BPAY catalogue: 203752 Coral Coast Gas (any reference), 482711 Harbourside Energy (10-digit MOD10V01
 * reference, at most $20,000.00), 9027 Bluegum Gas (MOD10V01, at least $5.00).
 * 1234567897 and 12345674 carry a valid MOD10V01 (Luhn) check digit; 1234567890 does not.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.token(...MEMBER_TWO_ACCOUNTS);
});
afterAll(() => server?.stop());

const post = (path: string, body: unknown, withToken = true) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(withToken ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const VALIDATE_BPAY = `query($input: BpayValidationInput!) {
  validateBpay(input: $input) { code valid billerName fullyChecked field limit message }
}`;
const VALIDATE_BSB = 'query($bsb: String!) { validateBsb(bsb: $bsb) { code valid bsb formattedBsb bankName message } }';

describe('validateBpay', () => {
  const details = (bPayNumber: string, customerReferenceNumber?: string, amount?: string) => ({
    bPayNumber,
    ...(customerReferenceNumber === undefined ? {} : { customerReferenceNumber, amount }),
  });

  it.each([
    ['a known biller code alone', details('203752'), 0, 'Coral Coast Gas', false, null],
    ['full details', details('203752', '12345', '10.00'), 0, 'Coral Coast Gas', true, null],
    ['an unknown biller code', details('999999'), 11, null, false, 'bPayNumber'],
    [
      'a reference with a letter',
      details('203752', '12a45', '10.00'),
      12,
      'Coral Coast Gas',
      true,
      'customerReferenceNumber',
    ],
    [
      'a wrong check digit',
      details('482711', '1234567890', '10.00'),
      12,
      'Harbourside Energy',
      true,
      'customerReferenceNumber',
    ],
    [
      'an amount above the maximum',
      details('482711', '1234567897', '20000.01'),
      13,
      'Harbourside Energy',
      true,
      'amount',
    ],
    ['an amount below the minimum', details('9027', '12345674', '4.99'), 15, 'Bluegum Gas', true, 'amount'],
  ])('answers %s with its code', async (_, input, code, billerName, fullyChecked, field) => {
    const { body } = await server.graphql<{ validateBpay: Record<string, unknown> }>(VALIDATE_BPAY, { input }, token);
    expect(body.data?.validateBpay).toMatchObject({ code, valid: code === 0, billerName, fullyChecked, field });
  });

  it("names the biller's limit the amount broke", async () => {
    const input = { bPayNumber: '482711', customerReferenceNumber: '1234567897', amount: '20000.01' };
    const { body } = await server.graphql<{ validateBpay: Record<string, unknown> }>(VALIDATE_BPAY, { input }, token);
    expect(body.data?.validateBpay).toMatchObject({
      limit: '20000.00',
      message: 'The amount is higher than this biller allows.',
    });
  });

  it('answers POST /api/billers/validatebpay with camelCase or PascalCase keys', async () => {
    const camel = await post('/api/billers/validatebpay', {
      paymentType: 0,
      bPayNumber: '9027',
      customerReferenceNumber: '12345674',
      amount: 4.99,
      bPayAccountNumber: '12345',
      bPayMemberNumber: '100001',
    });
    expect(camel.status).toBe(200);
    expect(await camel.json()).toMatchObject({ code: 15, billerName: 'Bluegum Gas', limit: '5.00', field: 'amount' });

    const pascal = await post('/api/billers/validatebpay', {
      PaymentType: 0,
      BPayNumber: 9027,
      CustomerReferenceNumber: '12345674',
      Amount: '25.00',
    });
    expect(await pascal.json()).toMatchObject({ code: 0, valid: true, billerName: 'Bluegum Gas', fullyChecked: true });
  });

  it('reads the company catalogue in the database, not the demo list (GraphQL and REST)', async () => {
    const em = server.app.database.orm.em.fork();
    await em.execute(
      `insert into company (name, billing_category_id, bpay_biller_code, bpay_biller_name, reference_algorithm,
         max_amount) values ('Stored Only Power', 1, '555555', 'Stored Only Power', 'none', 100)`,
    );
    await em.execute(`update company set is_active = false where bpay_biller_code = '203752'`);
    try {
      const stored = { bPayNumber: '555555', customerReferenceNumber: '12345', amount: '100.01' };
      const { body } = await server.graphql<{ validateBpay: Record<string, unknown> }>(
        VALIDATE_BPAY,
        { input: stored },
        token,
      );
      expect(body.data?.validateBpay).toMatchObject({ code: 13, billerName: 'Stored Only Power', limit: '100.00' });
      const rest = await post('/api/billers/validatebpay', { ...stored, amount: '20.00' });
      expect(await rest.json()).toMatchObject({ code: 0, valid: true, billerName: 'Stored Only Power' });
      const withdrawn = await post('/api/billers/validatebpay', { bPayNumber: '203752' });
      expect(await withdrawn.json()).toMatchObject({ code: 11, valid: false, field: 'bPayNumber' });
    } finally {
      await em.execute(`update company set is_active = true where bpay_biller_code = '203752'`);
    }
  });

  it('refuses an amount that is not money with 400 and the field', async () => {
    const response = await post('/api/billers/validatebpay', { bPayNumber: '9027', amount: 'ten' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_AMOUNT', field: 'amount' });
  });
});

describe('validateBsb', () => {
  it('answers 0 with the bank name for a known BSB, in any typed form', async () => {
    for (const bsb of ['062-000', '062000', '62000']) {
      const { body } = await server.graphql(VALIDATE_BSB, { bsb }, token);
      expect(body.data).toEqual({
        validateBsb: {
          code: 0,
          valid: true,
          bsb: '062000',
          formattedBsb: '062-000',
          bankName: 'Commonwealth Bank',
          message: null,
        },
      });
    }
  });

  it.each(['999-999', 'abc', '1234567', ''])("answers 14 'Invalid Bsb number' for %j", async (bsb) => {
    const { body } = await server.graphql<{ validateBsb: Record<string, unknown> }>(VALIDATE_BSB, { bsb }, token);
    expect(body.data?.validateBsb).toMatchObject({ code: 14, valid: false, message: 'Invalid Bsb number' });
  });

  it('answers POST /api/billers/validatebsb with BsbNumber or bsbNumber, string or number', async () => {
    const pascal = await post('/api/billers/validatebsb', { BsbNumber: '083-004' });
    expect(await pascal.json()).toMatchObject({
      code: 0,
      bankName: 'National Australia Bank',
      formattedBsb: '083-004',
    });
    const camel = await post('/api/billers/validatebsb', { bsbNumber: 62000 });
    expect(await camel.json()).toMatchObject({ code: 0, bankName: 'Commonwealth Bank' });
    const invalid = await post('/api/billers/validatebsb', { BsbNumber: '999999' });
    expect(invalid.status).toBe(200);
    expect(await invalid.json()).toMatchObject({ code: 14, message: 'Invalid Bsb number' });
  });

  it('refuses callers who are not signed in, over GraphQL and REST', async () => {
    const { body } = await server.graphql(VALIDATE_BSB, { bsb: '062-000' });
    expect(body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await post('/api/billers/validatebsb', { BsbNumber: '062000' }, false)).status).toBe(401);
    expect((await post('/api/billers/validatebpay', { bPayNumber: '9027' }, false)).status).toBe(401);
  });
});
