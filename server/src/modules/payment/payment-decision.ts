import type { CurrentUser } from '../../common/auth/current-user.js';
import type { LocalDate } from '../../shared/local-date.js';
import { add, formatCurrency, sub, type Cents } from '../../shared/money.js';
import { ActivityType } from '../activity/index.js';
import { BillStatus } from '../bill/index.js';
import {
  external,
  LedgerTransactionType,
  linkedAccount,
  TransactionStatus,
  type AgreementBalances,
  type Posting,
} from '../ledger/index.js';
import { agreementHeadroom, overdrawAllowedOn, type AgreementRow, type BillRow } from './payment-load.js';
import type { LoadedPaymentDetails } from './payment-details.js';
import { checkBillOrAllocation, checkPaymentDetails } from './payment-details.rules.js';
import { moneySources, paymentLines } from './payment-posting.js';
import {
  confirmationFigures,
  setAsideFrom,
  splitPayment,
  type ConfirmationFigures,
  type PaymentSplit,
  type SetAside,
  type TopUpFacts,
  type TopUpResult,
} from './payment-split.rules.js';
import {
  checkPaymentAllowed,
  overdueBillsPaid,
  planOverdue,
  type OverdueOption,
  type OverduePlan,
} from './payment.rules.js';

/**
 * A payment decided from the rows read under its locks, without I/O: the checks, the assessment (overdue plan, split,
 * top-up facts) and the rows it writes. One bill paid by a member (`PaymentService.payBill`) and a batch of automatic
 * payments (`automatic-payments.ts`) both decide here and write with `writePayments`.
 */

export type BillOrAllocation = 'bill' | 'allocation';

/** Rule "who may pay" on the rows read: agreement status and approval, biller on hold, bill status. */
export function checkPayer(staff: boolean, agreement: AgreementRow, bill: BillRow, hasApproval: boolean): void {
  checkPaymentAllowed({
    agreementStatus: agreement.status,
    callerIsStaff: staff,
    resigned: agreement.resigned,
    hasApproval,
    billStatus: bill.status,
    biller: bill.billerId ? { name: bill.name, status: bill.billerStatus!, onHoldDate: bill.billerOnHoldDate } : null,
  });
}

/** The biller's payment details re-validated (1 §5) for paying `amount` as a bill or an allocation. */
export function checkPayDetails(
  loaded: LoadedPaymentDetails,
  request: { billOrAllocation: BillOrAllocation },
  amount: Cents,
): void {
  checkBillOrAllocation(loaded.details.paymentMethod, request.billOrAllocation);
  checkPaymentDetails(loaded.details, amount, loaded.catalogueEntry);
}

/** The money facts a payment is assessed on (read under the agreement's lock). */
export interface PaymentMoneyFacts {
  balances: AgreementBalances;
  /** The server's approved overdraw (setting), for an agreement without its own. */
  overdrawSetting: Cents;
  /** The balances of the account's members' linked accounts, by id. */
  linkedBalances: Map<number, Cents>;
}

export interface PaymentAssessment {
  plan: OverduePlan;
  setAside: SetAside;
  split: PaymentSplit;
  facts: TopUpFacts;
  linkedBalances: Map<number, Cents>;
  /** The agreement's allocation balance before paying. */
  allocationBalance: Cents;
}

/** The overdue plan, the split and the top-up facts of paying `amount` (paying, quoting and automatic payments). */
export function assessPayment(
  agreement: AgreementRow,
  bill: BillRow,
  sameSource: readonly BillRow[],
  today: LocalDate,
  request: { overdueOption?: OverdueOption | null; billOrAllocation: BillOrAllocation },
  amount: Cents,
  mode: 'pay' | 'reimburse',
  money: PaymentMoneyFacts,
): PaymentAssessment {
  const { balances, linkedBalances } = money;
  const plan = planOverdue(
    bill,
    sameSource,
    today,
    mode === 'pay' ? (request.overdueOption ?? null) : null,
    request.billOrAllocation,
  );
  const overdraw = overdrawAllowedOn(agreement, today, money.overdrawSetting);
  const setAside = add(plan.totalAllocation, plan.totalContingency);
  const headroom = agreementHeadroom(add(balances.allocation, balances.contingency), setAside, overdraw);
  const pockets = setAsideFrom(plan.totalAllocation, plan.totalContingency, balances.contingency);
  const split = splitPayment({
    amount,
    allocation: pockets.allocation,
    contingency: pockets.contingency,
    freeBalance: headroom.freeBalance,
    contingencyFree: sub(balances.contingency, pockets.contingency),
    overdrawAllowed: headroom.overdrawLeft,
    leftoversToRainyDay: agreement.leftoversToRainyDay,
  });
  const facts: TopUpFacts = {
    topUpRequired: split.topUpRequired,
    rainyDayAvailable: (balances.rainyDay - agreement.rainyDayUnavailable) as Cents,
    rainyDayCoversShortfall: agreement.rainyDayCoversShortfall,
    linkedAccountBalances: [...linkedBalances.values()],
    overdrawRuleRelevant: overdraw > 0,
    agreementBalance: add(balances.allocation, balances.contingency),
    reimbursement: mode === 'reimburse',
  };
  return { plan, setAside: pockets, split, facts, linkedBalances, allocationBalance: balances.allocation };
}

