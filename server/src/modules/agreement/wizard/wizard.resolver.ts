import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { STAFF_ROLES, WIZARD_ROLES } from '../../../common/auth/roles.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import { withUserErrors } from '../../../graphql/user-error.js';
import { WizardCancelFlow } from './wizard.rules.js';
import {
  WizardCancelResult,
  WizardEntriesView,
  WizardPositionInput,
  WizardSessionResult,
  type WizardSessionView,
} from './wizard.types.js';

async function asResult(work: () => Promise<WizardSessionView>): Promise<WizardSessionResult> {
  const result = await withUserErrors(work);
  return { wizard: result.value, errors: result.errors };
}

/** The agreement wizard's frame (spec 2 §2, spec 3 §2): entries, start, continue, modify, position, cancel. */
@Resolver()
export class AgreementWizardResolver {
  @Authorized(...WIZARD_ROLES)
  @Query(() => WizardEntriesView, {
    description: 'The header’s Create / Modify / Continue for an account: shown, allowed, or why not.',
  })
  agreementWizardEntries(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<WizardEntriesView> {
    return services.agreementWizard.entries(em, user, memberId, accountId);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => WizardSessionResult, {
    description: 'member.continue: the account’s agreement open in the wizard, at the step where it stopped.',
  })
  agreementWizardToContinue(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<WizardSessionResult> {
    return asResult(() => services.agreementWizard.toContinue(em, user, memberId, accountId));
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => WizardSessionResult, { description: 'One agreement version open in the wizard, with its saved step.' })
  agreementWizard(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
  ): Promise<WizardSessionResult> {
    return asResult(() => services.agreementWizard.session(em, user, agreementId));
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => WizardSessionResult, {
    description: 'member.newagreement (staff): a new pending agreement (status 0) for an account with none, at step 1.',
  })
  startNewAgreement(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<WizardSessionResult> {
    return asResult(() => services.agreementWizard.startNew(em, user, memberId, accountId));
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => WizardSessionResult, {
    description:
      'member.modifyagreement: a modification (a status-9 copy of the version in force, which keeps running) at the list.',
  })
  startAgreementModification(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<WizardSessionResult> {
    return asResult(() => services.agreementWizard.startModification(em, user, memberId, accountId));
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => WizardSessionResult, { description: 'Saves where the wizard stands (every saved step).' })
  saveAgreementWizardPosition(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('position', () => WizardPositionInput) position: WizardPositionInput,
  ): Promise<WizardSessionResult> {
    return asResult(() =>
      services.agreementWizard.savePosition(em, user, agreementId, {
        step: position.step,
        mode: position.mode ?? null,
        categoryId: position.categoryId ?? null,
        companyId: position.companyId ?? null,
        itemId: position.itemId ?? null,
        itemType: position.itemType ?? null,
        threeStepFlow: position.threeStepFlow ?? false,
      }),
    );
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => WizardCancelResult, {
    description: 'Cancel: the message for the flow; Create and Modify discard the draft version.',
  })
  async cancelAgreementWizard(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('flow', () => WizardCancelFlow) flow: WizardCancelFlow,
  ): Promise<WizardCancelResult> {
    const result = await withUserErrors(() => services.agreementWizard.cancel(em, user, agreementId, flow));
    return {
      discarded: result.value?.discarded ?? false,
      title: result.value?.title ?? null,
      message: result.value?.message ?? null,
      errors: result.errors,
    };
  }
}
