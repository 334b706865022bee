import { MoneyScalar } from '../../graphql/scalars.js';
import { bodyField, idParam, route } from '../../rest/route.js';
import { AgreementView } from './agreement-view.types.js';

/**
 * Spec 3 §7's reads of one agreement, over the view-agreement service (GraphQL `agreement` and
 * `unavailableRainyDayAmount`). Listed after every other `/api/contracts/<word>` route: `:id` would take those.
 */
export const agreementRoutes = [
  // GET /api/contracts/unavailablerainydayamount?contractId: rainy day held back, in dollars.
  route('get', '/api/contracts/unavailablerainydayamount', 'signed-in', MoneyScalar, ({ em, req, user, services }) =>
    services.agreements.unavailableRainyDay(em, user, idParam(bodyField(req.query, 'contractId'), 'contractId')),
  ),
  // GET /api/contracts/{id}: the agreement as the view-agreement page shows it.
  route('get', '/api/contracts/:id', 'signed-in', AgreementView, ({ em, req, user, services }) =>
    services.agreements.view(em, user, idParam(req.params.id, 'contractId')),
  ),
];
