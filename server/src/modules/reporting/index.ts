/** The reporting module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { ReportingResolver } from './reporting.resolver.js';
export { ReportingService } from './reporting.service.js';
