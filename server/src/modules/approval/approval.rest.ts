import { STAFF_ROLES } from '../../common/auth/roles.js';
import { bodyField, flagValue, positiveInt, route, textValue } from '../../rest/route.js';
import { ArrearsApproval } from './approval.types.js';

/** Spec 1 §7: a bill paid in arrears, approved by a manager (over the same service as GraphQL). */
export const approvalRoutes = [
  // The documented body (approvalGranted, billId, contractId: 1 §7) comes from a signed-in manager, who decides;
  // an agent's screen signed with a manager's username and password (managerUsername, managerPassword, note) is the
  // supervisor override.
  route('post', '/api/managerapproval', STAFF_ROLES, ArrearsApproval, async ({ em, req, user, services }) => {
    const body: unknown = req.body;
    const billId = positiveInt(bodyField(body, 'billId'), 'billId');
    const approvalGranted = flagValue(bodyField(body, 'approvalGranted'), 'approvalGranted') ?? false;
    const note = textValue(bodyField(body, 'note')) ?? '';
    const managerUsername = textValue(bodyField(body, 'managerUsername'));
    const approval =
      managerUsername === null
        ? await services.approvals.decideForBill(em, user, {
            billId,
            contractId: positiveInt(bodyField(body, 'contractId'), 'contractId'),
            approvalGranted,
            note,
          })
        : await services.approvals.override(em, user, {
            billId,
            managerUsername,
            managerPassword: textValue(bodyField(body, 'managerPassword')) ?? '',
            approvalGranted,
            note,
          });
    return { approvalGranted: approval.approvalGranted, billId: approval.billId, contractId: approval.contractId };
  }),
];
