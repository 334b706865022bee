import { Arg, Authorized, Ctx, Int, Mutation, Query, registerEnumType, Resolver } from 'type-graphql';
import { WIZARD_ROLES } from '../../common/auth/roles.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { LocalDateScalar } from '../../graphql/scalars.js';
import { asResult } from './biller-result.js';
import { billerFormOptions } from './biller-form-options.js';
import { DepositPlanBillerInput } from '../planner/index.js';
import {
  BillerEditPreviewView,
  BillerFormOptionsView,
  BillerInput,
  BillerSaveResult,
  BillerView,
  CategoryAssignmentResult,
  DirectDebitNumberResult,
  ItemChangeResult,
  ListItemView,
  RemovalInfoView,
} from './biller.types.js';

export enum WizardListSort {
  CATEGORY = 'category',
  NICKNAME = 'nickname',
  TYPE = 'type',
  STATUS = 'status',
}
export enum WizardSortDirection {
  ASC = 'asc',
  DESC = 'desc',
}
registerEnumType(WizardListSort, { name: 'WizardListSort', description: 'What the billers list is sorted by.' });
registerEnumType(WizardSortDirection, { name: 'WizardSortDirection' });

/** The billers of the agreement wizard (spec 2 §2-§5): staff, and a member for their own modification. */
@Resolver()
export class BillerResolver {
  @Authorized(...WIZARD_ROLES)
  @Query(() => [ListItemView], {
    description: 'The billers list: billers and sub-categories together, by category ascending unless told.',
  })
  wizardBillingItems(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('contractId', () => Int) contractId: number,
    @Arg('sortBy', () => WizardListSort, { defaultValue: WizardListSort.CATEGORY }) sortBy: WizardListSort,
    @Arg('direction', () => WizardSortDirection, { defaultValue: WizardSortDirection.ASC })
    direction: WizardSortDirection,
  ): Promise<ListItemView[]> {
    return services.billerWizard.list(em, user, contractId, sortBy, direction);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => [BillerView], { description: 'The agreement’s billers (GET /api/billers?contractId&active).' })
  wizardBillers(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('contractId', () => Int) contractId: number,
    @Arg('activeOnly', { defaultValue: false }) activeOnly: boolean,
  ): Promise<BillerView[]> {
    return services.billerWizard.billers(em, user, contractId, activeOnly);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => BillerView, { description: 'One biller as the biller form loads it (reference masked).' })
  wizardBiller(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billerId', () => Int) billerId: number,
  ): Promise<BillerView> {
    return services.billerWizard.biller(em, user, billerId);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => Boolean, { description: 'isLocked: a pending transaction exists and the biller cannot be edited.' })
  billerIsLocked(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billerId', () => Int) billerId: number,
  ): Promise<boolean> {
    return services.billerWizard.isLocked(em, user, billerId);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => RemovalInfoView, { description: 'The remove screen: next transaction date, expected final bill date.' })
  billerRemoval(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billerId', () => Int) billerId: number,
  ): Promise<RemovalInfoView> {
    return services.billerWizard.removal(em, user, billerId);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => String, { description: 'The biller’s customer reference number, unmasked ("" when it has none).' })
  async billerCustomerReference(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billerId', () => Int) billerId: number,
    @Arg('contractId', () => Int) contractId: number,
  ): Promise<string> {
    return (await services.billerWizard.customerReferenceNumber(em, user, billerId, contractId)) ?? '';
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => LocalDateScalar, { description: 'The date of bill the biller was first saved with.' })
  billerInitialDate(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billerId', () => Int) billerId: number,
  ): Promise<LocalDate> {
    return services.billerWizard.initialDate(em, user, billerId);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => BillerFormOptionsView, {
    description: 'The forms’ lists (frequencies, payment types, overdue options) and texts; the business BSB.',
  })
  billerFormOptions(): BillerFormOptionsView {
    return billerFormOptions();
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => BillerEditPreviewView, {
    description:
      'The effect of an edit before it is saved: each frequency’s deposit and the lowest forecast point of the ' +
      'version open in the wizard, as stored and with `item` in place of `replacing` (biller:12, subcategory:3; ' +
      'null adds it). Read-only.',
  })
  billerEditPreview(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('contractId', () => Int) contractId: number,
    @Arg('replacing', () => String, { nullable: true }) replacing: string | null,
    @Arg('item', () => DepositPlanBillerInput) item: DepositPlanBillerInput,
    @Arg('overdueOption', () => Int, {
      nullable: true,
      description:
        'The form’s overdue option (1: all unpaid overdue, current and future bills; 2: current and future only; ' +
        'null: none chosen): with 1 the replaced item’s unpaid overdue bills take the edit’s amount, as applying does.',
    })
    overdueOption: number | null,
  ): Promise<BillerEditPreviewView> {
    return services.billerEditPreview.preview(em, user, contractId, replacing, item, overdueOption ?? null);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => DirectDebitNumberResult, {
    description: 'ValidateAccountNumber: 9 digits starting 89 or 80, held by no other biller (billerId: its own).',
  })
  async validateDirectDebitAccountNumber(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('directDebitAccountNumber') number: string,
    @Arg('billerId', () => Int, { nullable: true }) billerId: number | null,
  ): Promise<DirectDebitNumberResult> {
    const result = await asResult(() => services.billerWizard.validateDirectDebitNumber(em, user, number, billerId));
    return { accountNumber: result.value, valid: result.value !== null, errors: result.errors };
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => DirectDebitNumberResult, { description: 'AssignAccountNumber: the next direct-debit number.' })
  async assignDirectDebitAccountNumber(@Ctx() { em, services }: GraphQLContext): Promise<DirectDebitNumberResult> {
    const result = await asResult(() => services.billerWizard.assignDirectDebitNumber(em));
    return { accountNumber: result.value, valid: result.value !== null, errors: result.errors };
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => BillerSaveResult, {
    description:
      'Adds (billerId null) or edits a biller of a version open in the wizard; every form error at once, nothing ' +
      'written then. depositsStepNeeded says whether the change alters the contract (spec 2 §4).',
  })
  async saveBiller(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => BillerInput) input: BillerInput,
  ): Promise<BillerSaveResult> {
    const result = await asResult(() => services.billerWizard.save(em, user, input));
    return {
      biller: result.value?.biller ?? null,
      depositsStepNeeded: result.value?.depositsStepNeeded ?? false,
      paymentChanges: result.value?.paymentChanges ?? [],
      message: result.value?.message ?? null,
      errors: result.errors,
    };
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => ItemChangeResult, {
    description: 'Removes a biller: marked removed (status 3) in a modification, deleted in setup.',
  })
  async removeBiller(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billerId', () => Int) billerId: number,
    @Arg('isFinalBillExpected', () => Boolean, { nullable: true }) isFinalBillExpected: boolean | null,
    @Arg('expectedFinalBillDate', () => String, { nullable: true }) expectedFinalBillDate: string | null,
  ): Promise<ItemChangeResult> {
    const result = await asResult(() =>
      services.billerWizard.remove(em, user, billerId, { isFinalBillExpected, expectedFinalBillDate }),
    );
    return { item: null, deleted: false, message: null, ...result.value, errors: result.errors };
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => ItemChangeResult, { description: 'Reinstates a removed biller (state 4 enable).' })
  async reinstateBiller(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billerId', () => Int) billerId: number,
  ): Promise<ItemChangeResult> {
    const result = await asResult(() => services.billerWizard.reinstate(em, user, billerId));
    return { item: null, deleted: false, message: null, ...result.value, errors: result.errors };
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => CategoryAssignmentResult, {
    description: "Assigns the category picked for the next item; one at a time ('operation in progress ...').",
  })
  async assignBillingCategory(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('contractId', () => Int) contractId: number,
    @Arg('billingCategoryId', () => Int) billingCategoryId: number,
  ): Promise<CategoryAssignmentResult> {
    const result = await asResult(() => services.billerWizard.assignCategory(em, user, contractId, billingCategoryId));
    return {
      billingCategoryId: result.value?.billingCategoryId ?? null,
      category: result.value?.category ?? null,
      errors: result.errors,
    };
  }
}
