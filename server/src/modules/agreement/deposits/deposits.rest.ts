import { WIZARD_ROLES } from '../../../common/auth/roles.js';
import { DomainError } from '../../../shared/errors.js';
import { bodyField, idParam, route, type RestContext } from '../../../rest/route.js';
import { RAW_JSON, toWire } from '../../../rest/wire.js';
import { BillingSource } from '../../../shared/biller/biller-codes.js';
import type { NextOccurrencesRequest } from '../../biller/index.js';
import { depositsDataOf, setupFlagOf } from './deposits.wire.js';
import { DepositsView, PaymentDetails, TransactionOccurrence, type DepositsStep } from './deposits.types.js';

const contractIdOf = ({ req }: RestContext) => idParam(bodyField(req.query, 'contractId'), 'contractId');

/** A whole number from a JSON body (a number or its text); `fallback` when absent or blank. */
function bodyInt(body: unknown, name: string, fallback?: number): number {
  const value = bodyField(body, name);
  if ((value === undefined || value === null || value === '') && fallback !== undefined) return fallback;
  const number = typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw new DomainError('INVALID_INPUT', `${name} must be a whole number.`, name);
  }
  return number;
}

/** The next-occurrences body (memberId, contractId, accountId, billerId, billingSource, limit; -1 by default). */
function nextOccurrencesOf(body: unknown): NextOccurrencesRequest {
  const id = (name: string) => idParam(String(bodyField(body, name) ?? ''), name);
  const billingSource = bodyInt(body, 'billingSource');
  return {
    memberId: id('memberId'),
    accountId: id('accountId'),
    contractId: id('contractId'),
    billingSource,
    sourceId: billingSource === BillingSource.Contribution ? null : id('billerId'),
    limit: bodyInt(body, 'limit', -1),
  };
}

function paymentDetailsOf(step: DepositsStep): PaymentDetails {
  if (step.paymentDetails) return step.paymentDetails;
  const error = step.planError!;
  throw new DomainError(error.code, error.message, error.field ?? undefined);
}

/** Saves, after checking that `isSetup` (when sent) says what the version is. */
async function save(ctx: RestContext, contractId: number, isSetup: boolean | null): Promise<DepositsView> {
  const { em, user, services, req } = ctx;
  const data = depositsDataOf(req.body);
  if (isSetup !== null) {
    const current = await services.agreementDeposits.load(em, user, contractId);
    if (current.deposits.isSetup !== isSetup) {
      throw new DomainError(
        'SETUP_FLAG_MISMATCH',
        isSetup ? 'This agreement is a modification, not a new agreement.' : 'This agreement is a new agreement.',
        'isSetup',
      );
    }
  }
  return (await services.agreementDeposits.save(em, user, contractId, data)).deposits;
}

/**
 * Spec 3 §7 deposits paths over the same service as `agreementDeposits` / `saveAgreementDeposits` (bodies: the
 * deposits view model, money in dollars). A refusal answers 400 with the first refusal's code, field and message.
 */
export const agreementDepositRoutes = [
  // Reading is not editing: the payment details of any version the caller may see, an agreement in force too.
  route('get', '/api/contractpaymentdetails', WIZARD_ROLES, PaymentDetails, async (ctx) =>
    paymentDetailsOf(await ctx.services.agreementDeposits.read(ctx.em, ctx.user, contractIdOf(ctx))),
  ),

  // Two documented calls share the path (2 §7, 3 §7): with a billingSource in the body, the next transaction
  // occurrences; otherwise the payment details the deposits model in the body would give (?contractId).
  route('put', '/api/contractpaymentdetails', WIZARD_ROLES, RAW_JSON, async (ctx) => {
    const body: unknown = ctx.req.body;
    if (bodyField(body, 'billingSource') !== undefined) {
      const occurrences = await ctx.services.nextOccurrences.next(ctx.em, ctx.user, nextOccurrencesOf(body));
      return toWire(occurrences, [TransactionOccurrence]);
    }
    const contractId = idParam(bodyField(ctx.req.query, 'contractId') ?? bodyField(body, 'contractId'), 'contractId');
    const step = await ctx.services.agreementDeposits.load(ctx.em, ctx.user, contractId, depositsDataOf(body));
    return toWire(paymentDetailsOf(step), PaymentDetails);
  }),

  route('put', '/api/contractpaymentdetails/nextdepositdate', WIZARD_ROLES, DepositsView, async (ctx) => {
    const step = await ctx.services.agreementDeposits.load(
      ctx.em,
      ctx.user,
      contractIdOf(ctx),
      depositsDataOf(ctx.req.body),
    );
    return step.deposits;
  }),

  route('put', '/api/contractpaymentdetails/depositoptions', WIZARD_ROLES, DepositsView, async (ctx) => {
    const step = await ctx.services.agreementDeposits.load(
      ctx.em,
      ctx.user,
      contractIdOf(ctx),
      depositsDataOf(ctx.req.body),
    );
    return step.deposits;
  }),

  route('put', '/api/contractdeposit', WIZARD_ROLES, DepositsView, (ctx) => {
    const id = idParam(
      String(bodyField(ctx.req.body, 'contractId') ?? bodyField(ctx.req.query, 'contractId') ?? ''),
      'contractId',
    );
    return save(ctx, id, setupFlagOf(bodyField(ctx.req.query, 'isSetup')));
  }),

  route('put', '/api/ContractBatchAction/saveDeposits', WIZARD_ROLES, DepositsView, (ctx) =>
    save(ctx, contractIdOf(ctx), null),
  ),

  route('put', '/api/contracts/updateinfo', WIZARD_ROLES, DepositsView, (ctx) =>
    save(
      ctx,
      contractIdOf(ctx),
      setupFlagOf(bodyField(ctx.req.body, 'isSetup') ?? bodyField(ctx.req.query, 'isSetup')),
    ),
  ),
];
