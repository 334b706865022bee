import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../server/src/shared/local-date.js';
import { BILL_DATE_IN_PAST_MESSAGE, DATES_NOT_VALID_MESSAGE } from '../../server/src/shared/bill/bill-details.rules.js';
import {
  BILLER_REINSTATED_MESSAGE,
  BILLER_DELETED_MESSAGE,
  BILLER_REMOVED_MESSAGE,
  PENDING_TRANSACTION_MESSAGE,
} from '../../server/src/modules/biller/biller-list.rules.js';
import {
  CATEGORY_ASSIGNMENT_LOCK,
  OPERATION_IN_PROGRESS_MESSAGE,
} from '../../server/src/modules/biller/biller-wizard.service.js';
import { modificationChanges } from '../../server/src/modules/activity-history/modification-diff.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  bpayBillerInput,
  bpayCompany,
  footprint,
  modificationOf,
  setupAgreement,
  sql,
} from './biller-wizard.fixtures.js';

/**
 * The wizard's billers and sub-categories over GraphQL (spec 2 §2-§5): saves in setup and in a modification,
 * every field's rejection as data with nothing written, the list, locks, remove and reinstate, change detection,
 * the one-at-a-time category assignment, and members on their own and on another member's agreements.
 */

let server: TestServer;
let agent: string;
let member: string;
// The app's clock is the system's in these tests; the tables below are built before the server starts.
const today = todayIn('Australia/Sydney');
let setupId: number;
let bpay: Awaited<ReturnType<typeof bpayCompany>>;

const BILLER = `id nickname status modificationState paymentType bPayNumber bpayBillerName customerReferenceNumber
  bsbNumber bsbDisplay bsbBankName eftReferenceNumber directDebitAccountNumber expectedBillValue contingencyValue
  billingFrequency dateOfBill biMonthly2ndDate isExactDateOfBillKnown doesAmountVaryFromBillToBill isAutoPaymentBill
  isSeasonBill peakMonths isLocked contractId`;
const SAVE = `mutation($input: BillerInput!) { saveBiller(input: $input) {
  biller { ${BILLER} } depositsStepNeeded paymentChanges message errors { code field message } } }`;
const LIST = `query($id: Int!, $sort: WizardListSort, $dir: WizardSortDirection) {
  wizardBillingItems(contractId: $id, sortBy: $sort, direction: $dir) {
    id type nickname category status modificationState isLocked canEdit canRemove canReinstate lockedMessage } }`;
const REMOVE = `mutation($id: Int!, $final: Boolean, $date: String) {
  removeBiller(billerId: $id, isFinalBillExpected: $final, expectedFinalBillDate: $date) {
    item { id status modificationState canReinstate } deleted message errors { code field message } } }`;
const REINSTATE = `mutation($id: Int!) { reinstateBiller(billerId: $id) {
  item { id status modificationState } deleted message errors { code field message } } }`;

interface SaveResult {
  saveBiller: {
    biller: Record<string, unknown> | null;
    depositsStepNeeded: boolean;
    paymentChanges: string[];
    message: string | null;
    errors: { code: string; field: string | null; message: string }[];
  };
}

function day(offset: number): string {
  return addDays(today, offset);
}

function bpayInput(contractId: number, change: Record<string, unknown> = {}) {
  return bpayBillerInput(bpay, contractId, day(10), change);
}

async function save(input: Record<string, unknown>, token = agent) {
  const { body } = await server.graphql<SaveResult>(SAVE, { input }, token);
  return body;
}

beforeAll(async () => {
  server = await startTestServer();
  expect(server.app.services.clock.today()).toBe(today);
  [agent, member] = await Promise.all([server.token(...AGENT), server.token(...MEMBER_TWO_ACCOUNTS)]);
  setupId = await setupAgreement(server, MEMBER_TWO_ACCOUNTS[0], today);
  bpay = await bpayCompany(server);
});
afterAll(async () => {
  await server?.stop();
});

