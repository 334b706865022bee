/** The risk module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { AtRiskResolver } from './at-risk.resolver.js';
export { AtRiskService } from './at-risk.service.js';
