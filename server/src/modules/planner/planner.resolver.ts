import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { BillSchedulePreview, BillScheduleInput } from './bill-schedule.types.js';
import { DepositPlanInput } from './deposit-plan.inputs.js';
import { DepositPlan } from './deposit-plan.types.js';
import { BpayValidation, BpayValidationInput, BsbValidation } from './payment-check.types.js';

/** Pure calculations on the caller's own input: any signed-in user, staff or member, may run them. */
@Resolver()
export class PlannerResolver {
  @Authorized(SIGNED_IN)
  @Query(() => BillSchedulePreview, {
    description: "A biller's bills over a period: dates, amounts, contingency, status on today (cap 10,000).",
  })
  billSchedule(
    @Ctx() { services }: GraphQLContext,
    @Arg('input', () => BillScheduleInput) input: BillScheduleInput,
  ): BillSchedulePreview {
    return services.planner.billSchedule(input);
  }

  @Authorized(SIGNED_IN)
  @Query(() => DepositPlan, {
    description: 'The deposits step: required and minimum deposit, coverage, breakdown, overdraw and forecast.',
  })
  depositPlan(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('input', () => DepositPlanInput) input: DepositPlanInput,
  ): Promise<DepositPlan> {
    return services.planner.depositPlan(em, input);
  }

  @Authorized(SIGNED_IN)
  @Query(() => BpayValidation, { description: 'Checks BPAY details (spec 2 §5): code 0, 11, 12, 13 or 15.' })
  validateBpay(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('input', () => BpayValidationInput) input: BpayValidationInput,
  ): Promise<BpayValidation> {
    return services.planner.validateBpay(em, input);
  }

  @Authorized(SIGNED_IN)
  @Query(() => BsbValidation, { description: "Checks a BSB (spec 2 §5): code 0 with the bank's name, or 14." })
  validateBsb(@Ctx() { services }: GraphQLContext, @Arg('bsb', () => String) bsb: string): BsbValidation {
    return services.planner.validateBsb(bsb);
  }
}
