import { idParam, route } from '../../rest/route.js';
import { LinkedAccountView } from '../linked-account/index.js';

export const profileRoutes = [
  route(
    'get',
    '/api/members/:memberId/availableaccounts',
    'signed-in',
    [LinkedAccountView],
    ({ em, req, user, services }) =>
      services.profiles.availableAccounts(em, user, idParam(req.params.memberId, 'memberId')),
  ),
];
