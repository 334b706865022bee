import { idParam, route } from '../../rest/route.js';
import { TransactionDetails } from './transaction.types.js';

/** Spec 1 §7 transactions: the same service as the `transaction` query. */
export const transactionRoutes = [
  route(
    'get',
    '/api/transaction/getexpandedtransaction',
    'signed-in',
    TransactionDetails,
    ({ em, req, user, services }) => services.transactions.details(em, user, idParam(req.query.id, 'id')),
  ),

  route(
    'get',
    '/api/transaction/pendingbilltransaction',
    'signed-in',
    TransactionDetails,
    ({ em, req, user, services }) =>
      services.transactions.pendingBillTransaction(em, user, idParam(req.query.memberId, 'memberId')),
  ),

  route('get', '/api/transactions/:accountId', 'signed-in', TransactionDetails, ({ em, req, user, services }) =>
    services.transactions.latestForAccount(em, user, idParam(req.params.accountId, 'accountId')),
  ),
];
