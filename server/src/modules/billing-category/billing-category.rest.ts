import { WIZARD_ROLES } from '../../common/auth/roles.js';
import { idParam, route } from '../../rest/route.js';
import { BillingCategoryView } from './billing-category.types.js';

/** Spec 2 §7 categories, over the same service as the GraphQL queries. */
export const billingCategoryRoutes = [
  route('get', '/api/categories', WIZARD_ROLES, [BillingCategoryView], ({ em, services }) =>
    services.billingCategories.list(em),
  ),

  route('get', '/api/billingcategories/:id', WIZARD_ROLES, BillingCategoryView, ({ em, req, services }) =>
    services.billingCategories.get(em, idParam(req.params.id, 'id')),
  ),
];
