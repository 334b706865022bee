/** The transaction module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { TransactionResolver } from './transaction.resolver.js';
export { transactionRoutes } from './transaction.rest.js';
export { TransactionService, transactionStatuses } from './transaction.service.js';
export { TransactionStatusItem } from './transaction.types.js';
