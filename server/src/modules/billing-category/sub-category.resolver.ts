import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { WIZARD_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import {
  asResult,
  ItemChangeResult,
  RemovalInfoView,
  SubCategoryInput,
  SubCategorySaveResult,
  SubCategoryView,
} from '../biller/index.js';

/** The billing sub-categories of the agreement wizard (spec 2 §3-§5). */
@Resolver()
export class SubCategoryResolver {
  @Authorized(...WIZARD_ROLES)
  @Query(() => [SubCategoryView], { description: 'The agreement’s sub-categories (GET /api/billingsubcategories).' })
  wizardSubCategories(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('contractId', () => Int) contractId: number,
  ): Promise<SubCategoryView[]> {
    return services.subCategories.list(em, user, contractId);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => SubCategoryView)
  wizardSubCategory(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billingSubCategoryId', () => Int) id: number,
  ): Promise<SubCategoryView> {
    return services.subCategories.get(em, user, id);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => Boolean, { description: 'isLocked: a pending transaction exists.' })
  async subCategoryIsLocked(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billingSubCategoryId', () => Int) id: number,
  ): Promise<boolean> {
    return (await services.subCategories.get(em, user, id)).isLocked;
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => RemovalInfoView)
  subCategoryRemoval(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billingSubCategoryId', () => Int) id: number,
  ): Promise<RemovalInfoView> {
    return services.subCategories.removal(em, user, id);
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => SubCategorySaveResult, { description: 'Adds (id null) or edits a sub-category; errors as data.' })
  async saveSubCategory(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => SubCategoryInput) input: SubCategoryInput,
  ): Promise<SubCategorySaveResult> {
    const result = await asResult(() => services.subCategories.save(em, user, input));
    return {
      subCategory: result.value?.subCategory ?? null,
      depositsStepNeeded: result.value?.depositsStepNeeded ?? false,
      message: result.value?.message ?? null,
      errors: result.errors,
    };
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => ItemChangeResult)
  async removeSubCategory(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billingSubCategoryId', () => Int) id: number,
  ): Promise<ItemChangeResult> {
    const result = await asResult(() => services.subCategories.remove(em, user, id));
    return { item: null, deleted: false, message: null, ...result.value, errors: result.errors };
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => ItemChangeResult)
  async reinstateSubCategory(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billingSubCategoryId', () => Int) id: number,
  ): Promise<ItemChangeResult> {
    const result = await asResult(() => services.subCategories.reinstate(em, user, id));
    return { item: null, deleted: false, message: null, ...result.value, errors: result.errors };
  }
}
