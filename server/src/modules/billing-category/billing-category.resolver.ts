import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { WIZARD_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { BillingCategoryView } from './billing-category.types.js';

/** The category list of the agreement wizard (spec 2 §2): catalogue reads for staff and members. */
@Resolver()
export class BillingCategoryResolver {
  @Authorized(...WIZARD_ROLES)
  @Query(() => [BillingCategoryView], {
    description: "Every billing category, in the catalogue's order (empty: the list shows 'No data available').",
  })
  billingCategories(@Ctx() { em, services }: GraphQLContext): Promise<BillingCategoryView[]> {
    return services.billingCategories.list(em);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => BillingCategoryView, { description: 'One billing category (GET /api/billingcategories/{id}).' })
  billingCategory(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('categoryId', () => Int) categoryId: number,
  ): Promise<BillingCategoryView> {
    return services.billingCategories.get(em, categoryId);
  }
}
