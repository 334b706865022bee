import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { STAFF_ROLES } from '../../../common/auth/roles.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import { CapacityInputType, CapacitySaveResult, CapacityView } from './capacity.types.js';
import { asCompletionResult } from './completion-errors.js';

/** The capacity-to-pay step (Create step 5): staff only, as the Create wizard is. */
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
}
