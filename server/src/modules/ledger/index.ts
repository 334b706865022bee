/** The ledger module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { LEDGER_ACCOUNT_KIND_LABELS, LedgerAccountKind, isAgreementPocket } from './ledger-account-kind.js';
export { LedgerAccount } from './ledger-account.entity.js';
export {
  ZERO_BALANCES,
  agreementBalances,
  agreementBalancesOf,
  agreementBalancesSelect,
  linkedAccountBalances,
  memberLinkedAccounts,
} from './ledger-balances.js';
export type { AgreementBalances } from './ledger-balances.js';
export { checkLedger, formatLedgerReport } from './ledger-check.js';
export { LedgerEntry } from './ledger-entry.entity.js';
export { LEDGER_TRANSACTION_TYPE_LABELS, LedgerTransactionType } from './ledger-transaction-type.js';
export { LedgerTransaction } from './ledger-transaction.entity.js';
export { agreementChangeOf, negateLines } from './ledger.rules.js';
export { LedgerService } from './ledger.service.js';
export type { AgreementScopeRow, PocketIds } from './ledger-writer.js';
export { postRainyDayTopUp } from './rainy-day-top-up.js';
export type { RainyDayTopUpPosting } from './rainy-day-top-up.js';
export { allocation, contingency, external, linkedAccount, rainyDay } from './ledger.types.js';
export type { LedgerLine, MoneySourceInput, Posting, PostingResult, ReversalPosting } from './ledger.types.js';
// TransactionStatus from transaction-status.ts: the shared code table registered as the GraphQL enum.
export { TRANSACTION_STATUS_LABELS, TransactionStatus } from './transaction-status.js';
