/** The agreement module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { OVERVIEW_MESSAGES, checkAccountId, loadMemberAccount, loadMemberAccountWith } from './account-context.js';
export { accountHasResignedMember } from './account-standing.sql.js';
export {
  billOf,
  billerOf,
  billersOrder,
  billersSelect,
  billsOrder,
  billsSelect,
  loadBillers,
  loadBills,
} from './agreement-billers.js';
export type { BillFacts, BillerFacts } from './agreement-billers.js';
export { AgreementChange } from './agreement-change.entity.js';
export { AgreementChangeType, DEPOSIT_STATUS_LABELS, DepositStatus, DepositType } from './agreement-codes.js';
export {
  AGREEMENT_COLUMNS,
  SUPERSEDED_AGREEMENT_STATUSES,
  agreementFactsOf,
  currentAgreementFirst,
  currentAgreementJoin,
  loadAgreementFacts,
  loadCurrentAgreementFacts,
  successorStartSql,
} from './agreement-facts.js';
export type { AgreementFacts, AgreementRow } from './agreement-facts.js';
export { AgreementGraphsService } from './agreement-graphs.service.js';
export {
  AccountStatus,
  AgreementStatus,
  OPEN_CHANGE_STATUSES,
  RUNNING_STATUSES,
  accountStatusOf,
} from './agreement-status.js';
export {
  accountStandingName,
  agreementStatusName,
  billerOnHoldMessage,
  billersOnHold,
  replacementOf,
  splitBillers,
  toAgreementSummary,
} from './agreement-summary.rules.js';
export {
  AgreementBalancesView,
  AgreementSummary,
  CategoryAllocation,
  OverviewBiller,
} from './agreement-summary.types.js';
export { AgreementViewService } from './agreement-view.service.js';
export { Agreement } from './agreement.entity.js';
export { AgreementResolver } from './agreement.resolver.js';
export { agreementRoutes } from './agreement.rest.js';
export { ChangeApplier } from './change-applier.js';
export { APPLY_CHANGE_JOB, registerChangeJobs } from './change-jobs.js';
export { CapacityService } from './completion/capacity.service.js';
export { CompletionRefused, asCompletionResult, refuseIfAny, restCompletion } from './completion/completion-errors.js';
export { CompletionResolver } from './completion/completion.resolver.js';
export { completionRoutes, idOf } from './completion/completion.rest.js';
export { ConfirmService, longDate } from './completion/confirm.service.js';
export type { AgreementConfirmView, ConfirmItemView } from './completion/confirm.types.js';
export { DepositChangeService } from './deposit-change.js';
export { AgreementDepositsResolver } from './deposits/deposits.resolver.js';
export { agreementDepositRoutes } from './deposits/deposits.rest.js';
export { defaultBiMonthlyDates } from './deposits/deposits.rules.js';
export { AgreementDepositsService } from './deposits/deposits.service.js';
export { AgreementLifecycleResolver } from './lifecycle/lifecycle.resolver.js';
export { lifecycleRoutes } from './lifecycle/lifecycle.rest.js';
export { AgreementLifecycleService } from './lifecycle/lifecycle.service.js';
export { startApprovedAgreements } from './lifecycle/start-approved.js';
export { MemberApprovalResolver } from './member-approval/member-approval.resolver.js';
export { MemberApprovalService } from './member-approval/member-approval.service.js';
export { heldBillDates, loadOverdueOptions, overdueOptionFacts } from './modification-schedule.js';
export { OverdrawRule } from './overdraw-rule.entity.js';
export { AgreementPlan, AgreementPlanLine } from './plan/agreement-plan.entity.js';
export { depositLines } from './plan/deposit-lines.js';
export { storedShares } from './plan/deposit-split.rules.js';
export type { DepositShares, StoredShareColumns } from './plan/deposit-split.rules.js';
export { DepositRelief } from './plan/deposit-relief.entity.js';
export { depositsRelieved, setDepositRelief } from './plan/deposit-relief.js';
export type { ReliefPlan, ReliefTerms, RelievedDeposit } from './plan/deposit-relief.rules.js';
export { upcomingDeposits } from './plan/plan-reader.js';
export { storeMissingPlans } from './plan/plan-store.js';
export { FiguresResolver } from './projection/figures.resolver.js';
export { verdictWords } from './projection/projection-words.rules.js';
export { depositFactsOf, inputWithBiller } from './projection/projection.facts.js';
export type { SavedBillerBasis } from './projection/projection.facts.js';
export { projectedDepositsSelect } from './projection/projection.queries.js';
export { arrearsShortfall, dailyBalances, forecastOf } from './projection/projection.rules.js';
export type {
  AgreementProjection,
  DueBill,
  ProjectedDepositFacts,
  ProjectionInput,
} from './projection/projection.rules.js';
export { ProjectionService, projectFacts } from './projection/projection.service.js';
export { AgreementProjectionView } from './projection/projection.types.js';
export { projectionView } from './projection/projection.views.js';
export { QueuedChangeResolver } from './queued-change.resolver.js';
export { queuedChangeRoutes } from './queued-change.rest.js';
export { QueuedChangeService } from './queued-change.service.js';
export { DepositReviewRecord } from './review/deposit-review.entity.js';
export {
  DEPOSIT_REVIEW_JOB,
  DEPOSIT_REVIEW_PART_JOB,
  DEPOSIT_REVIEW_REWORK_JOB,
  registerDepositReviewJobs,
  reviewPartKey,
  reworkKey,
  reworkOpenReviewsOn,
} from './review/review-jobs.js';
export { openDepositReviews } from './review/review-store.js';
export { DepositReviewResolver } from './review/review.resolver.js';
export { DepositReviewService } from './review/review.service.js';
export { ScheduledDeposit } from './scheduled-deposit.entity.js';
export { AgreementSettlement } from './settlement/agreement-settlement.entity.js';
export { AgreementSettlementResolver } from './settlement/settlement.resolver.js';
export { AgreementSettlementService } from './settlement/settlement.service.js';
export { ShortfallFixResolver } from './shortfall/shortfall-fix.resolver.js';
export { ShortfallFixService } from './shortfall/shortfall-fix.service.js';
export { onAgreementStatusChange, publishStatusChangesOn } from './state/status-events.js';
export type { StatusChange } from './state/status-events.js';
export { changeStatus } from './state/status-writer.js';
export { AgreementEvent, statusesAllowing } from './state/transitions.rules.js';
export {
  allocationByCategory,
  billerFactsWith,
  billerPlanData,
  heldBills,
  NO_HELD_BILLS,
  plannableBillers,
  storedDepositPlanData,
} from './stored-plan.js';
export { loadHeldBillRows, loadHeldBills } from './held-bills.js';
export { TermEndChoice } from './term-end/term-end-choice.entity.js';
export { storedTermEndChoices } from './term-end/term-end-reader.js';
export { TermEndResolver, TermEndSummaryResolver } from './term-end/term-end.resolver.js';
export { termEndChoiceForStaff, termEndChoiceNotice, termEndChoiceSms, termEndDue } from './term-end/term-end.rules.js';
export { termEndFactsOf, termEndStoredColumns, type TermEndStored } from './term-end/term-end-due.js';
export { TermEndService } from './term-end/term-end.service.js';
export { checkId, notFound, ownerOf, versionEdited, versionOfAccount, wizardVersion } from './wizard/wizard-version.js';
export type { WizardGate, WizardVersion } from './wizard/wizard-version.js';
export { AgreementWizardResolver } from './wizard/wizard.resolver.js';
export { agreementWizardRoutes } from './wizard/wizard.rest.js';
export { AgreementWizardService } from './wizard/wizard.service.js';
