/** The audit module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { AuditRecord } from './audit-record.entity.js';
