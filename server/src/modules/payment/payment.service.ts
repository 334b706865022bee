import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import type { LocalDate } from '../../shared/local-date.js';
import { add, formatCurrency, sub, type Cents } from '../../shared/money.js';
import { intArray } from '../../database/bulk.js';
import { ActivityType } from '../activity/index.js';
import { BillStatus } from '../bill/index.js';
import {
  agreementBalances,
  linkedAccountBalances,
  LedgerTransactionType,
  type LedgerService,
  external,
  linkedAccount,
  TransactionStatus,
} from '../ledger/index.js';
import type { EventNotifier } from '../notification/index.js';
import type { SettingsService } from '../settings/index.js';
import { checkIdempotencyKey, runIdempotent } from '../idempotency/index.js';
import { lockLinkedAccount } from '../linked-account/index.js';
import {
  accountLinkedAccountIds,
  agreementHeadroom,
  loadAccessibleBill,
  lockAgreement,
  lockBills,
  overdrawAllowedOn,
  sameSourceBills,
  type AgreementRow,
  type BillRow,
} from './payment-load.js';
import { loadPaymentDetails } from './payment-details.js';
import { checkBillOrAllocation, checkPaymentDetails } from './payment-details.rules.js';
import { moneySources, paymentLines } from './payment-posting.js';
import {
  allocationTaken,
  allocationWarning,
  applyTopUp,
  confirmationFigures,
  setAsideFrom,
  splitPayment,
  topUpOptions,
  type AllocationWarning,
  type ConfirmationFigures,
  type PaymentSplit,
  type SetAside,
  type TopUpFacts,
  type TopUpOption,
  type TopUpOptions,
} from './payment-split.rules.js';
import {
  checkPaymentAllowed,
  checkReimbursementAllowed,
  overdueBillsPaid,
  parsePaymentAmount,
  planOverdue,
  type OverdueOption,
  type OverduePlan,
} from './payment.rules.js';

export type BillOrAllocation = 'bill' | 'allocation';

export interface PayBillRequest {
  billId: number;
  billOrAllocation: BillOrAllocation;
  billAmount: string;
  topupOption?: TopUpOption | null;
  topupAccountNumber?: string | null;
  overdueOption?: OverdueOption | null;
  /** Reimbursement only: the member's account the agreement pays back. */
  reimbursementAccountNumber?: string | null;
  idempotencyKey: string;
}

/** A payment quote's question: what paying `billAmount` on this bill would need (no top-up chosen yet). */
export interface PaymentQuoteRequest {
  billId: number;
  billOrAllocation: BillOrAllocation;
  billAmount: string;
  overdueOption?: OverdueOption | null;
}

/** The top-up paying would need and the options the rules offer for it (1 §4 Top-up). */
export interface PaymentQuote extends TopUpOptions {
  topUpRequired: Cents;
  /** Paying on an arrears approval would take the allocation below zero: the figures the agent reads first. */
  allocationWarning: AllocationWarning | null;
}

/** The stored answer of a payment (the same on every retry with its key). */
export interface PaymentOutcome {
  billId: number;
  paidBillIds: number[];
  transactionId: number;
  billStatus: BillStatus;
  figures: ConfirmationFigures;
}

