import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { WIZARD_ROLES } from '../../../common/auth/roles.js';
import { DomainError } from '../../../shared/errors.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import { DepositsRefused } from './deposits.service.js';
import { DepositsInput, DepositsStepResult, type DepositsStep } from './deposits.types.js';

/** Expected refusals as data (every one of a save at once); not-found and forbidden are thrown. */
export async function depositsResult(work: () => Promise<DepositsStep>): Promise<DepositsStepResult> {
  try {
    return { step: await work(), errors: [] };
  } catch (error) {
    if (error instanceof DepositsRefused) return { step: null, errors: error.refusals.map((r) => ({ ...r })) };
    if (error instanceof DomainError) {
      return { step: null, errors: [{ code: error.code, field: error.field ?? null, message: error.message }] };
    }
    throw error;
  }
}

/** The wizard's deposits step (spec 3 §3-§5): staff in setup, members on their own modifications. */
@Resolver()
export class AgreementDepositsResolver {
  @Authorized(...WIZARD_ROLES)
  @Query(() => DepositsStepResult, {
    description:
      'The deposits step of a version open in the wizard: the view model, the option cards, the payment details and ' +
      'the chosen option explained. With `draft`, the step as the draft would make it (nothing is written).',
  })
  agreementDeposits(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('draft', () => DepositsInput, { nullable: true }) draft?: DepositsInput | null,
  ): Promise<DepositsStepResult> {
    return depositsResult(() => services.agreementDeposits.load(em, user, agreementId, draft ? { ...draft } : null));
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => DepositsStepResult, {
    description: 'Saves the deposits step; every refusal comes back as data and nothing is written.',
  })
  saveAgreementDeposits(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('input', () => DepositsInput) input: DepositsInput,
  ): Promise<DepositsStepResult> {
    return depositsResult(() => services.agreementDeposits.save(em, user, agreementId, { ...input }));
  }
}
