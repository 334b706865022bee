import type { Request } from 'express';
import { DomainError } from '../../common/errors.js';
import { bodyField, idParam, route } from '../../rest/route.js';
import { STAFF_ROLES } from '../../common/auth/roles.js';
import { PAYER_ROLES, toPayRequest, type RawPayInput } from './payment-input.js';
import { reversibleBills } from './reversible-bills.js';

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : null;
}

/** The idempotency key: the `Idempotency-Key` header, or `idempotencyKey` in the body. */
function idempotencyKey(req: Request): string {
  return req.get('idempotency-key') ?? text(bodyField(req.body, 'idempotencyKey')) ?? '';
}

function objectField(body: unknown, name: string): unknown {
  const value = bodyField(body, name);
  return value && typeof value === 'object' ? value : {};
}

/** PayBill / reimbursebill bodies: { bill: { billId }, payment: { billAmount, topupOption, ... }, billOrAllocation }. */
function payInput(req: Request): RawPayInput {
  const bill = objectField(req.body, 'bill');
  const payment = objectField(req.body, 'payment');
  const billId = Number(bodyField(bill, 'billId') ?? bodyField(req.body, 'billId'));
  if (!Number.isInteger(billId) || billId <= 0) throw new DomainError('INVALID_ID', 'Invalid billId.', 'billId');
  return {
    billId,
    billOrAllocation: text(bodyField(req.body, 'billOrAllocation')) ?? text(bodyField(payment, 'billOrAllocation')),
    billAmount: text(bodyField(payment, 'billAmount')) ?? '',
    topupOption: text(bodyField(payment, 'topupOption')),
    topupAccountNumber: text(bodyField(payment, 'topupAccountNumber')),
    overdueOption: text(bodyField(payment, 'overdueOption')),
    reimbursementAccountNumber: text(bodyField(payment, 'reimbursementAccountNumber')),
    idempotencyKey: idempotencyKey(req),
  };
}

function positiveInt(value: unknown, name: string): number {
  return idParam(typeof value === 'number' ? String(value) : value, name);
}

export const paymentRoutes = [
  route('get', '/api/bills/getbillsdueforpayment/:memberId/:accountId', 'signed-in', async (ctx) => {
    const { req, em, user, services } = ctx;
    const memberId = idParam(req.params.memberId, 'memberId');
    const accountId = idParam(req.params.accountId, 'accountId');
    return (await services.billQueries.billsDueForPayment(em, user, memberId, accountId, 1, 100)).items;
  }),
  route('get', '/api/bills/GetPageOfBillsDueForPayment/:memberId/:accountId', 'signed-in', (ctx) => {
    const { req, em, user, services } = ctx;
    const page = Number(req.query.page ?? 1);
    return services.billQueries.billsDueForPayment(
      em,
      user,
      idParam(req.params.memberId, 'memberId'),
      idParam(req.params.accountId, 'accountId'),
      Number.isInteger(page) && page > 0 ? page : 1,
      20,
    );
  }),
  route('get', '/api/bills/GetBillerBillsDueForPayment/:memberId/:accountId/:billerId', 'signed-in', (ctx) => {
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
  }),
  route('get', '/api/bills/GetManualBillsDueForPayment/:accountId', 'signed-in', (ctx) => {
    const count = Number(ctx.req.query.numberOfBills ?? 6);
    const accountId = idParam(ctx.req.params.accountId, 'accountId');
    return ctx.services.billQueries.manualBillsDue(ctx.em, ctx.user, accountId, Number.isInteger(count) ? count : 6);
  }),
  route('get', '/api/bills/GetBillDetails/:billId', 'signed-in', (ctx) =>
    ctx.services.billQueries.billDetails(ctx.em, ctx.user, idParam(ctx.req.params.billId, 'billId')),
  ),
  route('get', '/api/billmoneysource/getbybillid', 'signed-in', (ctx) =>
    ctx.services.billQueries.moneySources(ctx.em, ctx.user, idParam(ctx.req.query.billId, 'billId')),
  ),
  route('get', '/api/bills/GetBillConfirmation', 'signed-in', (ctx) =>
    ctx.services.billQueries.confirmation(ctx.em, ctx.user, idParam(ctx.req.query.billId, 'billId')),
  ),
  route('get', '/api/bills/GetOverdueBillsForBiller/:billerId', 'signed-in', (ctx) =>
    ctx.services.billQueries.sourceBills(
      ctx.em,
      ctx.user,
      { billerId: idParam(ctx.req.params.billerId, 'billerId') },
      true,
    ),
  ),
  route('get', '/api/bills/GetOverdueBillsForBillingSubCategory/:subCategoryId', 'signed-in', (ctx) => {
    const subCategoryId = idParam(ctx.req.params.subCategoryId, 'subCategoryId');
    return ctx.services.billQueries.sourceBills(ctx.em, ctx.user, { subCategoryId }, true);
  }),
  route('post', '/api/bills/PayBill', PAYER_ROLES, async ({ em, req, user, services }) => {
    const outcome = await services.payments.payBill(em, user, toPayRequest(payInput(req)));
    return outcome.billId;
  }),
  route('post', '/api/bills/reimbursebill', PAYER_ROLES, async ({ em, req, user, services }) => {
    const outcome = await services.payments.reimburseBill(em, user, toPayRequest(payInput(req)));
    return outcome.billId;
  }),
  route('get', '/api/bills/GetBillsToReverse/:accountId', STAFF_ROLES, ({ em, req, user, services }) => {
    const limit = Number(req.query.numberOfBills ?? 20);
    const accountId = idParam(req.params.accountId, 'accountId');
    const count = Number.isInteger(limit) ? limit : 20;
    return reversibleBills(em, user, services.clock, services.config.timeZone, accountId, count);
  }),
  route('post', '/api/bills/reverseBill', STAFF_ROLES, async ({ em, req, user, services }) => {
    const transactionId = positiveInt(bodyField(req.body, 'transactionId'), 'transactionId');
    const outcome = await services.reversals.reverse(em, user, { transactionId, idempotencyKey: idempotencyKey(req) });
    return { success: outcome.success, message: outcome.message };
  }),
  route('post', '/api/memberaccount/topupRainyDayFromAccount', PAYER_ROLES, async ({ em, req, user, services }) => {
    const body: unknown = req.body;
    const outcome = await services.reversals.topUpRainyDay(em, user, {
      contractId: positiveInt(bodyField(body, 'contractId'), 'contractId'),
      accountNumber: text(bodyField(body, 'savingsAccountNumber')) ?? text(bodyField(body, 'accountNumber')) ?? '',
      topupAmount: text(bodyField(body, 'topupAmount')) ?? '',
      description: text(bodyField(body, 'description')),
      idempotencyKey: idempotencyKey(req),
    });
    return { success: true, transactionId: outcome.transactionId, topupAmount: outcome.topupAmount };
  }),
  route('post', '/api/managerapproval', STAFF_ROLES, async ({ em, req, user, services }) => {
    const body: unknown = req.body;
    const approval = await services.approvals.override(em, user, {
      billId: positiveInt(bodyField(body, 'billId'), 'billId'),
      managerUsername: text(bodyField(body, 'managerUsername')) ?? '',
      managerPassword: text(bodyField(body, 'managerPassword')) ?? '',
      approvalGranted: bodyField(body, 'approvalGranted') === true,
      note: text(bodyField(body, 'note')) ?? '',
    });
    return { approvalGranted: approval.approvalGranted, billId: approval.billId, contractId: approval.contractId };
  }),
];