describe('saveBiller in setup (spec 2 §3-§5)', () => {
  it('adds a BPAY biller: biller name from the catalogue, reference masked, state 1 new, deposits step needed', async () => {
    const body = await save(bpayInput(setupId));
    expect(body.errors).toBeUndefined();
    const result = body.data!.saveBiller;
    expect(result.errors).toEqual([]);
    expect(result.depositsStepNeeded).toBe(true);
    expect(result.biller).toMatchObject({
      nickname: 'Electricity',
      bPayNumber: bpay.billerCode,
      modificationState: 1,
      expectedBillValue: '250.00',
      contingencyValue: '0.00',
      customerReferenceNumber: `*******${bpay.reference.slice(-3)}`,
      contractId: setupId,
    });
    expect(result.biller!.bpayBillerName).toBeTruthy();
  });

  it('adds an EFT biller: BSB padded and shown 3-3 with its bank, reference defaulting to the nickname cut to 18', async () => {
    const body = await save({
      ...bpayInput(setupId),
      companyId: null,
      nickname: 'Landlord rent for the flat',
      paymentType: 1,
      bPayNumber: null,
      customerReferenceNumber: null,
      bsbNumber: '62-000',
      eftAccountNumber: '12345678',
      eftAccountName: 'J Smith',
      doesAmountVaryFromBillToBill: true,
    });
    expect(body.data!.saveBiller.biller).toMatchObject({
      bsbNumber: '062000',
      bsbDisplay: '062-000',
      bsbBankName: 'Commonwealth Bank',
      eftReferenceNumber: 'Landlord rent for',
      contingencyValue: '25.00',
      isAutoPaymentBill: false,
    });
  });

  it('adds a direct-debit biller: a number assigned, amount-varies, exact date and auto-pay forced on', async () => {
    const body = await save({
      ...bpayInput(setupId),
      companyId: null,
      nickname: 'Gym',
      paymentType: 4,
      bPayNumber: null,
      customerReferenceNumber: null,
      doesAmountVaryFromBillToBill: null,
      isAutoPaymentBill: false,
      isExactDateOfBillKnown: false,
    });
    expect(body.data!.saveBiller.errors).toEqual([]);
    const biller = body.data!.saveBiller.biller!;
    expect(biller).toMatchObject({
      doesAmountVaryFromBillToBill: true,
      isAutoPaymentBill: true,
      isExactDateOfBillKnown: true,
      contingencyValue: '25.00',
    });
    expect(String(biller.directDebitAccountNumber)).toMatch(/^(89|80)\d{7}$/);
  });

  it('adds a season, bi-monthly biller', async () => {
    const body = await save({
      ...bpayInput(setupId),
      companyId: null,
      paymentType: 2,
      bPayNumber: null,
      customerReferenceNumber: null,
      nickname: 'Heating',
      billingFrequency: 10,
      biMonthly1stDate: day(2),
      biMonthly2ndDate: day(16),
      expectedBillValue: null,
      isSeasonBill: true,
      peakValueOfBill: '300.00',
      offPeakValueOfBill: '100.00',
      peakMonths: [7, 6],
    });
    expect(body.data!.saveBiller.errors).toEqual([]);
    expect(body.data!.saveBiller.biller).toMatchObject({
      billingFrequency: 10,
      dateOfBill: day(2),
      biMonthly2ndDate: day(16),
      isSeasonBill: true,
      peakMonths: '6,7',
      expectedBillValue: '100.00',
    });
  });

  it.each<[string, Record<string, unknown>, string, string, string?]>([
    ['no nickname', { nickname: '' }, 'nickname', 'nicknameRequired'],
    ['payment type 9', { paymentType: 9 }, 'paymentType', 'paymentTypeRequired'],
    ['unknown BPAY code', { bPayNumber: '1', companyId: null }, 'bPayNumber', '11'],
    ['bad reference', { customerReferenceNumber: '12ab' }, 'customerReferenceNumber', '12'],
    ['amount 0', { expectedBillValue: '0.00' }, 'expectedBillValue', 'invalidTotalBillValue'],
    ['frequency 0', { billingFrequency: 0 }, 'billingFrequency', 'frequencyRequired'],
    ['date in the past', { dateOfBill: day(-1) }, 'dateOfBill', 'billDateInPast', BILL_DATE_IN_PAST_MESSAGE],
    ['malformed date', { dateOfBill: '2026-02-30' }, 'dateOfBill', 'invalidDateFormat'],
    ['date beyond a year', { dateOfBill: day(400) }, 'dateOfBill', 'invalidDateRangeOfBill'],
    [
      'rough month 13',
      { isExactDateOfBillKnown: false, dateOfBill: null, roughMonth: 13 },
      'roughMonth',
      'roughMonthRequired',
    ],
    [
      'bi-monthly dates reversed',
      { billingFrequency: 10, biMonthly1stDate: day(10), biMonthly2ndDate: day(5) },
      'biMonthly1stDate',
      'invalidBiMonthlyDates',
      DATES_NOT_VALID_MESSAGE,
    ],
    [
      'no amount-varies choice',
      { doesAmountVaryFromBillToBill: null },
      'doesAmountVaryFromBillToBill',
      'amountVariesRequired',
    ],
    ['final bill without date', { isFinalBillExpected: true }, 'expectedFinalBillDate', 'finalBillDateRequired'],
    ['season without values', { isSeasonBill: true, peakMonths: [1] }, 'peakValueOfBill', 'seasonValuesRequired'],
    ['unknown category', { billingCategoryId: 999999, companyId: null }, 'billingCategoryId', 'INVALID_CATEGORY'],
    ['company of another category', { companyId: 999999 }, 'companyId', 'INVALID_COMPANY'],
    [
      'EFT with a bad BSB',
      { paymentType: 1, companyId: null, bsbNumber: 'x', eftAccountNumber: '1234', eftAccountName: 'A' },
      'bsbNumber',
      '14',
      'Invalid Bsb number',
    ],
    [
      'direct debit number 70…',
      { paymentType: 4, companyId: null, directDebitAccountNumber: '701234567' },
      'directDebitAccountNumber',
      'invalidDirectDebitAccountNumber',
    ],
  ])('refuses %s as data on its field, writing nothing', async (_name, change, field, code, message) => {
    const before = await footprint(server);
    const body = await save(bpayInput(setupId, change));
    expect(body.errors).toBeUndefined();
    const result = body.data!.saveBiller;
    expect(result.biller).toBeNull();
    expect(result.errors).toContainEqual(expect.objectContaining({ field, code }));
    if (message) expect(result.errors.find((e) => e.field === field)?.message).toBe(message);
    expect(await footprint(server)).toEqual(before);
  });

  it('a malformed amount is refused by the Money scalar, nothing written', async () => {
    const before = await footprint(server);
    const body = await save(bpayInput(setupId, { expectedBillValue: '12.345' }));
    expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await footprint(server)).toEqual(before);
  });

  it('force-removes a biller in setup (the row is gone) and the list no longer shows it', async () => {
    const added = await save(bpayInput(setupId, { nickname: 'Temporary' }));
    const id = Number(added.data!.saveBiller.biller!.id);
    const { body } = await server.graphql<{ removeBiller: { deleted: boolean; message: string } }>(
      REMOVE,
      { id },
      agent,
    );
    expect(body.data!.removeBiller).toMatchObject({ deleted: true, message: BILLER_DELETED_MESSAGE });
    expect(await sql(server, 'select id from biller where id = ?', [id])).toEqual([]);
  });

  it('lists billers and sub-categories together, by category ascending by default, sortable', async () => {
    const sub = await server.graphql<{ saveSubCategory: { errors: unknown[] } }>(
      `mutation($input: SubCategoryInput!) { saveSubCategory(input: $input) { subCategory { id } errors { code } } }`,
      {
        input: {
          contractId: setupId,
          billingCategoryId: bpay.categoryId,
          nickname: 'Groceries',
          expectedBillValue: '80.00',
          billingFrequency: 1,
          dateOfBill: day(3),
        },
      },
      agent,
    );
    expect(sub.body.data!.saveSubCategory.errors).toEqual([]);
    const { body } = await server.graphql<{
      wizardBillingItems: { category: string; nickname: string; type: number }[];
    }>(LIST, { id: setupId }, agent);
    const items = body.data!.wizardBillingItems;
    expect(items.map((i) => i.type).sort()).toEqual([0, 0, 0, 0, 1]);
    const categories = items.map((i) => i.category.toLowerCase());
    expect(categories).toEqual([...categories].sort());
    const byName = await server.graphql<{ wizardBillingItems: { nickname: string }[] }>(
      LIST,
      { id: setupId, sort: 'NICKNAME', dir: 'DESC' },
      agent,
    );
    const names = byName.body.data!.wizardBillingItems.map((i) => i.nickname.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it('a member cannot change the billers of a new agreement in setup (staff set it up)', async () => {
    const body = await save(bpayInput(setupId), member);
    expect(body.data!.saveBiller.errors).toEqual([
      expect.objectContaining({ code: 'STAFF_ONLY', field: 'contractId' }),
    ]);
  });
});

describe('a modification (status 9)', () => {
  let versionId: number;
  let billerId: number;

  beforeAll(async () => {
    ({ versionId } = await modificationOf(server, MEMBER_TWO_ACCOUNTS[0]));
    const [row] = await sql<{ id: number }>(
      server,
      `select b.id from biller b where b.agreement_id = ? and b.status = 1 and b.payment_method in (0, 1, 2, 3)
         and not exists (select 1 from bill x where x.biller_id = b.previous_id and x.status in (1, 3, 4))
         and not exists (select 1 from activity a where a.biller_id = b.previous_id and a.transaction_status = 0)
       order by b.id limit 1`,
      [versionId],
    );
    billerId = Number(row.id);
  });

  // The list's "Next bill" (found walking the lifecycle: the modify wizard showed each biller's first bill, months
  // past, e.g. "18 May, 2026" on 1 December): each item's next bill due today or later, never a past date.
  it('lists each item’s next bill, today or later, not its first date of bill', async () => {
    const { body } = await server.graphql<{
      wizardBillingItems: { nickname: string; status: string; dateOfBill: string; nextBillDate: string | null }[];
    }>(
      `query($id: Int!) { wizardBillingItems(contractId: $id) { nickname status dateOfBill nextBillDate } }`,
      { id: versionId },
      agent,
    );
    const items = body.data!.wizardBillingItems;
    const [version] = await sql<{ end_date: string }>(server, 'select end_date::text from agreement where id = ?', [
      versionId,
    ]);
    expect(items.some((item) => item.dateOfBill < today)).toBe(true); // the running agreement's first bills are past
    for (const item of items) {
      if (item.nextBillDate === null) continue;
      expect(item.nextBillDate >= today, `${item.nickname}: ${item.nextBillDate}`).toBe(true);
      expect(item.nextBillDate <= version.end_date).toBe(true);
    }
    expect(items.filter((item) => item.status === 'Active' && item.nextBillDate !== null).length).toBeGreaterThan(0);
  });

  async function loadForm(id: number) {
    const { body } = await server.graphql<{ wizardBiller: Record<string, unknown> }>(
      `query($id: Int!) { wizardBiller(billerId: $id) {
         id contractId billingCategoryId companyId nickname paymentType bPayNumber customerReferenceNumber bsbNumber
         eftAccountNumber eftAccountName eftReferenceNumber directDebitAccountNumber expectedBillValue billingFrequency
         dateOfBill biMonthly1stDate biMonthly2ndDate isExactDateOfBillKnown doesAmountVaryFromBillToBill
         isAutoPaymentBill isSeasonBill peakValueOfBill offPeakValueOfBill peakMonths } }`,
      { id },
      agent,
    );
    const b = body.data!.wizardBiller;
    return {
      billerId: b.id,
      contractId: b.contractId,
      billingCategoryId: b.billingCategoryId,
      companyId: b.companyId,
      nickname: b.nickname,
      paymentType: b.paymentType,
      bPayNumber: b.bPayNumber,
      customerReferenceNumber: b.customerReferenceNumber,
      bsbNumber: b.bsbNumber,
      eftAccountNumber: b.eftAccountNumber,
      eftAccountName: b.eftAccountName,
      eftReferenceNumber: b.eftReferenceNumber,
      directDebitAccountNumber: b.directDebitAccountNumber,
      expectedBillValue: b.expectedBillValue,
      billingFrequency: b.billingFrequency,
      dateOfBill: b.dateOfBill,
      biMonthly1stDate: b.biMonthly1stDate,
      biMonthly2ndDate: b.biMonthly2ndDate,
      isExactDateOfBillKnown: b.isExactDateOfBillKnown,
      doesAmountVaryFromBillToBill: b.doesAmountVaryFromBillToBill,
      isAutoPaymentBill: b.isAutoPaymentBill,
      isSeasonBill: b.isSeasonBill,
      peakValueOfBill: b.peakValueOfBill,
      offPeakValueOfBill: b.offPeakValueOfBill,
      peakMonths: typeof b.peakMonths === 'string' && b.peakMonths ? b.peakMonths.split(',').map(Number) : null,
    };
  }

  it('renaming a biller is a payment change only: no deposits step, a success message, state 2 edit', async () => {
    const form = await loadForm(billerId);
    const body = await save({ ...form, nickname: `${String(form.nickname)} renamed` });
    const result = body.data!.saveBiller;
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ depositsStepNeeded: false, paymentChanges: ['nickname'] });
    expect(result.message).toBeTruthy();
    expect(result.biller).toMatchObject({ modificationState: 2, contractId: versionId });
    // The change is recorded where the modification's activity reads it (activity/modification-diff.ts).
    const [change] = await sql<{ changes: string }>(
      server,
      'select changes::text as changes from agreement_change where agreement_id = ? order by id desc limit 1',
      [versionId],
    );
    expect(modificationChanges(change.changes)).toContainEqual({
      field: `Billers ${String(form.nickname).toLowerCase()} nickname`,
      before: String(form.nickname),
      after: `${String(form.nickname)} renamed`,
    });
  });

  it('editing the amount changes the contract: the deposits step is needed', async () => {
    const form = await loadForm(billerId);
    const body = await save({ ...form, expectedBillValue: '999.99' });
    expect(body.data!.saveBiller).toMatchObject({ depositsStepNeeded: true, message: null, errors: [] });
  });

  it('a twice-a-month biller’s new amount is saved with its saved bill dates, past by now (issue 25, seed 8)', async () => {
    const [row] = await sql<{ id: number }>(
      server,
      `select b.id from biller b where b.agreement_id = ? and b.id <> ? and b.status = 1 and not b.is_season_bill
         and not exists (select 1 from activity a where a.biller_id = b.previous_id and a.transaction_status = 0)
       order by b.id limit 1`,
      [versionId, billerId],
    );
    const id = Number(row.id);
    // Saved twice a month on two days of the month, its two dates (the schedule's anchors) long past.
    const [first, second] = [day(-60), day(-45)];
    await sql(
      server,
      `update biller set billing_frequency = 10, date_of_bill = ?::date, second_date_of_bill = ?::date,
         second_day_of_month = extract(day from ?::date), is_exact_date_of_bill_known = true where id = ?`,
      [first, second, second, id],
    );
    const form = await loadForm(id);
    expect(form).toMatchObject({ billingFrequency: 10, biMonthly1stDate: first, biMonthly2ndDate: second });
    // A date moved into the past is still refused.
    const moved = await save({ ...form, expectedBillValue: '123.45', biMonthly2ndDate: day(-1) });
    expect(moved.data!.saveBiller.errors).toEqual([
      { code: 'invalidBiMonthlyDates', field: 'biMonthly1stDate', message: DATES_NOT_VALID_MESSAGE },
    ]);
    const body = await save({ ...form, expectedBillValue: '123.45' });
    expect(body.data!.saveBiller).toMatchObject({ depositsStepNeeded: true, errors: [] });
    expect(body.data!.saveBiller.biller).toMatchObject({
      expectedBillValue: '123.45',
      billingFrequency: 10,
      dateOfBill: first,
      biMonthly2ndDate: second,
    });
  });

  it('so is a twice-a-month sub-category’s new amount', async () => {
    const [first, second] = [day(-40), day(-25)];
    const [row] = await sql<{ id: number }>(
      server,
      `insert into billing_sub_category (agreement_id, billing_category_id, nickname, expected_bill_value,
         billing_frequency, date_of_bill, second_date_of_bill, date_added)
       values (?, ?, 'Groceries', 80, 10, ?::date, ?::date, ?::date - 50) returning id`,
      [versionId, bpay.categoryId, first, second, today],
    );
    const input = {
      billingSubCategoryId: Number(row.id),
      contractId: versionId,
      billingCategoryId: bpay.categoryId,
      nickname: 'Groceries',
      expectedBillValue: '95.00',
      billingFrequency: 10,
      biMonthly1stDate: first,
      biMonthly2ndDate: second,
    };
    const { body } = await server.graphql<{
      saveSubCategory: { subCategory: Record<string, unknown> | null; errors: unknown[] };
    }>(
      `mutation($input: SubCategoryInput!) { saveSubCategory(input: $input) {
         subCategory { expectedBillValue dateOfBill biMonthly2ndDate } errors { code field message } } }`,
      { input },
      agent,
    );
    expect(body.data!.saveSubCategory).toEqual({
      subCategory: { expectedBillValue: '95.00', dateOfBill: first, biMonthly2ndDate: second },
      errors: [],
    });
  });

  it('a member cannot edit a biller of a modification (staff change it, the member approves)', async () => {
    const form = await loadForm(billerId);
    const body = await save({ ...form, nickname: 'Member named' }, member);
    expect(body.data!.saveBiller.errors).toEqual([expect.objectContaining({ code: 'STAFF_ONLY' })]);
  });

  it('removes (status 3, state 3, kept), refuses to edit it, then reinstates it (state 4)', async () => {
    const removed = await server.graphql<{ removeBiller: Record<string, unknown> }>(REMOVE, { id: billerId }, agent);
    expect(removed.body.data!.removeBiller).toMatchObject({
      deleted: false,
      message: BILLER_REMOVED_MESSAGE,
      item: { id: billerId, status: 'Removed', modificationState: 3, canReinstate: true },
    });
    const [row] = await sql<{ is_active: boolean; is_valid: boolean }>(
      server,
      'select is_active, is_valid from biller where id = ?',
      [billerId],
    );
    expect(row).toEqual({ is_active: false, is_valid: true });
    const form = await loadForm(billerId);
    const refused = await save({ ...form, nickname: 'Not allowed' });
    expect(refused.data!.saveBiller.errors).toEqual([expect.objectContaining({ code: 'ITEM_REMOVED' })]);
    const back = await server.graphql<{ reinstateBiller: Record<string, unknown> }>(REINSTATE, { id: billerId }, agent);
    expect(back.body.data!.reinstateBiller).toMatchObject({
      message: BILLER_REINSTATED_MESSAGE,
      item: { status: 'Active', modificationState: 4 },
    });
    const [change] = await sql<{ changes: Record<string, unknown> }>(
      server,
      'select changes from agreement_change where agreement_id = ? order by id desc limit 1',
      [versionId],
    );
    expect(change.changes).toMatchObject({ billersRemoved: [form.nickname], billersReinstated: [form.nickname] });
  });

  it('removal with a final bill date outside the agreement is refused, nothing written', async () => {
    const before = await footprint(server);
    const { body } = await server.graphql<{ removeBiller: { errors: { code: string }[] } }>(
      REMOVE,
      { id: billerId, final: true, date: day(4000) },
      agent,
    );
    expect(body.data!.removeBiller.errors).toEqual([expect.objectContaining({ code: 'invalidFinalBillDateRange' })]);
    expect(await footprint(server)).toEqual(before);
  });

  it('the remove screen shows the next transaction date', async () => {
    const { body } = await server.graphql<{ billerRemoval: Record<string, unknown> }>(
      'query($id: Int!) { billerRemoval(billerId: $id) { id nextTransactionDate expectedFinalBillDate loadError } }',
      { id: billerId },
      agent,
    );
    expect(body.data!.billerRemoval).toMatchObject({ id: billerId, loadError: false });
  });

  it('a biller with a pending transaction is locked and cannot be edited or removed', async () => {
    const [previous] = await sql<{ previous_id: number }>(server, 'select previous_id from biller where id = ?', [
      billerId,
    ]);
    const [bill] = await sql<{ id: number; status: number }>(
      server,
      'select id, status from bill where biller_id = ? order by due_date desc limit 1',
      [previous.previous_id],
    );
    await sql(server, 'update bill set status = 3 where id = ?', [bill.id]);
    try {
      const list = await server.graphql<{
        wizardBillingItems: { id: number; isLocked: boolean; lockedMessage: string }[];
      }>(LIST, { id: versionId }, agent);
      expect(list.body.data!.wizardBillingItems.find((i) => i.id === billerId)).toMatchObject({
        isLocked: true,
        lockedMessage: PENDING_TRANSACTION_MESSAGE,
      });
      const removed = await server.graphql<{ removeBiller: { errors: { code: string; message: string }[] } }>(
        REMOVE,
        { id: billerId },
        agent,
      );
      expect(removed.body.data!.removeBiller.errors).toEqual([
        { code: 'BILL_LOCKED', field: 'billerId', message: PENDING_TRANSACTION_MESSAGE },
      ]);
    } finally {
      await sql(server, 'update bill set status = ? where id = ?', [bill.status, bill.id]);
    }
  });

  it('another member’s modification is refused like an id nobody has', async () => {
    const other = await modificationOf(server, MEMBER_MISSED_DEPOSIT[0]);
    const mine = await save(bpayInput(other.versionId), member);
    const nobody = await save(bpayInput(987654), member);
    expect(mine.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(nobody.errors?.[0].message).toBe(mine.errors?.[0].message);
    const list = await server.graphql(LIST, { id: other.versionId }, member);
    expect(list.body.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
  });
});

describe('assignBillingCategory (spec 2 §4: one at a time)', () => {
  const ASSIGN = `mutation($c: Int!, $k: Int!) { assignBillingCategory(contractId: $c, billingCategoryId: $k) {
    billingCategoryId category errors { code field message } } }`;

  it('assigns an active category', async () => {
    const { body } = await server.graphql<{ assignBillingCategory: Record<string, unknown> }>(
      ASSIGN,
      { c: setupId, k: bpay.categoryId },
      agent,
    );
    expect(body.data!.assignBillingCategory).toMatchObject({ billingCategoryId: bpay.categoryId, errors: [] });
  });

  it("refuses a second assignment while one runs: 'operation in progress please try again later'", async () => {
    const holder = new Client({ connectionString: realDatabaseUrl ?? undefined });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1, $2)', [CATEGORY_ASSIGNMENT_LOCK, setupId]);
      const { body } = await server.graphql<{ assignBillingCategory: { errors: unknown[] } }>(
        ASSIGN,
        { c: setupId, k: bpay.categoryId },
        agent,
      );
      expect(body.data!.assignBillingCategory.errors).toEqual([
        { code: 'OPERATION_IN_PROGRESS', field: 'billingCategoryId', message: OPERATION_IN_PROGRESS_MESSAGE },
      ]);
    } finally {
      await holder.end();
    }
  });

  it('refuses an unknown category as data', async () => {
    const { body } = await server.graphql<{ assignBillingCategory: { errors: { code: string }[] } }>(
      ASSIGN,
      { c: setupId, k: 999999 },
      agent,
    );
    expect(body.data!.assignBillingCategory.errors).toEqual([expect.objectContaining({ code: 'INVALID_CATEGORY' })]);
  });
});
