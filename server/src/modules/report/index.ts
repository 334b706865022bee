/** The report module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { MissedDepositReportResolver } from './missed-deposits.resolver.js';
export { missedDepositRoutes } from './missed-deposits.rest.js';
export { MissedDepositReportService } from './missed-deposits.service.js';
