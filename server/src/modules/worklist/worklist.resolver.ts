import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES, STAFF_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { instantOf } from '../../database/row-values.js';
import { withUserErrors } from '../../graphql/user-error.js';
import { actionLabel, WORK_KINDS, type WorkItem } from './worklist.rules.js';
import { MarkWorkItemDoneResult, StaffWorklistView, type WorkItemView } from './worklist.types.js';

function itemView(item: WorkItem): WorkItemView {
  return {
    key: item.key,
    kind: item.kind,
    kindLabel: WORK_KINDS.find((k) => k.kind === item.kind)!.label,
    date: item.date,
    title: item.title,
    detail: item.detail,
    agreementId: item.subject?.agreementId ?? null,
    accountId: item.subject?.accountId ?? null,
    memberId: item.subject?.memberId ?? null,
    memberNumber: item.subject?.memberNumber ?? null,
    memberName: item.subject?.memberName ?? null,
    actions: item.actions.map((action) => ({
      action: action.action,
      label: actionLabel(action),
      templateName: action.action === 'contact' ? action.templateName : null,
      notificationId: action.action === 'resend' ? action.notificationId : null,
    })),
    done: item.done ? { at: instantOf(item.done.at), by: item.done.by, action: item.done.action } : null,
  };
}

/** The staff worklist (issue 22 item 3) and its "done". */
@Resolver()
export class WorklistResolver {
  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => StaffWorklistView, {
    description:
      'What needs a person, most urgent first: members who asked for help with payments, in arrears, failed or part-paid payments, reconciliation mismatches, ' +
      'going short, locked, approvals waiting (approvers), messages not sent, renewals due. Staff only.',
  })
  async staffWorklist(@Ctx() { em, user, services }: GraphQLContext): Promise<StaffWorklistView> {
    const list = await services.worklist.list(em, user);
    return { asOf: list.asOf, items: list.items.map(itemView), counts: list.counts };
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => MarkWorkItemDoneResult, {
    description:
      'A row acted on (action: contacted, locked, resent, reviewed, approved): done until its situation changes.',
  })
  async markWorkItemDone(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('key') key: string,
    @Arg('action') action: string,
  ): Promise<MarkWorkItemDoneResult> {
    const result = await withUserErrors(() => services.worklist.markDone(em, user, key, action));
    return { ok: result.errors.length === 0, errors: result.errors };
  }
}
