import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff, Role, SIGNED_IN, STAFF_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { withUserErrors } from '../../graphql/user-error.js';
import {
  FINANCIAL_COUNSELLING_NOTE,
  HARDSHIP_STATUS_LABELS,
  hardshipTermsWords,
  isHardshipActive,
  type HardshipTerms,
} from '../../shared/hardship/hardship.rules.js';
import type { Cents } from '../../shared/money.js';
import type { HardshipCaseRecord } from './hardship.queries.js';
import {
  ArrangeHardshipCaseInput,
  HardshipArrangementPreviewInput,
  HardshipArrangementPreviewResult,
  HardshipCaseResult,
  HardshipCaseView,
  OpenHardshipCaseInput,
  type HardshipTermsView,
} from './hardship.types.js';

const termsView = (terms: HardshipTerms): HardshipTermsView => ({ ...terms, words: hardshipTermsWords(terms) });

/** The case as the caller may read it: who on staff acted, and the counselling note, are for staff. */
function caseView(record: HardshipCaseRecord, user: CurrentUser | null): HardshipCaseView {
  const staff = user !== null && isStaff(user.roles);
  return {
    caseId: record.id,
    accountId: record.accountId,
    agreementId: record.agreementId,
    status: record.status,
    statusLabel: HARDSHIP_STATUS_LABELS[record.status],
    situation: record.situation,
    request: termsView(record.request),
    openedAt: record.openedAt,
    arrangement: record.arrangement && termsView(record.arrangement),
    arrangementNote: record.arrangementNote,
    arrangedAt: record.arrangedAt,
    arrangedBy: staff ? record.arrangedBy : null,
    closeNote: record.closeNote,
    closedAt: record.closedAt,
    followUpPaused: isHardshipActive(record.status),
    counsellingNote: staff && isHardshipActive(record.status) ? FINANCIAL_COUNSELLING_NOTE : null,
    deposits: record.deposits.map(({ dueDate, before, after, holiday }) => ({ dueDate, before, after, holiday })),
  };
}

/** A way through hardship (issue 24 item 4): thin over `HardshipService`; access is the service's. */
@Resolver()
export class HardshipResolver {
  @Authorized(SIGNED_IN)
  @Query(() => HardshipCaseView, {
    nullable: true,
    description: 'The account’s request for help with payments: the active one, else the latest. Null: none ever.',
  })
  async hardshipCase(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<HardshipCaseView | null> {
    const record = await services.hardship.caseOf(em, user, memberId, accountId);
    return record && caseView(record, user);
  }

  @Authorized(Role.MEMBER, ...STAFF_ROLES)
  @Mutation(() => HardshipCaseResult, {
    description:
      'A member asks for help with payments on their own account, or staff open the request for a member who tells them (not the reporter); one open request per account: missed-deposit notices pause and staff are asked to contact them.',
  })
  async openHardshipCase(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => OpenHardshipCaseInput) input: OpenHardshipCaseInput,
  ): Promise<HardshipCaseResult> {
    const result = await withUserErrors(() => services.hardship.open(em, user, input));
    return { hardshipCase: result.value && caseView(result.value, user), errors: result.errors };
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => HardshipCaseResult, {
    description: 'Staff record the arrangement made with the member (or change it), with a note. Not the reporter.',
  })
  async arrangeHardshipCase(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => ArrangeHardshipCaseInput) input: ArrangeHardshipCaseInput,
  ): Promise<HardshipCaseResult> {
    const result = await withUserErrors(() => services.hardship.arrange(em, user, input));
    return { hardshipCase: result.value && caseView(result.value, user), errors: result.errors };
  }

  @Authorized(...STAFF_ROLES)
  @Query(() => HardshipArrangementPreviewResult, {
    description:
      'Staff, before they record an arrangement: what it would do to the deposits still to come (which, before and after, spread over how many), by the same rule and steps as recording it; nothing is kept. Not the reporter.',
  })
  async hardshipArrangementPreview(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => HardshipArrangementPreviewInput) input: HardshipArrangementPreviewInput,
  ): Promise<HardshipArrangementPreviewResult> {
    const result = await withUserErrors(() => services.hardship.previewArrangement(em, user, input));
    const value = result.value;
    return {
      preview: value && {
        words: value.words,
        deposits: (value.plan?.changes ?? []).map(({ dueDate, before, after, holiday }) => ({
          dueDate,
          before,
          after,
          holiday,
        })),
        relieved: value.plan?.relieved ?? (0 as Cents),
        spreadOver: value.plan?.spreadOver ?? 0,
        restored: value.restored,
      },
      errors: result.errors,
    };
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => HardshipCaseResult, {
    description: 'Staff close the account’s request for help, with a note: missed-deposit notices resume.',
  })
  async closeHardshipCase(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('note') note: string,
  ): Promise<HardshipCaseResult> {
    const result = await withUserErrors(() => services.hardship.close(em, user, { accountId, note }));
    return { hardshipCase: result.value && caseView(result.value, user), errors: result.errors };
  }
}
