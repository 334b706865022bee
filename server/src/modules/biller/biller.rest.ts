import { GraphQLString } from 'graphql';
import { assertMemberAccess, requireUser } from '../../common/auth/access.js';
import { WIZARD_ROLES } from '../../common/auth/roles.js';
import { LocalDateScalar } from '../../graphql/scalars.js';
import { idParam, route } from '../../rest/route.js';
import { billerFormOptions } from './biller-form-options.js';
import {
  billerInputOf,
  bodyId,
  flagOf,
  objectField,
  preferenceOf,
  CustomerReferenceAnswer,
  listBody,
  LockedAnswer,
  optionalId,
  queryFlag,
  queryText,
  removalOf,
  restChange,
} from './biller-wire.js';
import {
  BillerView,
  DirectDebitNumberResult,
  ItemChangeResult,
  ListItemView,
  RemovalInfoView,
} from './biller.types.js';
import { asResult } from './biller-result.js';
import { notFound, wizardVersion } from '../agreement/index.js';

/**
 * Spec 2 §7 billers, over the same services as the GraphQL operations (money in dollars with two decimals, by
 * wire.ts). The specific paths come before /api/billers/:id, which would take them.
 */
export const billerRoutes = [
  route('get', '/api/billers/getlist', WIZARD_ROLES, [ListItemView], ({ em, req, user, services }) =>
    services.billerWizard.list(em, user, idParam(req.query.contractId, 'contractId')),
  ),

  route(
    'get',
    '/api/billers/businessbsbnumber',
    WIZARD_ROLES,
    GraphQLString,
    () => billerFormOptions().businessBsbNumber,
  ),

  route('get', '/api/billers/islocked/:billerId', WIZARD_ROLES, LockedAnswer, async ({ em, req, user, services }) => ({
    isLocked: await services.billerWizard.isLocked(em, user, idParam(req.params.billerId, 'billerId')),
  })),

  route(
    'get',
    '/api/billers/getCustomerReferenceNumber',
    WIZARD_ROLES,
    CustomerReferenceAnswer,
    async ({ em, req, user, services }) => ({
      data: await services.billerWizard.customerReferenceNumber(
        em,
        user,
        idParam(req.query.billerId, 'billerId'),
        idParam(req.query.contractId, 'contractId'),
      ),
    }),
  ),

  route('get', '/api/billers/getinitialdate', WIZARD_ROLES, LocalDateScalar, ({ em, req, user, services }) =>
    services.billerWizard.initialDate(em, user, idParam(req.query.billerId, 'billerId')),
  ),

  // The remove screen (spec 2 §2): not a documented path, the same answer as Query.billerRemoval.
  route('get', '/api/billers/removal/:billerId', WIZARD_ROLES, RemovalInfoView, ({ em, req, user, services }) =>
    services.billerWizard.removal(em, user, idParam(req.params.billerId, 'billerId')),
  ),

  route('put', '/api/billers/updatelist', WIZARD_ROLES, [BillerView], async ({ em, req, res, user, services }) => {
    const contractId = idParam(req.query.contractId, 'contractId');
    await wizardVersion(em, user, contractId); // who may see it, before what the body says
    const inputs = listBody(req.body).map((body) => billerInputOf(body, contractId));
    return restChange(res, () => services.billerWizard.saveMany(em, user, contractId, inputs));
  }),

  route('put', '/api/billers/remove', WIZARD_ROLES, ItemChangeResult, ({ em, req, res, user, services }) => {
    const billerId = bodyId(req.body, 'billerId');
    return restChange(res, async () => ({
      ...(await services.billerWizard.remove(em, user, billerId, removalOf(req.body))),
      errors: [],
    }));
  }),

  route('put', '/api/billers/enable', WIZARD_ROLES, ItemChangeResult, async ({ em, req, user, services }) => ({
    ...(await services.billerWizard.reinstate(em, user, bodyId(req.body, 'billerId'))),
    errors: [],
  })),

  route('post', '/api/billers/AssignAccountNumber', WIZARD_ROLES, GraphQLString, ({ em, services }) =>
    services.billerWizard.assignDirectDebitNumber(em),
  ),

  route(
    'post',
    '/api/billers/ValidateAccountNumber',
    WIZARD_ROLES,
    DirectDebitNumberResult,
    async ({ em, req, user, services }) => {
      const number = queryText(req.query.billSumoNumber);
      const result = await asResult(() =>
        services.billerWizard.validateDirectDebitNumber(em, user, number, optionalId(req, 'billerId')),
      );
      return { accountNumber: result.value, valid: result.value !== null, errors: result.errors };
    },
  ),

  // POST adds, PUT edits (body: the biller of spec 2 §3); the path's member and account must be the version's.
  ...(['post', 'put'] as const).map((method) =>
    route(method, '/api/billers', WIZARD_ROLES, BillerView, async ({ em, req, res, user, services }) => {
      assertMemberAccess(user, idParam(req.query.memberId, 'memberId'));
      const accountId = idParam(req.query.accountId, 'accountId');
      const contractId = idParam(req.query.contractId, 'contractId');
      // Who may see it, and the path's account its own, before what the body says.
      const version = await wizardVersion(em, user, contractId);
      if (version.accountId !== accountId) throw notFound(requireUser(user), 'Could not load contract');
      const input = billerInputOf(req.body, contractId);
      if (method === 'post') input.billerId = null;
      else input.billerId = bodyId(req.body, 'billerId');
      const saved = await restChange(res, () => services.billerWizard.save(em, user, input, accountId));
      return saved?.biller;
    }),
  ),

  // Body: [{ biller: { billerId, isNotificationEnabled }, isProfile, company, category, state }] (spec 3 §7).
  route('put', '/api/billerpreferenceslist', WIZARD_ROLES, [BillerView], async ({ em, req, user, services }) => {
    const contractId = idParam(req.query.contractId, 'contractId');
    await wizardVersion(em, user, contractId); // who may see it, before what the body says
    const items = listBody(req.body);
    const isProfile = items.some((item) => flagOf(item, 'isProfile')) || queryFlag(req.query.isProfile);
    const preferences = items.map((item) => preferenceOf(objectField(item, 'biller') ?? item));
    return services.billerWizard.setNotificationPreferences(em, user, contractId, isProfile, preferences);
  }),

  // Body: { billerId, isNotificationEnabled } (or the biller under `biller`).
  route('put', '/api/billerpreferences', WIZARD_ROLES, [BillerView], async ({ em, req, user, services }) => {
    const contractId = idParam(req.query.contractId, 'contractId');
    await wizardVersion(em, user, contractId);
    const preference = preferenceOf(objectField(req.body, 'biller') ?? req.body);
    const isProfile = queryFlag(req.query.isProfile);
    return services.billerWizard.setNotificationPreferences(em, user, contractId, isProfile, [preference]);
  }),

  route('get', '/api/billers', WIZARD_ROLES, [BillerView], ({ em, req, user, services }) =>
    services.billerWizard.billers(em, user, idParam(req.query.contractId, 'contractId'), queryFlag(req.query.active)),
  ),

  route('get', '/api/billers/:id', WIZARD_ROLES, BillerView, ({ em, req, user, services }) =>
    services.billerWizard.biller(em, user, idParam(req.params.id, 'id')),
  ),
];
