import { toWire } from '../../rest/money-wire.js';
import { idParam, route } from '../../rest/route.js';

export const profileRoutes = [
  route('get', '/api/members/:memberId/availableaccounts', 'signed-in', async ({ em, req, user, services }) =>
    toWire(await services.profiles.availableAccounts(em, user, idParam(req.params.memberId, 'memberId'))),
  ),
];
