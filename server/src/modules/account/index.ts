/** The account module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { Account } from './account.entity.js';
export { AccountResolver } from './account.resolver.js';
export { accountRoutes } from './account.rest.js';
export { AccountService } from './account.service.js';
export type { AccountOfMember } from './account.service.js';
export { AccountListItem, MemberAccountLinkView } from './account.types.js';
export { MemberAccountLink } from './member-account-link.entity.js';
