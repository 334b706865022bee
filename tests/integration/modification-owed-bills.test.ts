import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAgreementFacts } from '../../server/src/modules/agreement/agreement-facts.js';
import { AgreementStatus } from '../../server/src/modules/agreement/agreement-status.js';
import { forecastBalanceOn } from '../../server/src/modules/agreement/projection/projection.rules.js';
import { OWED_STATUSES } from '../../server/src/shared/bill/bill-status.rules.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { parseMoney, type Cents } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql, storedPlanLines } from './biller-wizard.fixtures.js';
import { startModification } from './modification.fixtures.js';

/**
 * A modification of an agreement that still owes overdue bills (the demo's member 100001: bills due before today,
 * unpaid or failed). The deposits step opens with the ledger's total of the version in force, which has not paid
 * them: it owes them on its first day (today), as the change review's forecast does (the applier's rolled-back
 * preview read by the projection: the overdue bills carried over, owed on the first day). So the step's lowest point is
 * the change review's less only what the step sets aside and the projection spends: each bill's contingency, up to
 * that day. Before, the step took them as paid and answered a lowest point higher by the overdue bills. The stored
 * plan written when the modification is applied is the step's own computation: the same lines.
 */

let server: TestServer;
let agent: string;
let inForceId: number;
let versionId: number;
let today: LocalDate;
let owedBefore: { amount: Cents; contingency: Cents }[];

const STEP = `query($id: Int!) { agreementDeposits(agreementId: $id) { step {
    deposits { contributionFrequency contributionAmount contributionDate depositType remitterName remitterNumber
      periodicalPaymentAccount depositOptions { weekly fortnightly monthly quarterly annually biMonthly } }
    plan { depositAmount depositCount required { amount totalExpenses openingBalance toBeDeposited }
      minimum { reachable amount } forecast { lowestPoint { date balance } }
      breakdown { lines { kind billerKey label amount periodTotal billCount } } }
    paymentDetails { totalOverDrawOfAmount contractTopupAmount hasOverDrawOfAmount totalContractValue } }
  errors { code message } } }`;

type Step = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function step(): Promise<Step> {
  const { body } = await server.graphql<{ agreementDeposits: { step: Step; errors: unknown[] } }>(
    STEP,
    { id: versionId },
    agent,
  );
  expect(body.errors).toBeUndefined();
  expect(body.data!.agreementDeposits.errors).toEqual([]);
  return body.data!.agreementDeposits.step;
}

/** The change review's figures: the applier's preview (rolled back) read by the projection, and the bills it holds. */
async function changeReview() {
  const em = server.app.database.orm.em.fork();
  const read = await server.app.services.changeApplier.preview(em, versionId, async (tx) => {
    const facts = await loadAgreementFacts(tx, versionId);
    const projection = await server.app.services.projections.forAgreement(tx, {
      ...facts!,
      status: AgreementStatus.Active,
    });
    const bills = await tx.execute<{ due_date: string; expected_amount: string; contingency: string }[]>(
      `select due_date::text as due_date, expected_amount::text as expected_amount, contingency::text as contingency
       from bill where agreement_id = ? and status = any(?::smallint[]) and due_date <= ?::date`,
      [versionId, `{${OWED_STATUSES.join(',')}}`, facts!.endDate],
    );
    return { forecast: projection.forecast!, bills };
  });
  return read!;
}

async function rest(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${agent}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

beforeAll(async () => {
  server = await startTestServer();
  today = server.app.services.clock.today();
  agent = await server.token(...AGENT);
  ({ agreementId: inForceId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]));
  const rows = await sql<{ expected_amount: string; contingency: string }>(
    server,
    `select expected_amount::text as expected_amount, contingency::text as contingency from bill
     where agreement_id = ? and status = any(?::smallint[]) and due_date < ?::date`,
    [inForceId, `{${OWED_STATUSES.join(',')}}`, today],
  );
  owedBefore = rows.map((row) => ({
    amount: parseMoney(row.expected_amount),
    contingency: parseMoney(row.contingency),
  }));
  expect(owedBefore.length).toBeGreaterThan(0); // the demo's overdue and failed bills, still owed
  versionId = await startModification(server, inForceId);
});
afterAll(async () => {
  await server?.stop();
});

