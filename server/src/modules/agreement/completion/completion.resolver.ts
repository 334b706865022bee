import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { STAFF_ROLES, WIZARD_ROLES } from '../../../common/auth/roles.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import { CapacityInputType, CapacitySaveResult, CapacityView } from './capacity.types.js';
import { asCompletionResult } from './completion-errors.js';
import { AgreementConfirmView } from './confirm.types.js';

/** The capacity-to-pay step (Create step 5, staff only, as the Create wizard is) and the confirm page. */
@Resolver()
export class CompletionResolver {
  @Authorized(...STAFF_ROLES)
  @Query(() => CapacityView, { description: 'GET /api/contracts?contractId&isCapacity: the capacity step.' })
  agreementCapacity(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('contractId', () => Int) contractId: number,
  ): Promise<CapacityView> {
    return services.capacity.get(em, user, contractId);
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => CapacitySaveResult, {
    description: 'PUT /api/contracts?isCapacity=true: the confirmation (saved only when changed) and the note.',
  })
  async saveAgreementCapacity(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => CapacityInputType) input: CapacityInputType,
  ): Promise<CapacitySaveResult> {
    const result = await asCompletionResult(() => services.capacity.save(em, user, input));
    return {
      capacity: result.value?.capacity ?? null,
      saved: result.value?.saved ?? false,
      noteId: result.value?.noteId ?? null,
      errors: result.errors,
    };
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => AgreementConfirmView, {
    description: 'The confirm page (Create step 7, Modify step 6): tables, highlights, summary, confirmations, lock.',
  })
  agreementConfirmation(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('contractId', () => Int) contractId: number,
  ): Promise<AgreementConfirmView> {
    return services.confirm.view(em, user, contractId);
  }
}