/** Pays or reimburses bills: each request is one transaction with its locks, ledger posting and stored answer. */
export class PaymentService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    /** Tells the member of a short-paid bill (spec 3 §9), in the payment's transaction. */
    private readonly notifier: EventNotifier | null = null,
  ) {}

  payBill(em: EntityManager, user: CurrentUser | null, request: PayBillRequest): Promise<PaymentOutcome> {
    return this.move(em, user, request, 'pay');
  }

  reimburseBill(em: EntityManager, user: CurrentUser | null, request: PayBillRequest): Promise<PaymentOutcome> {
    return this.move(em, user, request, 'reimburse');
  }

  private async move(
    em: EntityManager,
    maybeUser: CurrentUser | null,
    request: PayBillRequest,
    mode: 'pay' | 'reimburse',
  ): Promise<PaymentOutcome> {
    const user = requireUser(maybeUser);
    const key = checkIdempotencyKey(request.idempotencyKey);
    const amount = parsePaymentAmount(request.billAmount);
    const selected = await loadAccessibleBill(em, user, request.billId);
    const input = { ...request, idempotencyKey: undefined, billAmount: amount };
    const entity = { type: 'bill', id: request.billId };
    return runIdempotent(em, { userId: user.userId, key, operation: mode, input, entity }, async (tx) => {
      const today = this.clock.today();
      const agreement = await lockAgreement(tx, selected.agreementId);
      const candidateIds = mode === 'pay' ? await sameSourceBills(tx, selected, today, request.billOrAllocation) : [];
      const locked = await lockBills(tx, [...new Set([selected.id, ...candidateIds])]);
      const bill = locked.find((b) => b.id === selected.id) as BillRow;
      const staff = isStaff(user.roles);
      const approvalId = mode === 'pay' && staff ? await this.lockApproval(tx, bill.id) : null;
      let reimburseTo: number | null = null;
      if (mode === 'pay') {
        await this.checkPay(tx, staff, agreement, bill, request, amount, approvalId !== null);
      } else {
        const account = request.reimbursementAccountNumber
          ? await lockLinkedAccount(tx, agreement.accountId, request.reimbursementAccountNumber)
          : null;
        checkReimbursementAllowed({
          agreementStatus: agreement.status,
          callerIsStaff: staff,
          resigned: agreement.resigned,
          billStatus: bill.status,
          billerDateAdded: bill.billerDateAdded,
          today,
          linkedAccountChosen: account !== null,
        });
        reimburseTo = account!.id;
      }
      const { plan, setAside, split, facts, linkedBalances } = await this.assess(
        tx,
        agreement,
        bill,
        locked,
        today,
        request,
        amount,
        mode,
      );
      const topUpAccount =
        request.topupOption === 'linkedAccount' && request.topupAccountNumber
          ? await lockLinkedAccount(tx, agreement.accountId, request.topupAccountNumber)
          : null;
      const topUp = applyTopUp(facts, {
        option: request.topupOption ?? null,
        linkedAccountBalance: topUpAccount ? (linkedBalances.get(topUpAccount.id) ?? null) : null,
      });
      const postingPlan = {
        split,
        topUp,
        amount,
        setAsideAllocation: setAside.allocation,
        setAsideContingency: setAside.contingency,
        payee: reimburseTo !== null ? linkedAccount(reimburseTo) : external(),
        topUpAccountId: topUpAccount?.id ?? null,
      };
      const figures = confirmationFigures(amount, split, topUp, setAside.allocation, overdueBillsPaid(plan, today));
      const paidIds = [plan.current.id, ...plan.overdue.map((b) => b.id)];
      const verb = mode === 'pay' ? 'Paid' : 'Reimbursed';
      const posting = await this.ledger.post(tx, {
        type: mode === 'pay' ? LedgerTransactionType.BillPayment : LedgerTransactionType.Reimbursement,
        agreementId: agreement.id,
        effectiveDate: today,
        description: `${verb} ${bill.name} bill of ${formatCurrency(amount)}`,
        lines: paymentLines(postingPlan),
        billMoneySources: moneySources(postingPlan, plan.current, plan.overdue),
        createdByUserId: user.userId,
        createdAt: this.clock.now(),
        activity: {
          type: mode === 'pay' ? ActivityType.PaidBill : ActivityType.ReimbursedBill,
          details: `${verb} ${bill.name} bill of ${formatCurrency(amount)}`,
          data: { ...figures, billIds: paidIds, billOrAllocation: request.billOrAllocation, idempotencyKey: key },
          agentName: staff ? user.displayName : null,
          userId: user.userId,
          transactionStatus: mode === 'pay' ? TransactionStatus.Pending : TransactionStatus.Successful,
          billId: plan.current.id,
          billerId: bill.billerId,
        },
      });
      const status =
        mode === 'reimburse' ? BillStatus.Reimbursed : topUp.amountOwing > 0 ? BillStatus.ShortPaid : BillStatus.Paid;
      await tx.execute(
        `update bill set status = case when id = ? then ?::smallint else ${BillStatus.Paid} end,
           reimbursement_account_id = case when id = ? then ? else reimbursement_account_id end
         where id = any(?::int[])`,
        [plan.current.id, status, plan.current.id, reimburseTo, intArray(paidIds)],
        'run',
      );
      if (approvalId !== null) {
        await tx.execute('update approval set used_at = now() where id = ?', [approvalId], 'run');
      }
      if (status === BillStatus.ShortPaid && this.notifier) {
        await this.notifier.notifyEvent(tx, {
          agreementId: agreement.id,
          event: 'shortPaidBill',
          key: `bill:${plan.current.id}:${posting.transactionId}`,
          facts: { amount: topUp.amountOwing, date: today, billerName: bill.name },
        });
      }
      return {
        billId: plan.current.id,
        paidBillIds: paidIds,
        transactionId: posting.transactionId,
        billStatus: status,
        figures,
      };
    });
  }

  /**
   * paymentQuote: what paying `billAmount` would need, read-only (no locks, no money moves). The same access checks
   * and rules as paying (`checkPay`, `assess`, `topUpOptions`), so paying with an offered option then succeeds.
   */
  async quote(em: EntityManager, maybeUser: CurrentUser | null, request: PaymentQuoteRequest): Promise<PaymentQuote> {
    const user = requireUser(maybeUser);
    const amount = parsePaymentAmount(request.billAmount);
    const selected = await loadAccessibleBill(em, user, request.billId);
    return em.transactional(async (tx) => {
      const today = this.clock.today();
      const agreement = await lockAgreement(tx, selected.agreementId, false);
      const candidateIds = await sameSourceBills(tx, selected, today, request.billOrAllocation);
      const bills = await lockBills(tx, [...new Set([selected.id, ...candidateIds])], false);
      const bill = bills.find((b) => b.id === selected.id) as BillRow;
      const staff = isStaff(user.roles);
      const approvalId = staff ? await this.lockApproval(tx, bill.id, false) : null;
      await this.checkPay(tx, staff, agreement, bill, request, amount, approvalId !== null);
      const { facts, split, setAside, allocationBalance } = await this.assess(
        tx,
        agreement,
        bill,
        bills,
        today,
        request,
        amount,
        'pay',
      );
      const warning = allocationWarning({
        approved: approvalId !== null,
        balanceBefore: allocationBalance,
        amount,
        taken: allocationTaken(split, setAside.allocation),
      });
      return { topUpRequired: facts.topUpRequired, ...topUpOptions(facts), allocationWarning: warning };
    });
  }

  /**
   * overduePlan: what the overdue option would pay (spec 1 §4), read-only, by the one rule paying uses
   * (`planOverdue`): whether it is offered, the selected bill alone, and the bills a combined payment covers with
   * their allocations' total. The pay screen shows this answer and computes nothing of its own (issue 26 item 9: it
   * totalled every eligible bill while paying covered only the current one and the overdue ones).
   */
  async overduePlan(
    em: EntityManager,
    maybeUser: CurrentUser | null,
    billId: number,
    billOrAllocation: BillOrAllocation,
  ): Promise<{ offered: boolean; single: OverduePlan; combined: OverduePlan }> {
    const user = requireUser(maybeUser);
    const selected = await loadAccessibleBill(em, user, billId);
    const today = this.clock.today();
    const candidateIds = await sameSourceBills(em, selected, today, billOrAllocation);
    const bills = await lockBills(em, [...new Set([selected.id, ...candidateIds])], false);
    const bill = bills.find((b) => b.id === selected.id) as BillRow;
    const single = planOverdue(bill, bills, today, 'ignore', billOrAllocation);
    const combined = planOverdue(bill, bills, today, 'combine', billOrAllocation);
    return { offered: combined.offered, single, combined };
  }

  /** Paying's checks: who may pay (agreement status, arrears approval, biller on hold, bill status) and the details. */
  private async checkPay(
    tx: EntityManager,
    staff: boolean,
    agreement: AgreementRow,
    bill: BillRow,
    request: { billOrAllocation: BillOrAllocation },
    amount: Cents,
    hasApproval: boolean,
  ): Promise<void> {
    checkPaymentAllowed({
      agreementStatus: agreement.status,
      callerIsStaff: staff,
      resigned: agreement.resigned,
      hasApproval,
      billStatus: bill.status,
      biller: bill.billerId ? { name: bill.name, status: bill.billerStatus!, onHoldDate: bill.billerOnHoldDate } : null,
    });
    if (bill.billerId !== null) {
      const { details, catalogueEntry } = await loadPaymentDetails(tx, bill.billerId);
      checkBillOrAllocation(details.paymentMethod, request.billOrAllocation);
      checkPaymentDetails(details, amount, catalogueEntry);
    }
  }

  /** The overdue plan, the split and the top-up facts of paying `amount` (shared by paying and quoting). */
  private async assess(
    tx: EntityManager,
    agreement: AgreementRow,
    bill: BillRow,
    sameSource: readonly BillRow[],
    today: LocalDate,
    request: { overdueOption?: OverdueOption | null; billOrAllocation: BillOrAllocation },
    amount: Cents,
    mode: 'pay' | 'reimburse',
  ): Promise<{
    plan: OverduePlan;
    setAside: SetAside;
    split: PaymentSplit;
    facts: TopUpFacts;
    linkedBalances: Map<number, Cents>;
    /** The agreement's allocation balance before paying. */
    allocationBalance: Cents;
  }> {
    const plan = planOverdue(
      bill,
      sameSource,
      today,
      mode === 'pay' ? (request.overdueOption ?? null) : null,
      request.billOrAllocation,
    );
    const balances = (await agreementBalances(tx, [agreement.id])).get(agreement.id)!;
    const settings = await this.settings.serverSettings(tx);
    const overdraw = overdrawAllowedOn(agreement, today, settings.contractApprovedOverDrawOfAmount);
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
    const linkedIds = await accountLinkedAccountIds(tx, agreement.accountId);
    const linkedBalances = await linkedAccountBalances(tx, linkedIds);
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

  /** A granted, undecided-use manager approval for paying this bill in arrears (used once: locked, then stamped). */
  private async lockApproval(tx: EntityManager, billId: number, lock = true): Promise<number | null> {
    const [row] = await tx.execute<{ id: number }[]>(
      `select id from approval where bill_id = ? and approval_type = 3 and approval_granted and approver_id is not null
         and used_at is null order by id limit 1${lock ? ' for update' : ''}`,
      [billId],
    );
    return row?.id ?? null;
  }
}
