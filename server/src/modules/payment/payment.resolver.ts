import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { PAYER_ROLES, SIGNED_IN, STAFF_ROLES } from '../../common/auth/roles.js';
import { ZERO } from '../../shared/money.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { toPayRequest, toQuoteRequest } from './payment-input.js';
import { withUserErrors } from '../../graphql/user-error.js';
import { BillToReverse, reversibleBills } from './reversible-bills.js';
import type { PaymentOutcome } from './payment.service.js';
import {
  BillConfirmationView,
  BillDetailsView,
  BillForPayment,
  BillMoneySourceView,
  BillPageView,
  CatchUpDepositInput,
  CatchUpDepositResult,
  PayBillInput,
  OverduePlanView,
  PaymentQuoteView,
  PaymentResult,
  RainyDayTopUpInput,
  RainyDayTopUpResult,
  ReversalResult,
  ReverseBillInput,
} from './payment.types.js';

function paymentResult(result: { value: PaymentOutcome | null; errors: PaymentResult['errors'] }): PaymentResult {
  const outcome = result.value;
  return {
    ok: outcome !== null,
    billId: outcome?.billId ?? null,
    paidBillIds: outcome?.paidBillIds ?? [],
    transactionId: outcome?.transactionId ?? null,
    figures: outcome?.figures ?? null,
    errors: result.errors,
  };
}

@Resolver()
export class PaymentResolver {
  @Authorized(SIGNED_IN)
  @Query(() => BillPageView, { description: 'The bill dashboard: bills due for payment, due date descending.' })
  billsDueForPayment(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Arg('pageSize', () => Int, { defaultValue: 20 }) pageSize: number,
  ): Promise<BillPageView> {
    return services.billQueries.billsDueForPayment(em, user, memberId, accountId, page, pageSize);
  }

  @Authorized(SIGNED_IN)
  @Query(() => [BillForPayment], { description: 'The upcoming-bills panel: manual bills due soonest first.' })
  manualBillsDueForPayment(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('numberOfBills', () => Int, { defaultValue: 6 }) numberOfBills: number,
  ): Promise<BillForPayment[]> {
    return services.billQueries.manualBillsDue(em, user, accountId, numberOfBills);
  }

  @Authorized(SIGNED_IN)
  @Query(() => [BillForPayment], {
    description: 'A biller’s or sub-category’s bills due (overdueOnly: due today or earlier).',
  })
  sourceBillsDueForPayment(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billerId', () => Int, { nullable: true }) billerId: number | null,
    @Arg('billingSubCategoryId', () => Int, { nullable: true }) subCategoryId: number | null,
    @Arg('overdueOnly', { defaultValue: false }) overdueOnly: boolean,
  ): Promise<BillForPayment[]> {
    const source = billerId !== null ? { billerId } : { subCategoryId: subCategoryId ?? 0 };
    return services.billQueries.sourceBills(em, user, source, overdueOnly);
  }

  @Authorized(SIGNED_IN)
  @Query(() => BillDetailsView)
  billDetails(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billId', () => Int) billId: number,
  ): Promise<BillDetailsView> {
    return services.billQueries.billDetails(em, user, billId);
  }

  @Authorized(SIGNED_IN)
  @Query(() => [BillMoneySourceView])
  billMoneySources(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billId', () => Int) billId: number,
  ): Promise<BillMoneySourceView[]> {
    return services.billQueries.moneySources(em, user, billId);
  }

  @Authorized(SIGNED_IN)
  @Query(() => BillConfirmationView, { description: 'The confirmation summary of a bill’s latest payment.' })
  billConfirmation(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billId', () => Int) billId: number,
  ): Promise<BillConfirmationView> {
    return services.billQueries.confirmation(em, user, billId);
  }

  @Authorized(...PAYER_ROLES)
  @Query(() => OverduePlanView, {
    description: 'Read-only: what the overdue option pays for this bill (combine or ignore), as paying decides it.',
  })
  async overduePlan(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billId', () => Int) billId: number,
    @Arg('billOrAllocation', () => String, { nullable: true }) billOrAllocation: string | null,
  ): Promise<OverduePlanView> {
    const result = await withUserErrors(() => {
      const { billOrAllocation: kind } = toQuoteRequest({ billId, billAmount: '0', billOrAllocation });
      return services.payments.overduePlan(em, user, billId, kind);
    });
    const plan = result.value;
    const bills = plan ? [plan.combined.current, ...plan.combined.overdue] : [];
    return {
      offered: plan?.offered ?? false,
      selectedTotal: plan?.single.totalAllocation ?? ZERO,
      combinedTotal: plan?.combined.totalAllocation ?? ZERO,
      combinedBills: bills.map((b) => ({
        billId: b.id,
        dueDate: b.dueDate,
        status: b.status,
        amountAllocated: b.amountAllocated,
      })),
      errors: result.errors,
    };
  }

