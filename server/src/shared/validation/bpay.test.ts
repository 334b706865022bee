import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money.js';
import {
  BPAY_MESSAGES,
  BPAY_SERVER_ERROR_MESSAGE,
  bpayMessage,
  isUneditedMaskedReference,
  normaliseCustomerReference,
  validateBpayPayment,
  type BpayBillerInfo,
} from './bpay.js';
import { DEMO_BPAY_BILLERS } from './bpay-demo-billers.js';
import { appendCheckDigit } from './check-digit.js';
import { SERVICE_UNAVAILABLE_MESSAGE } from './issue.js';

// Demo billers used below:
// 482711 Harbourside Energy: MOD10V01, reference exactly 10 digits, maximum $20,000
// 615328 Southern Cross Power: MOD10V05
// 9027 Bluegum Gas: MOD10V01, minimum $5
// 203752 Coral Coast Gas: no check digit
// 779108 Murray Valley Water: MOD10V05, reference 8 to 12 digits
const catalogue = DEMO_BPAY_BILLERS;
const $ = (dollars: number) => cents(Math.round(dollars * 100));

describe('validateBpayPayment (spec 1 §5, spec 2 §5: BPAY codes 0, 11, 12, 13, 15)', () => {
  const fieldOf = { 11: 'bPayNumber', 12: 'customerReferenceNumber', 13: 'amount', 15: 'amount' } as const;
  type Row = [
    rule: string,
    billerCode: string | undefined,
    reference: string | undefined,
    dollars: number | undefined,
    code: number,
  ];

  it.each<Row>([
    // The biller code is validated first: 3 to 10 digits and known to the catalogue, else 11.
    ['unknown biller code', '123456', undefined, undefined, 11],
    ['letters in the biller code', '48271A', undefined, undefined, 11],
    ['biller code shorter than 3 digits', '12', undefined, undefined, 11],
    ['biller code longer than 10 digits', '12345678901', undefined, undefined, 11],
    ['blank biller code', '', undefined, undefined, 11],
    ['missing biller code', undefined, undefined, undefined, 11],
    ['biller code checked before a bad reference', '999', 'x', 1, 11],
    // The reference is checked once given (issue 26 item 7); the amount's limits only with an amount.
    ['biller code alone', '482711', undefined, undefined, 0],
    ['bad reference without an amount', '482711', '12', undefined, 12],
    ['amount without a reference', '482711', undefined, 99_999, 0],
    ['blank reference with an amount', '482711', '  ', 99_999, 0],
    // Customer reference: digits only, 1 to 20, and the biller's check digit and length.
    ['valid MOD10V01 reference', '482711', '4001234568', 120, 0],
    ['reference with letters', '203752', '12AB', 10, 12],
    ['reference of 20 digits', '203752', '1'.repeat(20), 10, 0],
    ['reference of 21 digits', '203752', '1'.repeat(21), 10, 12],
    ['reference with a wrong Luhn digit', '482711', '4001234567', 10, 12],
    ['valid MOD10V05 reference', '615328', '87348538', 10, 0],
    ['reference with a wrong MOD10V05 digit', '615328', '87348531', 10, 12],
    ['reference of the wrong length for the biller', '482711', '89557136', 10, 12],
    ['reference inside the biller length range', '779108', '87348538', 10, 0],
    ['spaces between reference digit groups', '482711', '4001 2345 68', 10, 0],
    // Amount limits: 13 above the maximum, 15 below the minimum; the reference is checked before the amount.
    ['amount above the maximum', '482711', '4001234568', 20_000.01, 13],
    ['amount at the maximum', '482711', '4001234568', 20_000, 0],
    ['amount below the minimum', '9027', '89557136', 4.99, 15],
    ['amount at the minimum', '9027', '89557136', 5, 0],
    ['zero amount for a biller without a minimum', '203752', '1', 0, 15],
    ['bad reference and bad amount', '482711', '1', 30_000, 12],
  ])('%s gives code %i', (_rule, billerCode, reference, dollars, code) => {
    const amount = dollars === undefined ? undefined : $(dollars);
    const result = validateBpayPayment({ billerCode, customerReferenceNumber: reference, amount }, catalogue);
    expect(result.code).toBe(code);
    if (result.ok) expect(result.billerName).toBe(catalogue.find((b) => b.billerCode === billerCode)?.name);
    else expect(result).toMatchObject({ field: fieldOf[result.code], message: BPAY_MESSAGES[result.code] });
  });

  // A masked value (containing *) that was not edited is not re-validated.
  it.each<[rule: string, reference: string, loaded: string | undefined, code: number]>([
    ['an untouched masked reference is accepted', '******4568', '******4568', 0],
    ['an edited masked reference is refused', '*****14568', '******4568', 12],
    ['a masked reference with nothing loaded is refused', '******4568', undefined, 12],
    ['an unmasked reference is checked even if unchanged', '4001234567', '4001234567', 12],
  ])('%s', (_rule, reference, loadedReference, code) => {
    const input = { billerCode: '482711', customerReferenceNumber: reference, loadedReference, amount: $(10) };
    expect(validateBpayPayment(input, catalogue).code).toBe(code);
  });

  it('still checks the amount limits behind an untouched masked reference', () => {
    const input = { billerCode: '482711', customerReferenceNumber: '***', loadedReference: '***', amount: $(20_001) };
    expect(validateBpayPayment(input, catalogue).code).toBe(13);
  });

  it('returns the biller name and says how much was checked', () => {
    expect(validateBpayPayment({ billerCode: ' 482 711 ' }, catalogue)).toEqual({
      ok: true,
      code: 0,
      billerCode: '482711',
      billerName: 'Harbourside Energy',
      scope: 'billerCode',
    });
    const full = validateBpayPayment(
      { billerCode: 482711, customerReferenceNumber: '4001234568', amount: $(1) },
      catalogue,
    );
    expect(full).toMatchObject({ ok: true, scope: 'full' });
  });

  it('checks the reference as soon as one is given, without waiting for an amount (issue 26 item 7)', () => {
    expect(validateBpayPayment({ billerCode: '482711', customerReferenceNumber: '12' }, catalogue)).toMatchObject({
      code: 12,
      field: 'customerReferenceNumber',
    });
    expect(
      validateBpayPayment({ billerCode: '482711', customerReferenceNumber: '4001234568', amount: null }, catalogue),
    ).toMatchObject({ ok: true, scope: 'reference' });
  });

  it('reports the limit the amount broke', () => {
    const above = { billerCode: '482711', customerReferenceNumber: '4001234568', amount: $(25_000) };
    expect(validateBpayPayment(above, catalogue)).toMatchObject({ code: 13, limit: 2_000_000 });
    const below = { billerCode: '203752', customerReferenceNumber: '1', amount: $(0) };
    expect(validateBpayPayment(below, catalogue)).toMatchObject({ code: 15, limit: 1 });
  });

  it('takes its catalogue as data', () => {
    const own: BpayBillerInfo[] = [{ billerCode: '1234', name: 'Test Water', referenceAlgorithm: 'none' }];
    expect(validateBpayPayment({ billerCode: '1234' }, own)).toMatchObject({ code: 0, billerName: 'Test Water' });
    expect(validateBpayPayment({ billerCode: '482711' }, own).code).toBe(11);
  });

  it('refuses any biller code the catalogue does not hold (property)', () => {
    const known = new Set(catalogue.map((b) => b.billerCode));
    fc.assert(
      fc.property(fc.string(), (code) => {
        fc.pre(!known.has(code.replace(/\s+/g, '')));
        expect(validateBpayPayment({ billerCode: code }, catalogue).code).toBe(11);
      }),
    );
  });

  it('accepts any reference carrying the biller check digit and refuses it with a letter in it (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,19}$/), fc.nat(), (digits, at) => {
        const reference = appendCheckDigit(digits, 'MOD10V01');
        const input = { billerCode: '77313', customerReferenceNumber: reference, amount: $(50) };
        expect(validateBpayPayment(input, catalogue).code).toBe(0);
        const index = at % reference.length;
        const withLetter = `${reference.slice(0, index)}A${reference.slice(index + 1)}`;
        expect(validateBpayPayment({ ...input, customerReferenceNumber: withLetter }, catalogue).code).toBe(12);
      }),
    );
  });
});

