/** The bill module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { BillMoneySource } from './bill-money-source.entity.js';
// BillStatus from bill-status.ts: the code table registered as the GraphQL enum.
export { BillStatus } from './bill-status.js';
export {
  BILL_STATUS_LABELS,
  DATE_DRIVEN_STATUSES,
  NOTHING_PAID_STATUSES,
  OWED_STATUSES,
  SETTLED_STATUSES,
  UPCOMING_WINDOW_DAYS,
  currentBillStatus,
  isDateDrivenStatus,
  isNothingPaid,
  isOverdue,
  isPayableNow,
  statusForDueDate,
} from './bill-status.rules.js';
export { Bill } from './bill.entity.js';
export { expectedBills, totalsOf } from './expected-bills.rules.js';
export type { BillPlan, ExpectedBillsSummary } from './expected-bills.rules.js';
export { MoneySource } from './money-source.js';
