import { registerEnumType } from 'type-graphql';
import { TRANSACTION_STATUS_LABELS, TransactionStatus } from '../../shared/transaction-status.js';

export { TRANSACTION_STATUS_LABELS, TransactionStatus };

registerEnumType(TransactionStatus, {
  name: 'TransactionStatus',
  description: 'A ledger transaction’s status (spec 1 §3; DOMAIN.md). statusName keeps the spec’s spelling.',
});
