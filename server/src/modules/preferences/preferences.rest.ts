import { WIZARD_ROLES } from '../../common/auth/roles.js';
import { idOf, restCompletion, wizardVersion } from '../agreement/index.js';
import { bodyField, route } from '../../rest/route.js';
import { ContractPreferencesView } from './preferences.types.js';
import type { PreferencesInput } from './preferences.service.js';

const list = (value: unknown): unknown[] | null => (Array.isArray(value) ? value : null);

/**
 * The legacy body: the member notification preferences (spec 3 §3: memberId, …, notificationPreference, branch) as
 * a list, or an object with `members` (or `memberNotificationPreferences`), `branchId`, `events`, `billers`.
 */
export function preferencesInputOf(body: unknown, contractId: number): PreferencesInput {
  const members =
    list(body) ?? list(bodyField(body, 'members')) ?? list(bodyField(body, 'memberNotificationPreferences')) ?? [];
  const events = list(bodyField(body, 'events'));
  const billers = list(bodyField(body, 'billers'));
  const branch = bodyField(body, 'branchId');
  return {
    contractId,
    branchId: branch === undefined || branch === null ? undefined : idOf(branch, 'branchId'),
    members: members.map((m, i) => ({
      memberId: idOf(bodyField(m, 'memberId'), `members[${i}].memberId`),
      notificationPreference: bodyField(m, 'notificationPreference'),
    })),
    events: events?.map((e) => ({
      key: String(bodyField(e, 'key')),
      subscribed: bodyField(e, 'subscribed') as boolean,
    })),
    billers: billers?.map((b, i) => ({
      billerId: idOf(bodyField(b, 'billerId'), `billers[${i}].billerId`),
      isNotificationEnabled: bodyField(b, 'isNotificationEnabled') === true,
    })),
  };
}

/** Spec 3 §7: POST, GET and PUT /api/contractpreferences?contractId, over the same service as GraphQL. */
export const preferencesRoutes = [
  route('get', '/api/contractpreferences', WIZARD_ROLES, ContractPreferencesView, ({ em, req, user, services }) =>
    services.preferences.get(em, user, idOf(bodyField(req.query, 'contractId'), 'contractId')),
  ),
  ...(['post', 'put'] as const).map((method) =>
    route(
      method,
      '/api/contractpreferences',
      WIZARD_ROLES,
      ContractPreferencesView,
      async ({ em, req, res, user, services }) => {
        const contractId = idOf(bodyField(req.query, 'contractId'), 'contractId');
        await wizardVersion(em, user, contractId); // who may see it, before what the body says
        return restCompletion(res, () => services.preferences.save(em, user, preferencesInputOf(req.body, contractId)));
      },
    ),
  ),
];
