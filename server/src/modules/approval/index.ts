/** The approval module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { AgreementApprovalResolver } from './agreement-approval.resolver.js';
export { AgreementApprovalService } from './agreement-approval.service.js';
export { Approval } from './approval.entity.js';
export { approvalRoutes } from './approval.rest.js';
export { ApprovalResolver } from './approval.resolver.js';
export { ApprovalService } from './approval.service.js';
export { APPROVAL_KIND_LABELS, ApprovalKind } from './approval-type.js';