/** A payment decided: what `writePayments` writes for it. */
export interface PreparedPayment {
  agreementId: number;
  posting: Posting;
  currentBillId: number;
  paidBillIds: number[];
  status: BillStatus;
  reimburseTo: number | null;
  /** The arrears approval it uses (stamped used). */
  approvalId: number | null;
  /** A short pay: the member is told (spec 3 §9). */
  shortPaid: { amount: Cents; billerName: string } | null;
  figures: ConfirmationFigures;
}

/** The rows of a decided payment: its ledger posting (lines, money sources, activity) and the bills' new statuses. */
export function preparePayment(input: {
  user: CurrentUser;
  staff: boolean;
  mode: 'pay' | 'reimburse';
  agreement: AgreementRow;
  bill: BillRow;
  billOrAllocation: BillOrAllocation;
  key: string;
  amount: Cents;
  assessment: PaymentAssessment;
  topUp: TopUpResult;
  reimburseTo: number | null;
  topUpAccountId: number | null;
  approvalId: number | null;
  today: LocalDate;
  now: Date;
}): PreparedPayment {
  const { user, mode, agreement, bill, amount, topUp, today } = input;
  const { plan, setAside, split } = input.assessment;
  const postingPlan = {
    split,
    topUp,
    amount,
    setAsideAllocation: setAside.allocation,
    setAsideContingency: setAside.contingency,
    payee: input.reimburseTo !== null ? linkedAccount(input.reimburseTo) : external(),
    topUpAccountId: input.topUpAccountId,
  };
  const figures = confirmationFigures(amount, split, topUp, setAside.allocation, overdueBillsPaid(plan, today));
  const paidIds = [plan.current.id, ...plan.overdue.map((b) => b.id)];
  const verb = mode === 'pay' ? 'Paid' : 'Reimbursed';
  const posting: Posting = {
    type: mode === 'pay' ? LedgerTransactionType.BillPayment : LedgerTransactionType.Reimbursement,
    agreementId: agreement.id,
    effectiveDate: today,
    description: `${verb} ${bill.name} bill of ${formatCurrency(amount)}`,
    lines: paymentLines(postingPlan),
    billMoneySources: moneySources(postingPlan, plan.current, plan.overdue),
    createdByUserId: user.userId,
    createdAt: input.now,
    activity: {
      type: mode === 'pay' ? ActivityType.PaidBill : ActivityType.ReimbursedBill,
      details: `${verb} ${bill.name} bill of ${formatCurrency(amount)}`,
      data: { ...figures, billIds: paidIds, billOrAllocation: input.billOrAllocation, idempotencyKey: input.key },
      agentName: input.staff ? user.displayName : null,
      userId: user.userId,
      transactionStatus: mode === 'pay' ? TransactionStatus.Pending : TransactionStatus.Successful,
      billId: plan.current.id,
      billerId: bill.billerId,
    },
  };
  const status =
    mode === 'reimburse' ? BillStatus.Reimbursed : topUp.amountOwing > 0 ? BillStatus.ShortPaid : BillStatus.Paid;
  return {
    agreementId: agreement.id,
    posting,
    currentBillId: plan.current.id,
    paidBillIds: paidIds,
    status,
    reimburseTo: input.reimburseTo,
    approvalId: input.approvalId,
    shortPaid: status === BillStatus.ShortPaid ? { amount: topUp.amountOwing, billerName: bill.name } : null,
    figures,
  };
}