  @Authorized(...PAYER_ROLES)
  @Query(() => PaymentQuoteView, {
    description: 'Read-only: the top-up paying this amount would need and the options offered (no money moves).',
  })
  async paymentQuote(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billId', () => Int) billId: number,
    @Arg('billAmount') billAmount: string,
    @Arg('billOrAllocation', () => String, { nullable: true }) billOrAllocation: string | null,
    @Arg('overdueOption', () => String, { nullable: true }) overdueOption: string | null,
  ): Promise<PaymentQuoteView> {
    const result = await withUserErrors(() =>
      services.payments.quote(em, user, toQuoteRequest({ billId, billAmount, billOrAllocation, overdueOption })),
    );
    const quote = result.value;
    return {
      topUpRequired: quote?.topUpRequired ?? ZERO,
      rainyDay: quote?.rainyDay ?? false,
      linkedAccount: quote?.linkedAccount ?? false,
      shortPay: quote?.shortPay ?? false,
      canProceed: quote?.canProceed ?? false,
      allocationWarning: quote?.allocationWarning ?? null,
      errors: result.errors,
    };
  }

  @Authorized(...PAYER_ROLES)
  @Mutation(() => PaymentResult, { description: 'Pay a bill or allocation (with combine and top-up), exactly once.' })
  async payBill(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => PayBillInput) input: PayBillInput,
  ): Promise<PaymentResult> {
    return paymentResult(await withUserErrors(() => services.payments.payBill(em, user, toPayRequest(input))));
  }

  @Authorized(...PAYER_ROLES)
  @Mutation(() => PaymentResult, { description: 'Reimburse the member’s linked account for a bill they paid.' })
  async reimburseBill(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => PayBillInput) input: PayBillInput,
  ): Promise<PaymentResult> {
    return paymentResult(await withUserErrors(() => services.payments.reimburseBill(em, user, toPayRequest(input))));
  }

  @Authorized(...STAFF_ROLES)
  @Query(() => [BillToReverse], {
    description:
      'Staff: the account’s pending payments and full deposits that can be reversed (page of 20, then 10 more).',
  })
  billsToReverse(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('limit', () => Int, { defaultValue: 20 }) limit: number,
  ): Promise<BillToReverse[]> {
    return reversibleBills(em, user, services.clock, services.config.timeZone, accountId, limit);
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => ReversalResult, { description: 'Staff: reverse a pending payment or a full deposit (activity 25).' })
  async reverseBill(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => ReverseBillInput) input: ReverseBillInput,
  ): Promise<ReversalResult> {
    const result = await withUserErrors(() => services.reversals.reverse(em, user, input));
    return result.value
      ? { ...result.value, errors: [] }
      : {
          success: false,
          message: result.errors[0]?.message ?? '',
          reversalTransactionId: null,
          errors: result.errors,
        };
  }

  @Authorized(...PAYER_ROLES)
  @Mutation(() => RainyDayTopUpResult, { description: 'Top up rainy day from a linked savings account.' })
  async topUpRainyDay(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => RainyDayTopUpInput) input: RainyDayTopUpInput,
  ): Promise<RainyDayTopUpResult> {
    const result = await withUserErrors(() => services.reversals.topUpRainyDay(em, user, input));
    return { ok: result.value !== null, transactionId: result.value?.transactionId ?? null, errors: result.errors };
  }

  @Authorized(...PAYER_ROLES)
  @Mutation(() => CatchUpDepositResult, {
    description:
      'A catch-up deposit from a linked savings account towards the missed deposits (agreements in missed deposit); covering all that is owed makes the agreement active again.',
  })
  async catchUpDeposit(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => CatchUpDepositInput) input: CatchUpDepositInput,
  ): Promise<CatchUpDepositResult> {
    const result = await withUserErrors(() => services.catchUps.catchUpDeposit(em, user, input));
    const outcome = result.value;
    return {
      ok: outcome !== null,
      transactionIds: outcome?.transactionIds ?? [],
      stillOwed: outcome?.stillOwed ?? null,
      arrearsCleared: outcome?.arrearsCleared ?? false,
      status: outcome?.status ?? null,
      errors: result.errors,
    };
  }
}
