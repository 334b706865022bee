/** The branch module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { accountHolders, accountMember, agreementOwner } from './agreement-owner.rules.js';
export { holderLinksOf, holderLinksSql, ownerBranchSql } from './agreement-owner.sql.js';
export type { HolderLinkRow } from './agreement-owner.sql.js';
export { Branch } from './branch.entity.js';
