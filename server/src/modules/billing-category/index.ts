/** The billing category module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { BillingCategory } from './billing-category.entity.js';
export { BillingCategoryResolver } from './billing-category.resolver.js';
export { billingCategoryRoutes } from './billing-category.rest.js';
export { BillingCategoryService } from './billing-category.service.js';
export { BillingSubCategory } from './billing-sub-category.entity.js';
export { SubCategoryResolver } from './sub-category.resolver.js';
export { subCategoryRoutes } from './sub-category.rest.js';
export { SubCategoryService } from './sub-category.service.js';
