import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgreementStatus, loadAgreementFacts } from '../../server/src/modules/agreement/index.js';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, modificationOf, sql } from './biller-wizard.fixtures.js';
import { em, memberIdOf } from './portal-support.js';

/**
 * A biller form's preview says what saving the edit does (issue 9 item 9): the lowest point it shows for the edited
 * biller is the one the overview's forecast shows once the same edit is saved and the modification applied. The
 * preview's item is built from the very input that is saved (as the biller form's `previewItemOf` builds it for an
 * exact date and no season), so the two can only differ where the preview puts the edited biller's bills differently
 * from the projection.
 */

let server: TestServer;
let agent: string;
let memberId: number;
let today: LocalDate;

const PREVIEW = `query($id: Int!, $replacing: String, $item: DepositPlanBillerInput!) {
  billerEditPreview(contractId: $id, replacing: $replacing, item: $item) {
    available message before { lowestPoint { date balance } } after { lowestPoint { date balance } } } }`;
const SAVE = `mutation($input: BillerInput!) { saveBiller(input: $input) { errors { code message } } }`;
const FORM = `query($id: Int!) { wizardBiller(billerId: $id) {
  id contractId billingCategoryId companyId nickname paymentType bPayNumber customerReferenceNumber bsbNumber
  eftAccountNumber eftAccountName eftReferenceNumber directDebitAccountNumber expectedBillValue billingFrequency
  dateOfBill isExactDateOfBillKnown doesAmountVaryFromBillToBill isAutoPaymentBill } }`;
const OVERVIEW = `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) {
  projection { agreementId verdict { lowestPoint { date balance } } } } }`;

interface Point {
  date: string;
  balance: string;
}

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.token(...AGENT);
  memberId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  today = server.app.services.clock.today();
});
afterAll(async () => {
  await server?.stop();
});

/** A biller of the modification staff may edit: active, paid by BPAY, EFT or card, nothing pending or overdue. */
async function editableBiller(versionId: number): Promise<number> {
  const [row] = await sql<{ id: number }>(
    server,
    `select b.id from biller b where b.agreement_id = ? and b.status = 1 and b.payment_method in (0, 1, 2, 3)
       and not b.is_season_bill
       and not exists (select 1 from bill x where x.biller_id = b.previous_id and x.status in (1, 3, 4))
       and not exists (select 1 from activity a where a.biller_id = b.previous_id and a.transaction_status = 0)
     order by b.id limit 1`,
    [versionId],
  );
  return Number(row.id);
}

/** The biller form as staff open it for `billerId` (the saved input, unchanged). */
type BillerInput = Record<string, unknown> & {
  nickname: string;
  billingFrequency: number;
  dateOfBill: string;
  expectedBillValue: string;
  doesAmountVaryFromBillToBill: boolean;
  paymentType: number;
};

/** The planner's biller input of a saveBiller input with an exact date and no season (the biller form's own mapping). */
function previewItemOf(input: BillerInput) {
  return {
    key: 'edited',
    label: input.nickname,
    frequency: input.billingFrequency,
    dateOfBill: input.dateOfBill,
    amount: input.expectedBillValue,
    amountVaries: input.doesAmountVaryFromBillToBill,
    paymentMethod: input.paymentType,
  };
}

async function formOf(billerId: number): Promise<BillerInput> {
  const { body } = await server.graphql<{ wizardBiller: Record<string, unknown> }>(FORM, { id: billerId }, agent);
  const { id, ...form } = body.data!.wizardBiller;
  return { ...form, billerId: Number(id) } as unknown as BillerInput;
}

/**
 * Previews `change` to a biller of a new modification of the member's agreement, saves the same input, applies the
 * modification, and answers the preview's lowest point and the overview's and projection's after applying.
 */
