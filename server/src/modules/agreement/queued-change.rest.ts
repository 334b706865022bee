import { idParam, route } from '../../rest/route.js';
import type { AccountAgreementQuestion } from './queued-change.service.js';

/** The old clients' booleans; the portal now subscribes to `queuedChangeStatus` instead of polling. */
function accountQuestion(path: string, question: AccountAgreementQuestion) {
  return route('get', path, 'signed-in', ({ em, req, user, services }) =>
    services.queuedChanges.accountHas(em, user, idParam(req.params.accountId, 'accountId'), question),
  );
}

export const queuedChangeRoutes = [
  accountQuestion('/api/contracts/HasQueuedAgreement/:accountId', 'queued'),
  accountQuestion('/api/contracts/HasPendingOrApprovedAgreement/:accountId', 'pendingOrApproved'),
  accountQuestion('/api/contracts/HasInProgressContract/:accountId', 'inProgress'),
];
