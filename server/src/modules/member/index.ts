/** The member module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { InterestRegistration } from './interest-registration.entity.js';
export { MemberDirectoryService } from './member-directory.service.js';
export { MemberSearchResolver } from './member-search.resolver.js';
export { memberSearchRoutes } from './member-search.rest.js';
export { MemberSearchService } from './member-search.service.js';
// The fact's one SQL form lives with the agreement it suspends (agreement/account-standing.sql.ts).
export { accountHasResignedMember } from '../agreement/index.js';
export { Member } from './member.entity.js';
export { MemberResolver } from './member.resolver.js';
export { memberRoutes } from './member.rest.js';
export { MemberService } from './member.service.js';
export { MemberView } from './member.types.js';
