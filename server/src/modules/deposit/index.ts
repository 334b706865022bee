/** The deposit module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export type { BreakdownLine, BreakdownLineKind, DepositBreakdown } from './deposit-breakdown.rules.js';
export { requiredDeposit } from './deposit-calculator.rules.js';
export type { ExpensesCoverage, MinimumDeposit } from './deposit-calculator.rules.js';
export { planDeposits } from './deposit-plan.rules.js';
export type { DepositPlan } from './deposit-plan.rules.js';
export {
  CONTRIBUTION_FREQUENCY_LABELS,
  ContributionFrequency,
  contributionFrequencyLabel,
  depositDates,
  payTodayBypassApplies,
  syncBiMonthlyDates,
} from './deposit-schedule.rules.js';
export type { BiMonthlyDates, DepositScheduleInput } from './deposit-schedule.rules.js';
export { forecastWindow } from './forecast.rules.js';
export { approvalsFor, initialPeriodOverdrawWarning } from './overdraw.rules.js';
export { DEPOSIT_STATUS_LABELS, DepositStatus } from './deposit-status.js';
export { ASKED_DEPOSIT_STATUSES, askedAgain, depositStillAsked } from './deposit-asked.rules.js';
export type { AskedDepositFacts } from './deposit-asked.rules.js';
