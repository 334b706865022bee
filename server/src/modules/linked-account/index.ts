/** The linked-account module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { LinkedAccount } from './linked-account.entity.js';
export { lockLinkedAccount } from './linked-account-lock.js';
export type { LinkedAccountRow } from './linked-account-lock.js';
export { LinkedAccountView } from './linked-account.types.js';
