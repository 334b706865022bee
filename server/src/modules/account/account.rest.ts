import { idParam, route } from '../../rest/route.js';
import { AccountListItem, MemberAccountLinkView } from './account.types.js';

export const accountRoutes = [
  route('get', '/api/memberaccount/getaccountlist', 'signed-in', [AccountListItem], ({ em, req, user, services }) =>
    services.accounts.accountList(em, user, idParam(req.query.memberId, 'memberId')),
  ),

  route(
    'get',
    '/api/memberaccountlink/memberget',
    'signed-in',
    MemberAccountLinkView,
    async ({ em, req, user, services }) => {
      const account = await services.accounts.memberAccount(
        em,
        user,
        idParam(req.query.memberId, 'memberId'),
        idParam(req.query.accountId, 'accountId'),
      );
      return account.link;
    },
  ),
];
