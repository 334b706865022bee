import { requireUser } from '../../../common/auth/access.js';
import { isStaff, WIZARD_ROLES } from '../../../common/auth/roles.js';
import { ForbiddenError } from '../../../shared/errors.js';
import { bodyField, idParam, route } from '../../../rest/route.js';
import { RAW_JSON, toWire } from '../../../rest/wire.js';
import { capacityAnswer } from '../completion/completion.rest.js';
import { AgreementVersionView, WizardEntryView, WizardSessionView } from './wizard.types.js';

/** A query parameter read case-insensitively (old clients send memberid and memberId). */
function queryParam(query: Record<string, unknown>, name: string): unknown {
  return bodyField(query, name);
}

/** `true` in any case (?active=True). */
function queryFlag(value: unknown): boolean {
  return String(Array.isArray(value) ? value[0] : value).toLowerCase() === 'true';
}

/**
 * The wizard's documented paths (spec 3 §7) over the same service as the GraphQL operations. The wizard's writes
 * (start, modify, position, cancel) have no documented path: GraphQL only.
 */
export const agreementWizardRoutes = [
  // GET /api/contracts?memberid&accountId: the account's versions, newest first; &active=true only the one in force;
  // &justId=true the id alone of the first of them (null when there is none). ?contractId&isCapacity: the capacity
  // step instead (agreement/completion, staff only).
  route('get', '/api/contracts', WIZARD_ROLES, RAW_JSON, async (ctx) => {
    const { em, req, user, services } = ctx;
    const query = req.query as Record<string, unknown>;
    if (queryParam(query, 'isCapacity') !== undefined) {
      if (!isStaff(requireUser(user).roles)) throw new ForbiddenError();
      return capacityAnswer(ctx);
    }
    const versions = await services.agreementWizard.accountVersions(
      em,
      user,
      idParam(queryParam(query, 'memberId'), 'memberId'),
      idParam(queryParam(query, 'accountId'), 'accountId'),
      queryFlag(queryParam(query, 'active')),
    );
    if (queryFlag(queryParam(query, 'justId'))) return versions[0]?.id ?? null;
    return toWire(versions, [AgreementVersionView]);
  }),

  route(
    'get',
    '/api/accounts/:accountId/currentcontract/modifyview',
    WIZARD_ROLES,
    WizardEntryView,
    ({ em, req, user, services }) =>
      services.agreementWizard.modifyEntry(em, user, idParam(req.params.accountId, 'accountId')),
  ),

  route(
    'get',
    '/api/accounts/:accountId/modifiedcontract/modifiedview',
    WIZARD_ROLES,
    WizardSessionView,
    ({ em, req, user, services }) =>
      services.agreementWizard.openModification(em, user, idParam(req.params.accountId, 'accountId')),
  ),
];
