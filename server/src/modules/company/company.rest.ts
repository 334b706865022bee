import { WIZARD_ROLES } from '../../common/auth/roles.js';
import { idParam, route } from '../../rest/route.js';
import { CompanyView } from './company.types.js';

/** A query-string text: the first value when repeated, '' when absent or not text. */
function textParam(value: unknown): string {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' ? text : '';
}

/**
 * Spec 2 §7 companies, over the same service as the GraphQL queries. The specific paths come before
 * /api/companies/:id, which would take them.
 */
export const companyRoutes = [
  route('get', '/api/companies/popularByCategory', WIZARD_ROLES, [CompanyView], ({ em, req, services }) =>
    services.companies.popularByCategory(em, idParam(req.query.categoryId, 'categoryId')),
  ),

  // The legacy answer is the list; whether it holds every match is in X-Is-Complete (true / false).
  route(
    'get',
    '/api/companies/companiesByCategory',
    WIZARD_ROLES,
    [CompanyView],
    async ({ em, req, res, services }) => {
      const found = await services.companies.search(
        em,
        idParam(req.query.categoryId, 'categoryId'),
        textParam(req.query.search),
      );
      res.set('X-Is-Complete', String(found.isComplete));
      return found.companies;
    },
  ),

  route('get', '/api/companies/:id', WIZARD_ROLES, CompanyView, ({ em, req, services }) =>
    services.companies.company(em, idParam(req.params.id, 'id')),
  ),
];
