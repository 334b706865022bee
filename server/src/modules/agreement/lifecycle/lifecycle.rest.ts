import { STAFF_ROLES, WIZARD_ROLES } from '../../../common/auth/roles.js';
import { DomainError } from '../../../shared/errors.js';
import { bodyField, idParam, route } from '../../../rest/route.js';
import { ApproveAgreementResult } from '../agreement-view.types.js';
import { LifecycleOutcomeView, SavedForLaterView } from './lifecycle.types.js';
import { AgreementChangeReview, AgreementChangeWaiting } from '../member-approval/member-approval.types.js';

/** A query or body value read case-insensitively (old clients send contractid and contractId). */
function param(source: unknown, name: string): unknown {
  return bodyField(source, name);
}

/**
 * The description of a save for later. The route reads its body as text (app.ts): the raw text itself (text/plain,
 * or unquoted under a JSON label, as old clients send it), a JSON string, or JSON { description } / { text }.
 */
export function descriptionOf(body: unknown): string {
  if (typeof body === 'string') {
    const parsed = parsedJson(body);
    if (typeof parsed === 'string') return parsed;
    return parsed !== null && typeof parsed === 'object' ? descriptionOf(parsed) : body;
  }
  const value = param(body, 'description') ?? param(body, 'text');
  return typeof value === 'string' ? value : '';
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
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
  // The member declines a change staff sent them (no documented path in the spec: the portal's own).
  route(
    'put',
    '/api/Contracts/memberDecline/:contractId',
    WIZARD_ROLES,
    ApproveAgreementResult,
    async ({ em, req, user, services }) => {
      const reason = param(req.body, 'reason');
      const result = await services.agreements.decline(
        em,
        user,
        idParam(req.params.contractId, 'contractId'),
        typeof reason === 'string' ? reason : null,
      );
      const [error] = result.errors;
      if (!result.ok && error) throw new DomainError(error.code, error.message, error.field ?? undefined);
      return result;
    },
  ),
  // The member's review of a change before approving or declining it (GraphQL agreementChangeReview's twin).
  route(
    'get',
    '/api/Contracts/:contractId/changeReview',
    WIZARD_ROLES,
    AgreementChangeReview,
    ({ em, req, user, services }) =>
      services.memberApproval.review(em, user, idParam(req.params.contractId, 'contractId')),
  ),
  // The account's change on its way (GraphQL agreementChangeWaiting's twin); null when there is none.
  route(
    'get',
    '/api/accounts/:accountId/changeWaiting',
    WIZARD_ROLES,
    AgreementChangeWaiting,
    ({ em, req, user, services }) =>
      services.memberApproval.waiting(em, user, idParam(req.params.accountId, 'accountId')),
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
