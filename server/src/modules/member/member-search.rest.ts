import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import { NotFoundError } from '../../shared/errors.js';
import { countParam, idParam, route } from '../../rest/route.js';
import { MEMBER_LIST_MAX_PAGE_SIZE } from './member-directory.service.js';
import { CompleteMemberInformation, MemberAccountLinkRecord, MemberListEntry } from './member-directory.types.js';
import { MemberSearchResult } from './member-search.types.js';
import { MemberView } from './member.types.js';

function text(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/**
 * The member search and listings of the façade. They come before the member routes: `/api/members/:id` would
 * otherwise take `/api/members/GetAllForSearch`.
 */
export const memberSearchRoutes = [
  route(
    'get',
    '/api/members/GetAllForSearch',
    STAFF_AND_REPORTER_ROLES,
    [MemberSearchResult],
    ({ em, req, user, services }) =>
      services.memberSearch.search(
        em,
        user,
        text(req.query.searchString),
        countParam(req.query.resultCount, 'resultCount', 20),
      ),
  ),

  route(
    'get',
    '/api/members/GetByNumber/:accountNumber/:maxResults',
    STAFF_AND_REPORTER_ROLES,
    [MemberSearchResult],
    ({ em, req, user, services }) =>
      services.memberSearch.byAccountNumber(
        em,
        user,
        text(req.params.accountNumber),
        countParam(req.params.maxResults, 'maxResults', 20),
      ),
  ),

  route(
    'get',
    '/api/members',
    STAFF_AND_REPORTER_ROLES,
    [MemberListEntry],
    async ({ em, req, res, user, services }) => {
      const pageSize = Math.min(
        MEMBER_LIST_MAX_PAGE_SIZE,
        Math.max(1, countParam(req.query.pageSize, 'pageSize', 500)),
      );
      const page = Math.max(1, countParam(req.query.page, 'page', 1));
      const allLinks = text(req.query.allLinks).toLowerCase() === 'true';
      const { members, total } = await services.memberDirectory.list(em, user, { allLinks, page, pageSize });
      res.set('X-Total-Count', String(total));
      return members;
    },
  ),

  route(
    'get',
    '/api/members/getCompleteMemberInformation/:id',
    'signed-in',
    CompleteMemberInformation,
    ({ em, req, user, services }) =>
      services.memberDirectory.completeInformation(em, user, idParam(req.params.id, 'id')),
  ),

  route('get', '/api/accounts/:accountId/members', 'signed-in', [MemberView], ({ em, req, user, services }) =>
    services.memberDirectory.accountMembers(em, user, idParam(req.params.accountId, 'accountId')),
  ),

  route(
    'get',
    '/api/memberaccountlink',
    STAFF_AND_REPORTER_ROLES,
    MemberAccountLinkRecord,
    async ({ em, req, user, services }) => {
      const memberId = idParam(req.query.memberId, 'memberId');
      const accountId = req.query.accountId === undefined ? null : idParam(req.query.accountId, 'accountId');
      const links = await services.memberDirectory.links(em, user, memberId, accountId);
      if (accountId === null) return links;
      if (links.length === 0) throw new NotFoundError('Could not find member or contract.');
      return links[0];
    },
  ),
];
