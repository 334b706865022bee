import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { agreementBalances, linkedAccountBalances, type LedgerService } from '../ledger/index.js';
import type { EventNotifier } from '../notification/index.js';
import type { SettingsService } from '../settings/index.js';
import { checkIdempotencyKey, runIdempotent } from '../idempotency/index.js';
import { lockLinkedAccount } from '../linked-account/index.js';
import {
  accountLinkedAccountIds,
  loadAccessibleBill,
  lockAgreement,
  lockApprovals,
  lockBills,
  sameSourceBills,
  type AgreementRow,
  type BillRow,
} from './payment-load.js';
import { loadPaymentDetails } from './payment-details.js';
import {
  assessPayment,
  checkPayDetails,
  checkPayer,
  preparePayment,
  type BillOrAllocation,
  type PaymentAssessment,
} from './payment-decision.js';
import { writePayments, type PaymentOutcome } from './payment-write.js';
import { payAutomatically, type AutomaticPaymentBill, type AutomaticPaymentsResult } from './automatic-payments.js';
import {
  allocationTaken,
  allocationWarning,
  applyTopUp,
  topUpOptions,
  type AllocationWarning,
  type TopUpOption,
  type TopUpOptions,
} from './payment-split.rules.js';
import {
  checkReimbursementAllowed,
  parsePaymentAmount,
  planOverdue,
  type OverdueOption,
  type OverduePlan,
} from './payment.rules.js';

export type { BillOrAllocation, PaymentOutcome };

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

  /**
   * The bank day's automatic payments of a batch of bills, in the caller's transaction (`automatic-payments.ts`):
   * each as `payBill` pays it, with the same rules and rows, set-based.
   */
  payAutomatically(
    tx: EntityManager,
    user: CurrentUser,
    bills: readonly AutomaticPaymentBill[],
  ): Promise<AutomaticPaymentsResult> {
    const deps = { ledger: this.ledger, settings: this.settings, clock: this.clock, notifier: this.notifier };
    return payAutomatically(deps, tx, user, bills);
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
      const assessment = await this.assess(tx, agreement, bill, locked, today, request, amount, mode);
      const topUpAccount =
        request.topupOption === 'linkedAccount' && request.topupAccountNumber
          ? await lockLinkedAccount(tx, agreement.accountId, request.topupAccountNumber)
          : null;
      const topUp = applyTopUp(assessment.facts, {
        option: request.topupOption ?? null,
        linkedAccountBalance: topUpAccount ? (assessment.linkedBalances.get(topUpAccount.id) ?? null) : null,
      });
      const payment = preparePayment({
        user,
        staff,
        mode,
        agreement,
        bill,
        billOrAllocation: request.billOrAllocation,
        key,
        amount,
        assessment,
        topUp,
        reimburseTo,
        topUpAccountId: topUpAccount?.id ?? null,
        approvalId,
        today,
        now: this.clock.now(),
      });
      const [outcome] = await writePayments(tx, this.ledger, this.notifier, today, [payment]);
      return outcome;
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
    checkPayer(staff, agreement, bill, hasApproval);
    if (bill.billerId !== null) checkPayDetails(await loadPaymentDetails(tx, bill.billerId), request, amount);
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
  ): Promise<PaymentAssessment> {
    const balances = (await agreementBalances(tx, [agreement.id])).get(agreement.id)!;
    const settings = await this.settings.serverSettings(tx);
    const linkedIds = await accountLinkedAccountIds(tx, agreement.accountId);
    const linkedBalances = await linkedAccountBalances(tx, linkedIds);
    return assessPayment(agreement, bill, sameSource, today, request, amount, mode, {
      balances,
      overdrawSetting: settings.contractApprovedOverDrawOfAmount,
      linkedBalances,
    });
  }

  /** A granted, undecided-use manager approval for paying this bill in arrears (used once: locked, then stamped). */
  private async lockApproval(tx: EntityManager, billId: number, lock = true): Promise<number | null> {
    return (await lockApprovals(tx, [billId], lock)).get(billId) ?? null;
  }
}
