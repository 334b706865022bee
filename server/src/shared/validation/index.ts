/**
 * Payment-detail and input validation shared by the server and the React client (which imports these files
 * through a relative path). Pure TypeScript: no Node-only imports, no I/O, no throwing for expected rejections.
 */
export * from './amount-input.js';
export * from './bpay.js';
export * from './bpay-demo-billers.js';
export * from './bsb.js';
export * from './bsb-directory.js';
export * from './card.js';
export * from './company-search.js';
export * from './check-digit.js';
export * from './date-input.js';
export * from './direct-debit.js';
export * from './eft.js';
export * from './issue.js';