describe('the deposits step of a modification owes the unpaid overdue bills on its first day', () => {
  it('its lowest point is the change review’s less the contingency it sets aside up to that day', async () => {
    const { plan } = await step();
    const review = await changeReview();
    const lowest = plan.forecast.lowestPoint as { date: LocalDate; balance: string };
    // The review's forecast spends no contingency; the step sets every bill's aside, the overdue ones' too.
    const contingencyUpTo = sum(
      review.bills.filter((bill) => bill.due_date <= lowest.date).map((bill) => parseMoney(bill.contingency)),
    );
    const reviewThatDay = forecastBalanceOn(review.forecast, lowest.date)!;
    expect(parseMoney(lowest.balance)).toBe(reviewThatDay - contingencyUpTo);
    // And no day of the review goes lower than the step's lowest, the contingency set aside by then added back.
    const reviewLowest = review.forecast.lowestPoint;
    const contingencyToReviewLowest = sum(
      review.bills.filter((bill) => bill.due_date <= reviewLowest.date).map((bill) => parseMoney(bill.contingency)),
    );
    expect(parseMoney(lowest.balance)).toBeLessThanOrEqual(reviewLowest.balance - contingencyToReviewLowest);
  });

  it('its required deposit funds the overdue bills: the expenses are every bill the change review owes', async () => {
    const { plan } = await step();
    const review = await changeReview();
    const owed = sum(review.bills.map((bill) => parseMoney(bill.expected_amount) + parseMoney(bill.contingency)));
    expect(parseMoney(plan.required.totalExpenses)).toBe(owed);
    // The overdue ones among them (due before today), which the version in force's ledger total has not paid.
    const overdue = sum(
      review.bills
        .filter((bill) => bill.due_date < today)
        .map((bill) => parseMoney(bill.expected_amount) + parseMoney(bill.contingency)),
    );
    expect(overdue).toBe(sum(owedBefore.map((bill) => bill.amount + bill.contingency)));
    expect(parseMoney(plan.required.toBeDeposited)).toBe(owed - parseMoney(plan.required.openingBalance));
    expect(parseMoney(plan.required.amount)).toBe(
      Math.ceil(parseMoney(plan.required.toBeDeposited) / Number(plan.depositCount)),
    );
  });

  it('the REST twin answers the same figures (one service)', async () => {
    const { deposits, paymentDetails } = await step();
    const details = await rest('GET', `/api/contractpaymentdetails?contractId=${versionId}`);
    expect({
      totalOverDrawOfAmount: details.totalOverDrawOfAmount,
      contractTopupAmount: details.contractTopupAmount,
      hasOverDrawOfAmount: details.hasOverDrawOfAmount,
      totalContractValue: details.totalContractValue,
    }).toEqual(paymentDetails);
    const draft = {
      contributionFrequency: deposits.contributionFrequency,
      contributionDate: deposits.contributionDate,
      depositType: deposits.depositType,
      remitterName: deposits.remitterName,
      remitterNumber: deposits.remitterNumber,
      periodicalPaymentAccount: deposits.periodicalPaymentAccount,
    };
    const options = await rest('PUT', `/api/contractpaymentdetails/depositoptions?contractId=${versionId}`, draft);
    expect(options.depositOptions).toEqual(deposits.depositOptions);
  });
});

describe('the plan stored when the modification is applied is the step’s own computation', () => {
  it('has the step’s lines, the overdue bills in their billers’ lines', async () => {
    const { plan } = await step();
    const lines = (plan.breakdown.lines as Step[]).map((line) => ({
      label: line.label,
      amount: line.amount,
      periodTotal: line.periodTotal,
      billCount: line.billCount,
    }));
    const periodTotals = sum(lines.map((line) => parseMoney(line.periodTotal)).filter((total) => total > 0));
    expect(periodTotals).toBeGreaterThanOrEqual(parseMoney(plan.required.totalExpenses));
    await sql(server, 'update agreement set status = 2 where id = ?', [versionId]);
    const applied = await server.app.services.changeApplier.applyQueued(server.app.database.orm.em.fork(), versionId);
    expect(applied.stage).toBe('APPLIED');
    expect(await storedPlanLines(server, versionId)).toEqual(lines);
  });
});
