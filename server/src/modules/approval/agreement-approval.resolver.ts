import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { APPROVER_ROLES, STAFF_ROLES, WIZARD_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { withUserErrors } from '../../graphql/user-error.js';
import type { AgreementApprovalView } from './agreement-approval.service.js';
import {
  AgreementApproval,
  AgreementApprovalOverrideInput,
  AgreementApprovalResult,
  AgreementApprovalsState,
} from './agreement-approval.types.js';

async function asResult(work: () => Promise<AgreementApprovalView>): Promise<AgreementApprovalResult> {
  const result = await withUserErrors(work);
  return { approval: result.value, errors: result.errors };
}

/** Agreement approvals (types 1 and 2) as maker-checker: the agent asks, a manager other than them decides. */
@Resolver()
export class AgreementApprovalResolver {
  @Authorized(...WIZARD_ROLES)
  @Query(() => AgreementApprovalsState, { description: 'The version’s approvals: needed, pending, granted, refused.' })
  agreementApprovals(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
  ): Promise<AgreementApprovalsState> {
    return services.agreementApprovals.state(em, user, agreementId);
  }

  @Authorized(...WIZARD_ROLES)
  @Subscription(() => AgreementApprovalsState, {
    name: 'agreementApprovalsChanged',
    description: 'The deposits step waits on a manager: the version’s approvals now, then again at each change.',
    subscribe: ({ args, context }) => {
      const { em, user, services } = context as GraphQLContext;
      return services.agreementApprovals.watch(em, user, (args as { agreementId: number }).agreementId);
    },
  })
  agreementApprovalsChanged(
    @Root() state: AgreementApprovalsState,
    @Arg('agreementId', () => Int) _agreementId: number,
  ): AgreementApprovalsState {
    return state;
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => AgreementApprovalResult, { description: 'The agent asks a manager for approval type 1 or 2.' })
  requestAgreementApproval(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('agreementId', () => Int) agreementId: number,
    @Arg('approvalType', () => Int) approvalType: number,
    @Arg('note') note: string,
  ): Promise<AgreementApprovalResult> {
    return asResult(() => services.agreementApprovals.request(em, user, agreementId, approvalType, note));
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => AgreementApprovalResult, { description: 'The manager signs the agent’s screen (own password).' })
  overrideAgreementApproval(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => AgreementApprovalOverrideInput) input: AgreementApprovalOverrideInput,
  ): Promise<AgreementApprovalResult> {
    return asResult(() => services.agreementApprovals.override(em, user, input));
  }

  @Authorized(...APPROVER_ROLES)
  @Query(() => [AgreementApproval], { description: 'The manager’s queue of agreement approvals by others.' })
  agreementApprovalQueue(@Ctx() { em, user, services }: GraphQLContext): Promise<AgreementApproval[]> {
    return services.agreementApprovals.queue(em, user);
  }

  @Authorized(...APPROVER_ROLES)
  @Mutation(() => AgreementApprovalResult, { description: 'A manager decides a queued agreement approval.' })
  decideAgreementApproval(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('approvalId', () => Int) approvalId: number,
    @Arg('approvalGranted') approvalGranted: boolean,
    @Arg('note', { defaultValue: '' }) note: string,
  ): Promise<AgreementApprovalResult> {
    return asResult(() => services.agreementApprovals.decide(em, user, approvalId, approvalGranted, note));
  }
}
