import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { Field, Int, ObjectType } from 'type-graphql';
import { DomainError } from '../../shared/errors.js';
import { parseMoney, toDecimalString, type Cents } from '../../shared/money.js';
import { MoneyScalar } from '../../graphql/scalars.js';
import { bodyField, idParam, positiveInt, route, textValue } from '../../rest/route.js';
import { wireMoney } from '../../rest/wire.js';
import { PAYER_ROLES, STAFF_ROLES } from '../../common/auth/roles.js';
import { toPayRequest, type RawPayInput } from './payment-input.js';
import { KEYLESS_TOP_UP_REPEAT_SECONDS } from './payment.rules.js';
import {
  BillConfirmationView,
  BillDetailsView,
  BillForPayment,
  BillMoneySourceView,
  BillPageView,
  ReversalResult,
} from './payment.types.js';
import { BillToReverse, reversibleBills } from './reversible-bills.js';

@ObjectType('RestRainyDayTopUpAnswer', { description: 'POST /api/memberaccount/topupRainyDayFromAccount.' })
class RainyDayTopUpAnswer {
  @Field() success!: boolean;
  @Field(() => Int) transactionId!: number;
  @Field(() => MoneyScalar) topupAmount!: Cents;
}

/** The idempotency key: the `Idempotency-Key` header, or `idempotencyKey` in the body ('' when neither). */
function idempotencyKey(req: Request): string {
  return req.get('idempotency-key') ?? textValue(bodyField(req.body, 'idempotencyKey')) ?? '';
}

/**
 * The key of a pay, reimburse or reverse from an old client, which sends none (1 §7 bodies): a fresh one per
 * request. One effect is then guaranteed by the record's own state, read under its row locks: a bill is paid or
 * reimbursed only while its status is payable (the agreement's and the bill's `FOR UPDATE` come first, so a second
 * identical request, concurrent or later, finds it paid and is refused with BILL_NOT_PAYABLE), and a ledger
 * transaction is reversed at most once. A client that sends a key gets the stored first answer on a retry instead.
 */
function keyOrFresh(req: Request): string {
  return idempotencyKey(req) || `legacy-${randomUUID()}`;
}

/** `topupOption` as the old client sends it: 0 (the documented default, 1 §9) or blank is "no top-up". */
function topupOption(value: unknown): string | null {
  if (value === 0 || value === '0') return null;
  return textValue(value);
}

/** An amount in dollars (12.34 or "12.34") as the decimal text the services take; '' when absent. */
function amountText(value: unknown, field: string): string {
  const amount = wireMoney(value, field);
  return amount === null ? '' : toDecimalString(amount);
}

function objectField(body: unknown, name: string): unknown {
  const value = bodyField(body, name);
  return value && typeof value === 'object' ? value : {};
}

/**
 * PayBill / reimbursebill bodies (1 §3 Payment, 1 §7): { bill: { billId, … }, overdueBills, payment: { billAmount,
 * topupOption, topupAccountNumber, overdueOption, reimbursementAccountNumber, … }, billOrAllocation }. The server
 * recomputes what the client also sends (topupRequired, shortPayAmount, the overdue list).
 */
function payInput(req: Request): RawPayInput {
  const bill = objectField(req.body, 'bill');
  const payment = objectField(req.body, 'payment');
  const billId = Number(bodyField(bill, 'billId') ?? bodyField(req.body, 'billId'));
  if (!Number.isInteger(billId) || billId <= 0) throw new DomainError('INVALID_ID', 'Invalid billId.', 'billId');
  return {
    billId,
    billOrAllocation:
      textValue(bodyField(req.body, 'billOrAllocation')) ?? textValue(bodyField(payment, 'billOrAllocation')),
    billAmount: amountText(bodyField(payment, 'billAmount'), 'billAmount'),
    topupOption: topupOption(bodyField(payment, 'topupOption')),
    topupAccountNumber: textValue(bodyField(payment, 'topupAccountNumber')),
    overdueOption: textValue(bodyField(payment, 'overdueOption')),
    reimbursementAccountNumber: textValue(bodyField(payment, 'reimbursementAccountNumber')),
    idempotencyKey: keyOrFresh(req),
  };
}

