import { STAFF_ROLES, WIZARD_ROLES } from '../../../common/auth/roles.js';
import { DomainError } from '../../../common/errors.js';
import { bodyField, idParam, route } from '../../../rest/route.js';
import { ApproveAgreementResult } from '../agreement-view.types.js';
import { LifecycleOutcomeView, SavedForLaterView } from './lifecycle.types.js';

/** A query or body value read case-insensitively (old clients send contractid and contractId). */
function param(source: unknown, name: string): unknown {
  return bodyField(source, name);
}

/** The description of a save for later: the body's text (a JSON string, or { description } / { text }). */
function descriptionOf(body: unknown): string {
  if (typeof body === 'string') return body;
  const value = param(body, 'description') ?? param(body, 'text');
  return typeof value === 'string' ? value : '';
}

/** The lifecycle's documented paths (spec 3 §7) over the same service as the GraphQL operations. */
export const lifecycleRoutes = [
  route('put', '/api/ContractBatchAction/activate', STAFF_ROLES, LifecycleOutcomeView, ({ em, req, user, services }) =>
    services.lifecycle.activate(em, user, idParam(param(req.query, 'contractId'), 'contractId')),
  ),
  // The body (depositsViewModel, htmlToPrint) is the original's; the deposits are already saved on the version.
  route(
    'put',
    '/api/Contracts/StaffActivate/:contractId',
    STAFF_ROLES,
    LifecycleOutcomeView,
    ({ em, req, user, services }) =>
      services.lifecycle.activate(em, user, idParam(req.params.contractId, 'contractId')),
  ),
  // The member's approval; the body (html to print) is the original's. A refusal is a 400 with its message.
  route(
    'put',
    '/api/Contracts/memberApprove/:contractId',
    WIZARD_ROLES,
    ApproveAgreementResult,
    async ({ em, req, user, services }) => {
      const result = await services.agreements.approve(em, user, idParam(req.params.contractId, 'contractId'));
      const [error] = result.errors;
      if (!result.ok && error) throw new DomainError(error.code, error.message, error.field ?? undefined);
      return result;
    },
  ),
  route('put', '/api/ContractBatchAction/saveall', WIZARD_ROLES, LifecycleOutcomeView, ({ em, req, user, services }) =>
    services.lifecycle.saveAll(em, user, idParam(param(req.query, 'contractId'), 'contractId')),
  ),
  route(
    'post',
    '/api/contracts/MoveAgreementEndDate',
    STAFF_ROLES,
    LifecycleOutcomeView,
    ({ em, req, user, services }) => {
      const date = param(req.body, 'newEndDate');
      return services.lifecycle.moveEndDate(
        em,
        user,
        idParam(String(param(req.body, 'contractId') ?? ''), 'contractId'),
        typeof date === 'string' ? date.slice(0, 10) : '',
      );
    },
  ),
  // POST /api/contracts?contractId&isSaveForLater=true with the description.
  route('post', '/api/contracts', WIZARD_ROLES, SavedForLaterView, async ({ em, req, user, services }) => {
    const contractId = idParam(param(req.query, 'contractId'), 'contractId');
    await services.lifecycle.assertReachable(em, user, contractId);
    if (String(param(req.query, 'isSaveForLater')).toLowerCase() !== 'true') {
      throw new DomainError('NOT_SUPPORTED', 'Only isSaveForLater=true is supported on this path.', 'isSaveForLater');
    }
    return services.lifecycle.saveForLater(em, user, contractId, descriptionOf(req.body));
  }),
];