async function previewSaveApply(
  change: Partial<BillerInput>,
  pick: (versionId: number) => Promise<number> = editableBiller,
) {
  const { versionId } = await modificationOf(server, MEMBER_TWO_ACCOUNTS[0]);
  const billerId = await pick(versionId);
  const input = { ...(await formOf(billerId)), ...change };
  const item = previewItemOf(input);
  const previewed = await server.graphql<{
    billerEditPreview: {
      available: boolean;
      message: string | null;
      before: { lowestPoint: Point } | null;
      after: { lowestPoint: Point } | null;
    };
  }>(PREVIEW, { id: versionId, replacing: `biller:${billerId}`, item }, agent);
  expect(previewed.body.errors).toBeUndefined();
  const answer = previewed.body.data!.billerEditPreview;
  expect(answer).toMatchObject({ available: true, message: null });
  // The edit moves the lowest point: the test compares the edited biller's bills, not the stored ones.
  expect(answer.after!.lowestPoint).not.toEqual(answer.before!.lowestPoint);

  const saved = await server.graphql<{ saveBiller: { errors: unknown[] } }>(SAVE, { input }, agent);
  expect(saved.body.data?.saveBiller.errors).toEqual([]);
  // Applied as the member's approval would queue it (the applier's own run: carry-over, bills, top-up now).
  await sql(server, 'update agreement set status = ? where id = ?', [AgreementStatus.Queued, versionId]);
  expect((await server.app.services.changeApplier.applyQueued(em(server), versionId)).stage).toBe('APPLIED');

  const { accountId, agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
  expect(agreementId).toBe(versionId);
  const overview = await server.graphql<{
    accountOverview: { projection: { agreementId: number; verdict: { lowestPoint: Point | null } } };
  }>(OVERVIEW, { m: memberId, a: accountId }, agent);
  const facts = await loadAgreementFacts(em(server), versionId);
  const projection = await server.app.services.projections.forAgreement(em(server), facts!);
  return {
    previewed: answer.after!.lowestPoint,
    overview: overview.body.data!.accountOverview.projection,
    projected: projection.forecast!.lowestPoint,
    billerId,
  };
}

const money = (balance: number) => (balance / 100).toFixed(2);

describe("the biller form's preview against the saved edit", () => {
  it('a fixed monthly bill: the lowest point previewed is the overview’s once saved and applied', async () => {
    const { previewed, overview, projected } = await previewSaveApply({
      billingFrequency: 3,
      expectedBillValue: '431.17',
      isExactDateOfBillKnown: true,
      dateOfBill: today, // a bill on the forecast's first day
      doesAmountVaryFromBillToBill: false,
    });
    expect(previewed).toEqual({ date: projected.date, balance: money(projected.balance) });
    // The overview shows the lowest point when it goes short (the demo's agreement does).
    expect(overview.verdict.lowestPoint).toEqual(previewed);
  });

  it('a varying quarterly bill (10% contingency): the same lowest point, the contingency not spent', async () => {
    const { previewed, overview, projected, billerId } = await previewSaveApply({
      billingFrequency: 5,
      expectedBillValue: '1250.35',
      isExactDateOfBillKnown: true,
      dateOfBill: addDays(today, 1),
      doesAmountVaryFromBillToBill: true,
    });
    // Saved with its contingency: the bills set 10% aside, the forecast takes their expected amount.
    const bills = await sql<{ expected_amount: string; contingency: string }>(
      server,
      `select expected_amount::text as expected_amount, contingency::text as contingency from bill
       where biller_id = ? and due_date >= ?::date order by due_date`,
      [billerId, today],
    );
    expect(bills.length).toBeGreaterThan(0);
    expect(bills[0]).toEqual({ expected_amount: '1250.35', contingency: '125.04' });
    expect(previewed).toEqual({ date: projected.date, balance: money(projected.balance) });
    expect(overview.verdict.lowestPoint).toEqual(previewed);
  });

  it('a bill of the biller paid early: its date is not billed again, as applying holds it', async () => {
    // Found replacing the preview's own bills with the projection's: the preview put the edited biller's bill back on
    // a date the member had paid already, which applying leaves paid (the version in force holds it).
    const { agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
    const [bill] = await sql<{ id: number; biller_id: number; due: string; frequency: number }>(
      server,
      `select b.id, b.biller_id, b.due_date::text as due, r.billing_frequency as frequency
       from bill b join biller r on r.id = b.biller_id
       where b.agreement_id = ? and b.status in (0, 6) and r.status = 1 and r.payment_method in (0, 1, 2, 3)
         and not r.is_season_bill and r.billing_frequency in (2, 3, 4, 5) and b.due_date > ?::date + 7
       order by b.due_date limit 1`,
      [agreementId, today],
    );
    expect(bill).toBeDefined();
    // Paid early and settled (as the bank day leaves a bill paid by hand): the schedule's rules read only its status.
    await sql(server, 'update bill set status = 2, paid_amount = expected_amount, paid_date = ?::date where id = ?', [
      today,
      bill.id,
    ]);
    const { previewed, overview, projected } = await previewSaveApply(
      // A new amount on the same schedule: the paid bill's date is one of the edited biller's.
      {
        expectedBillValue: '377.77',
        isExactDateOfBillKnown: true,
        dateOfBill: bill.due,
        billingFrequency: bill.frequency,
      },
      async (versionId) => {
        const [copy] = await sql<{ id: number }>(
          server,
          'select id from biller where agreement_id = ? and previous_id = ?',
          [versionId, bill.biller_id],
        );
        return Number(copy.id);
      },
    );
    expect(previewed).toEqual({ date: projected.date, balance: money(projected.balance) });
    expect(overview.verdict.lowestPoint).toEqual(previewed);
  });
});