describe('customer reference helpers (spec 1 §5)', () => {
  it('checks a reference on its own: digits only, 1 to 20', () => {
    expect(normaliseCustomerReference('0')).toBe('0');
    expect(normaliseCustomerReference('12 34')).toBe('1234');
    expect(normaliseCustomerReference('')).toBeUndefined();
    expect(normaliseCustomerReference('1'.repeat(21))).toBeUndefined();
    expect(normaliseCustomerReference('-12')).toBeUndefined();
  });

  it('treats only an unchanged value with * as the untouched mask', () => {
    expect(isUneditedMaskedReference('****1234', '****1234')).toBe(true);
    expect(isUneditedMaskedReference('****1235', '****1234')).toBe(false);
    expect(isUneditedMaskedReference('12341234', '12341234')).toBe(false);
    expect(isUneditedMaskedReference('****1234', undefined)).toBe(false);
  });
});

describe('bpayMessage (spec 1 §8, spec 2 §8)', () => {
  it.each([
    [0, undefined],
    [11, BPAY_MESSAGES[11]],
    [12, BPAY_MESSAGES[12]],
    [13, BPAY_MESSAGES[13]],
    [15, BPAY_MESSAGES[15]],
    [14, SERVICE_UNAVAILABLE_MESSAGE],
    [99, SERVICE_UNAVAILABLE_MESSAGE],
    [-1, SERVICE_UNAVAILABLE_MESSAGE],
  ])('code %i shows %s', (code, message) => {
    expect(bpayMessage(code)).toBe(message);
  });

  it('carries the spec wording', () => {
    expect(SERVICE_UNAVAILABLE_MESSAGE).toBe('The service is not available at the moment. Please try again later.');
    expect(BPAY_SERVER_ERROR_MESSAGE).toBe('Could not validate BPAY number due to a server error.');
  });
});

describe('DEMO_BPAY_BILLERS', () => {
  it('holds a dozen household billers with distinct, well-formed codes', () => {
    expect(catalogue).toHaveLength(12);
    expect(new Set(catalogue.map((b) => b.billerCode)).size).toBe(12);
    expect(new Set(catalogue.map((b) => b.category))).toEqual(
      new Set(['electricity', 'gas', 'water', 'phone', 'council rates', 'insurance']),
    );
    for (const biller of catalogue) {
      expect(biller.billerCode).toMatch(/^\d{3,10}$/);
      expect(validateBpayPayment({ billerCode: biller.billerCode }, catalogue)).toMatchObject({
        billerName: biller.name,
      });
    }
  });
});
