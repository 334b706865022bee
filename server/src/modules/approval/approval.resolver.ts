import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { APPROVER_ROLES, STAFF_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { withUserErrors } from '../../graphql/user-error.js';
import { ApprovalResult, ArrearsApproval, ManagerOverrideInput } from './approval.types.js';

@Resolver()
export class ApprovalResolver {
  @Authorized(...STAFF_ROLES)
  @Mutation(() => ApprovalResult, { description: 'An agent asks a manager to approve paying a bill in arrears.' })
  async requestArrearsApproval(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('billId', () => Int) billId: number,
    @Arg('note') note: string,
  ): Promise<ApprovalResult> {
    const result = await withUserErrors(() => services.approvals.request(em, user, billId, note));
    return { approval: result.value, errors: result.errors };
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => ApprovalResult, { description: 'Supervisor override with the manager’s own credentials.' })
  async managerOverrideApproval(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => ManagerOverrideInput) input: ManagerOverrideInput,
  ): Promise<ApprovalResult> {
    const result = await withUserErrors(() => services.approvals.override(em, user, input));
    return { approval: result.value, errors: result.errors };
  }

  @Authorized(...APPROVER_ROLES)
  @Query(() => [ArrearsApproval], { description: 'The manager’s queue: pending requests by others.' })
  arrearsApprovalQueue(@Ctx() { em, user, services }: GraphQLContext): Promise<ArrearsApproval[]> {
    return services.approvals.queue(em, user);
  }

  @Authorized(...STAFF_ROLES)
  @Subscription(() => ArrearsApproval, {
    name: 'arrearsApprovalChanged',
    description: 'The agent waits on a request: the request now, then again once a manager decides it.',
    subscribe: ({ args, context }) => {
      const { em, user, services } = context as GraphQLContext;
      return services.approvals.watch(em, user, (args as { approvalId: number }).approvalId);
    },
  })
  arrearsApprovalChanged(
    @Root() approval: ArrearsApproval,
    @Arg('approvalId', () => Int) _approvalId: number,
  ): ArrearsApproval {
    return approval;
  }

  @Authorized(...APPROVER_ROLES)
  @Mutation(() => ApprovalResult, { description: 'A manager decides a queued request (never their own).' })
  async decideArrearsApproval(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('approvalId', () => Int) approvalId: number,
    @Arg('approvalGranted') approvalGranted: boolean,
    @Arg('note', { defaultValue: '' }) note: string,
  ): Promise<ApprovalResult> {
    const result = await withUserErrors(() => services.approvals.decide(em, user, approvalId, approvalGranted, note));
    return { approval: result.value, errors: result.errors };
  }
}
