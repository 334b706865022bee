import { toWire } from '../../rest/money-wire.js';
import { idParam, route } from '../../rest/route.js';

/** Spec 1 §7 transactions: the same service as the `transaction` query. */
export const transactionRoutes = [
  route('get', '/api/transaction/getexpandedtransaction', 'signed-in', async ({ em, req, user, services }) =>
    toWire(await services.transactions.details(em, user, idParam(req.query.id, 'id'))),
  ),

  route('get', '/api/transaction/pendingbilltransaction', 'signed-in', async ({ em, req, user, services }) =>
    toWire(await services.transactions.pendingBillTransaction(em, user, idParam(req.query.memberId, 'memberId'))),
  ),

  route('get', '/api/transactions/:accountId', 'signed-in', async ({ em, req, user, services }) =>
    toWire(await services.transactions.latestForAccount(em, user, idParam(req.params.accountId, 'accountId'))),
  ),
];
