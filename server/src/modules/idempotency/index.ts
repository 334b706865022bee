/** The idempotency module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { IdempotencyRecord } from './idempotency-record.entity.js';