export const paymentRoutes = [
  route('get', '/api/bills/getbillsdueforpayment/:memberId/:accountId', 'signed-in', [BillForPayment], async (ctx) => {
    const { req, em, user, services } = ctx;
    const memberId = idParam(req.params.memberId, 'memberId');
    const accountId = idParam(req.params.accountId, 'accountId');
    return (await services.billQueries.billsDueForPayment(em, user, memberId, accountId, 1, 100)).items;
  }),
  route('get', '/api/bills/GetPageOfBillsDueForPayment/:memberId/:accountId', 'signed-in', BillPageView, (ctx) => {
    const { req, em, user, services } = ctx;
    // The legacy page: any page that is not a whole number from 1 (the fuzz test's 1e20 made a 500: an offset beyond
    // PostgreSQL's bigint) is the first, as the old API answered.
    const page = Number(req.query.page ?? 1);
    return services.billQueries.billsDueForPayment(
      em,
      user,
      idParam(req.params.memberId, 'memberId'),
      idParam(req.params.accountId, 'accountId'),
      Number.isSafeInteger(page) && page > 0 ? page : 1,
      20,
    );
  }),
  route(
    'get',
    '/api/bills/GetBillerBillsDueForPayment/:memberId/:accountId/:billerId',
    'signed-in',
    [BillForPayment],
    (ctx) => {
      const { req, em, user, services } = ctx;
      const scope = {
        memberId: idParam(req.params.memberId, 'memberId'),
        accountId: idParam(req.params.accountId, 'accountId'),
      };
      return services.billQueries.sourceBills(
        em,
        user,
        { billerId: idParam(req.params.billerId, 'billerId') },
        false,
        scope,
      );
    },
  ),
  route('get', '/api/bills/GetManualBillsDueForPayment/:accountId', 'signed-in', [BillForPayment], (ctx) => {
    const count = Number(ctx.req.query.numberOfBills ?? 6);
    const accountId = idParam(ctx.req.params.accountId, 'accountId');
    return ctx.services.billQueries.manualBillsDue(ctx.em, ctx.user, accountId, Number.isInteger(count) ? count : 6);
  }),
  route('get', '/api/bills/GetBillDetails/:billId', 'signed-in', BillDetailsView, (ctx) =>
    ctx.services.billQueries.billDetails(ctx.em, ctx.user, idParam(ctx.req.params.billId, 'billId')),
  ),
  route('get', '/api/billmoneysource/getbybillid', 'signed-in', [BillMoneySourceView], (ctx) =>
    ctx.services.billQueries.moneySources(ctx.em, ctx.user, idParam(ctx.req.query.billId, 'billId')),
  ),
  route('get', '/api/bills/GetBillConfirmation', 'signed-in', BillConfirmationView, (ctx) =>
    ctx.services.billQueries.confirmation(ctx.em, ctx.user, idParam(ctx.req.query.billId, 'billId')),
  ),
  route('get', '/api/bills/GetOverdueBillsForBiller/:billerId', 'signed-in', [BillForPayment], (ctx) =>
    ctx.services.billQueries.sourceBills(
      ctx.em,
      ctx.user,
      { billerId: idParam(ctx.req.params.billerId, 'billerId') },
      true,
    ),
  ),
  // Spec 2 §7 names it under the sub-category paths.
  route(
    'get',
    '/api/billingsubcategories/GetOverdueBillsForBillingSubCategory/:id',
    'signed-in',
    [BillForPayment],
    (ctx) => {
      const subCategoryId = idParam(ctx.req.params.id, 'id');
      return ctx.services.billQueries.sourceBills(ctx.em, ctx.user, { subCategoryId }, true);
    },
  ),
  route('post', '/api/bills/PayBill', PAYER_ROLES, Int, async ({ em, req, user, services }) => {
    const outcome = await services.payments.payBill(em, user, toPayRequest(payInput(req)));
    return outcome.billId;
  }),
  route('post', '/api/bills/reimbursebill', PAYER_ROLES, Int, async ({ em, req, user, services }) => {
    const outcome = await services.payments.reimburseBill(em, user, toPayRequest(payInput(req)));
    return outcome.billId;
  }),
  route(
    'get',
    '/api/bills/GetBillsToReverse/:accountId',
    STAFF_ROLES,
    [BillToReverse],
    ({ em, req, user, services }) => {
      const limit = Number(req.query.numberOfBills ?? 20);
      const accountId = idParam(req.params.accountId, 'accountId');
      const count = Number.isInteger(limit) ? limit : 20;
      return reversibleBills(em, user, services.clock, services.config.timeZone, accountId, count);
    },
  ),
  route('post', '/api/bills/reverseBill', STAFF_ROLES, ReversalResult, async ({ em, req, user, services }) => {
    const transactionId = positiveInt(bodyField(req.body, 'transactionId'), 'transactionId');
    const outcome = await services.reversals.reverse(em, user, { transactionId, idempotencyKey: keyOrFresh(req) });
    return { success: outcome.success, message: outcome.message };
  }),
  route('post', '/api/memberaccount/topupRainyDayFromAccount', PAYER_ROLES, RainyDayTopUpAnswer, async (ctx) => {
    const { em, req, user, services } = ctx;
    const body: unknown = req.body;
    const outcome = await services.reversals.topUpRainyDay(em, user, {
      contractId: positiveInt(bodyField(body, 'contractId'), 'contractId'),
      accountNumber:
        textValue(bodyField(body, 'savingsAccountNumber')) ?? textValue(bodyField(body, 'accountNumber')) ?? '',
      topupAmount: amountText(bodyField(body, 'topupAmount'), 'topupAmount'),
      description: textValue(bodyField(body, 'description')),
      // The old client sends no key (1 §7): a top-up has no state of its own to stop a double submit, so the same
      // top-up by the same user within a minute is refused instead (checkNotRepeatedTopUp, under the lock).
      idempotencyKey: keyOrFresh(req),
      ...(idempotencyKey(req) ? {} : { keylessRepeatSeconds: KEYLESS_TOP_UP_REPEAT_SECONDS }),
    });
    return { success: true, transactionId: outcome.transactionId, topupAmount: parseMoney(outcome.topupAmount) };
  }),
];
