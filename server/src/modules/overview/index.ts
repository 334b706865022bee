/** The overview module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { AccountSummaryService } from './account-summary.service.js';
export { OverviewResolver } from './overview.resolver.js';
export { overviewRoutes } from './overview.rest.js';
export { OverviewService } from './overview.service.js';
