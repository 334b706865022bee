import { GraphQLString } from 'graphql';
import { STAFF_ROLES } from '../../common/auth/roles.js';
import { bodyField, route } from '../../rest/route.js';
import { MissedDepositBranchGroup, ReportBranch } from './missed-deposits.types.js';

/**
 * Spec 3 §7 branch paths of the missed-deposit report (staff only): the branches, their names, and the report for
 * `branches` (ids or names), `startDate`, `endDate`, answered as the groups of records per branch.
 */
export const missedDepositRoutes = [
  route('get', '/api/branch/getallbranches', STAFF_ROLES, [ReportBranch], ({ em, services }) =>
    services.missedDeposits.branches(em),
  ),
  route('get', '/api/branch/getallbranchnames', STAFF_ROLES, [GraphQLString], async ({ em, services }) =>
    (await services.missedDeposits.branches(em)).map((branch) => branch.name),
  ),
  route(
    'post',
    '/api/branch/submitbranchnames',
    STAFF_ROLES,
    [MissedDepositBranchGroup],
    async ({ em, req, services }) =>
      (
        await services.missedDeposits.report(em, {
          branches: bodyField(req.body, 'branches') ?? bodyField(req.body, 'branchNames'),
          startDate: bodyField(req.body, 'startDate'),
          endDate: bodyField(req.body, 'endDate'),
        })
      ).groups,
  ),
];
