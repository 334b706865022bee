/** The idempotency module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { IdempotencyRecord } from './idempotency-record.entity.js';
export {
  IDEMPOTENCY_MESSAGES,
  checkIdempotencyKey,
  completeIdempotent,
  recordIdempotent,
  storedAnswers,
  hasIdempotentAnswer,
  requestHash,
  runIdempotent,
} from './money-transaction.js';
export type { IdempotentRequest, StoredAnswer } from './money-transaction.js';
