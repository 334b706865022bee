import { Int } from 'type-graphql';
import { WIZARD_ROLES } from '../../common/auth/roles.js';
import { LocalDateScalar } from '../../graphql/scalars.js';
import { bodyField, idParam, route } from '../../rest/route.js';
import {
  bodyId,
  ItemChangeResult,
  listBody,
  LockedAnswer,
  restChange,
  subCategoryInputOf,
  SubCategoryView,
} from '../biller/index.js';
import { CategoryAllocation, notFound, wizardVersion } from '../agreement/index.js';
import { requireUser } from '../../common/auth/access.js';

/**
 * Spec 2 §7 sub-categories and the category assignment, over the same services as GraphQL. The specific paths
 * come before /api/billingsubcategories/:id.
 */
export const subCategoryRoutes = [
  route('get', '/api/billingsubcategories/getdateofcreation', WIZARD_ROLES, LocalDateScalar, (ctx) =>
    ctx.services.subCategories.dateOfCreation(ctx.em, ctx.user, idParam(ctx.req.query.id, 'id')),
  ),

  route('get', '/api/billingsubcategories/islocked/:subCategoryId', WIZARD_ROLES, LockedAnswer, async (ctx) => ({
    isLocked: (await ctx.services.subCategories.get(ctx.em, ctx.user, idParam(ctx.req.params.subCategoryId, 'id')))
      .isLocked,
  })),

  route('put', '/api/billingsubcategories/remove', WIZARD_ROLES, ItemChangeResult, async (ctx) => ({
    ...(await ctx.services.subCategories.remove(ctx.em, ctx.user, bodyId(ctx.req.body, 'billingSubCategoryId'))),
    errors: [],
  })),

  route('put', '/api/billingsubcategories/enable', WIZARD_ROLES, ItemChangeResult, async (ctx) => ({
    ...(await ctx.services.subCategories.reinstate(ctx.em, ctx.user, bodyId(ctx.req.body, 'billingSubCategoryId'))),
    errors: [],
  })),

  route('get', '/api/billingsubcategories', WIZARD_ROLES, [SubCategoryView], (ctx) =>
    ctx.services.subCategories.list(ctx.em, ctx.user, idParam(ctx.req.query.contractId, 'contractId')),
  ),

  // Adds a sub-category; answers its id (spec 2 §7).
  route('post', '/api/billingsubcategories', WIZARD_ROLES, Int, async ({ em, req, res, user, services }) => {
    const contractId = idParam(req.query.contractId, 'contractId');
    await wizardVersion(em, user, contractId); // who may see it, before what the body says
    const input = subCategoryInputOf(req.body, contractId);
    input.billingSubCategoryId = null;
    const saved = await restChange(res, () => services.subCategories.save(em, user, input));
    return saved?.subCategory.id;
  }),

  route('put', '/api/billingsubcategories', WIZARD_ROLES, SubCategoryView, async ({ em, req, res, user, services }) => {
    const input = subCategoryInputOf(req.body, null);
    input.billingSubCategoryId = bodyId(req.body, 'billingSubCategoryId');
    const saved = await restChange(res, () => services.subCategories.save(em, user, input));
    return saved?.subCategory;
  }),

  route(
    'put',
    '/api/billingsubcategories/:contractId/:accountId',
    WIZARD_ROLES,
    [SubCategoryView],
    async ({ em, req, res, user, services }) => {
      const contractId = idParam(req.params.contractId, 'contractId');
      const accountId = idParam(req.params.accountId, 'accountId');
      // Who may see it, and the path's account its own, before what the body says.
      const version = await wizardVersion(em, user, contractId);
      if (version.accountId !== accountId) throw notFound(requireUser(user), 'Could not load contract');
      const inputs = listBody(req.body).map((body) => subCategoryInputOf(body, contractId));
      return restChange(res, () => services.subCategories.saveMany(em, user, contractId, accountId, inputs));
    },
  ),

  route('get', '/api/billingsubcategories/:id', WIZARD_ROLES, SubCategoryView, (ctx) =>
    ctx.services.subCategories.get(ctx.em, ctx.user, idParam(ctx.req.params.id, 'id')),
  ),

  route(
    'put',
    '/api/billingcategories/allocationpercat/:memberId/:contractId/:accountId',
    WIZARD_ROLES,
    [CategoryAllocation],
    ({ em, req, user, services }) =>
      services.billerWizard.allocationByCategory(
        em,
        user,
        idParam(req.params.memberId, 'memberId'),
        idParam(req.params.contractId, 'contractId'),
        idParam(req.params.accountId, 'accountId'),
      ),
  ),

  // Assigns the category picked (body: { billingCategoryId }, or the bare id); answers the category's id.
  route('post', '/api/billingcategories', WIZARD_ROLES, Int, async ({ em, req, res, user, services }) => {
    const body: unknown = req.body;
    const raw = typeof body === 'number' ? body : (bodyField(body, 'billingCategoryId') ?? bodyField(body, 'id'));
    const contractId = idParam(req.query.contractId, 'contractId');
    // An unreadable id is no category: refused as INVALID_CATEGORY after the version's access check.
    const categoryId = typeof raw === 'number' || (typeof raw === 'string' && /^\d{1,9}$/.test(raw)) ? Number(raw) : 0;
    const assigned = await restChange(res, () =>
      services.billerWizard.assignCategory(em, user, contractId, categoryId),
    );
    return assigned?.billingCategoryId;
  }),
];
