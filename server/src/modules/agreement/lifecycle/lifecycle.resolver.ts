import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { STAFF_ROLES, WIZARD_ROLES } from '../../../common/auth/roles.js';
import type { LocalDate } from '../../../shared/local-date.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import { LocalDateScalar } from '../../../graphql/scalars.js';
import { withUserErrors } from '../../../graphql/user-error.js';
import type { LifecycleOutcome } from './lifecycle.service.js';
import { AgreementSavedForLaterResult, LifecycleResult, SaveForLaterResult } from './lifecycle.types.js';

async function asResult(work: () => Promise<LifecycleOutcome>): Promise<LifecycleResult> {
  const result = await withUserErrors(work);
  return { outcome: result.value, errors: result.errors };
}

/** The agreement's lifecycle (README.md): activate, save all, save for later, renew, end date, cancel, lock. */
@Resolver()
export class AgreementLifecycleResolver {
  @Authorized(...STAFF_ROLES)
  @Mutation(() => LifecycleResult, {
    description:
      'Staff activate (create step 8): a new agreement waits for the member’s approval; a modification is saved all.',
  })
  activateAgreement(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
  ): Promise<LifecycleResult> {
    return asResult(() => services.lifecycle.activate(em, user, agreementId));
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => LifecycleResult, {
    description:
      'Modify step 7 “save all”: the modification is queued (2) and applied shortly by a job; a renewal is sent for the member’s approval.',
  })
  saveAllAgreementChanges(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
  ): Promise<LifecycleResult> {
    return asResult(() => services.lifecycle.saveAll(em, user, agreementId));
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => SaveForLaterResult, { description: 'Save for later: the description; continue later.' })
  async saveAgreementForLater(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('description') description: string,
  ): Promise<SaveForLaterResult> {
    const result = await withUserErrors(() => services.lifecycle.saveForLater(em, user, agreementId, description));
    return { saved: result.value, errors: result.errors };
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => AgreementSavedForLaterResult, {
    description: 'The overview’s saved-for-later message: the account’s agreement saved for later, if any.',
  })
  agreementSavedForLater(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<AgreementSavedForLaterResult> {
    return services.lifecycle.savedForLater(em, user, accountId).then((saved) => ({ saved }));
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => LifecycleResult, { description: 'Staff renew: a new version from the end date (9).' })
  renewAgreement(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
  ): Promise<LifecycleResult> {
    return asResult(() => services.lifecycle.renew(em, user, agreementId));
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => LifecycleResult, { description: 'MoveAgreementEndDate: the running agreement ends on another date.' })
  moveAgreementEndDate(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('newEndDate', () => LocalDateScalar) newEndDate: LocalDate,
  ): Promise<LifecycleResult> {
    return asResult(() => services.lifecycle.moveEndDate(em, user, agreementId, newEndDate));
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => LifecycleResult, {
    description: 'Staff cancel the agreement (6, activity 9), settling its money (paid out, or held until the reset).',
  })
  cancelAgreement(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('reason') reason: string,
    @Arg('payoutAccountNumber', () => String, {
      nullable: true,
      description: 'A savings account of the account’s members to pay the balance into; null: held on the account.',
    })
    payoutAccountNumber: string | null,
  ): Promise<LifecycleResult> {
    return asResult(() => services.lifecycle.cancel(em, user, agreementId, reason, payoutAccountNumber ?? null));
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => LifecycleResult, {
    description:
      'Staff withdraw a modification or renewal they sent to the member, before the member decides (9 → 6): the ' +
      'agreement in force runs on as it was. The reason is required and kept in the history.',
  })
  withdrawAgreementChange(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('reason') reason: string,
  ): Promise<LifecycleResult> {
    return asResult(() => services.lifecycle.withdrawChange(em, user, agreementId, reason));
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => LifecycleResult, { description: 'Staff lock the agreement (8, activity 26).' })
  lockAgreement(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('reason') reason: string,
  ): Promise<LifecycleResult> {
    return asResult(() => services.lifecycle.lock(em, user, agreementId, reason));
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => LifecycleResult, {
    description: 'Staff lift the lock (7, or 4 while deposits are missed; activity 33).',
  })
  unlockAgreement(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('reason') reason: string,
  ): Promise<LifecycleResult> {
    return asResult(() => services.lifecycle.unlock(em, user, agreementId, reason));
  }
}
