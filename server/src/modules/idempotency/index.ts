/** The idempotency module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { IdempotencyRecord } from './idempotency-record.entity.js';
export {
  IDEMPOTENCY_MESSAGES,
  checkIdempotencyKey,
  claimIdempotencyKeys,
  completeIdempotent,
  releaseIdempotencyKeys,
  hasIdempotentAnswer,
  requestHash,
  runIdempotent,
} from './money-transaction.js';
export type { IdempotencyClaim, IdempotentRequest } from './money-transaction.js';
