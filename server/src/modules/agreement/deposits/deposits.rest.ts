import { WIZARD_ROLES } from '../../../common/auth/roles.js';
import { DomainError } from '../../../common/errors.js';
import { bodyField, idParam, route, type RestContext } from '../../../rest/route.js';
import { depositsDataOf, setupFlagOf } from './deposits.wire.js';
import { DepositsView, PaymentDetails, type DepositsStep } from './deposits.types.js';

const contractIdOf = ({ req }: RestContext) => idParam(bodyField(req.query, 'contractId'), 'contractId');

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
  route('get', '/api/contractpaymentdetails', WIZARD_ROLES, PaymentDetails, async (ctx) =>
    paymentDetailsOf(await ctx.services.agreementDeposits.load(ctx.em, ctx.user, contractIdOf(ctx))),
  ),

  route('put', '/api/contractpaymentdetails', WIZARD_ROLES, PaymentDetails, async (ctx) =>
    paymentDetailsOf(
      await ctx.services.agreementDeposits.load(ctx.em, ctx.user, contractIdOf(ctx), depositsDataOf(ctx.req.body)),
    ),
  ),

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
