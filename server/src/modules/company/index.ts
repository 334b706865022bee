/** The company module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { CATALOGUE_CATEGORIES, CATALOGUE_COMPANIES } from './company-catalogue.data.js';
export type { CatalogueCategoryKey } from './company-catalogue.data.js';
export { COMPANY_BPAY_COLUMNS, bpayEntryOfRow, findBpayBiller } from './company-catalogue.js';
export type { CompanyBpayRow } from './company-catalogue.js';
export { catalogueEntryOf } from './company-catalogue.rules.js';
export type { CatalogueCompanyRow } from './company-catalogue.rules.js';
export { Company } from './company.entity.js';
export { CompanyResolver } from './company.resolver.js';
export { companyRoutes } from './company.rest.js';
export { CompanyService } from './company.service.js';
