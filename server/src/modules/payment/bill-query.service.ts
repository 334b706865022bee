import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, assertMemberAccess, NO_ACCESS, requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { addDays, type LocalDate } from '../../shared/local-date.js';
import { parseMoney, ZERO, type Cents } from '../../shared/money.js';
import { MoneyMovement, moneyRefusal } from '../../shared/money-movement.rules.js';
import { type AgreementStatus, currentAgreementFirst } from '../agreement/index.js';
import { accountHasResignedMember } from '../member/index.js';
import { BillStatus, MoneySource, UPCOMING_WINDOW_DAYS } from '../bill/index.js';
import { PaymentMethod, paymentMethodName } from '../../shared/bill/payment-method.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import { maskCustomerReference } from '../../shared/biller/biller-form.rules.js';
import { agreementBalances } from '../ledger/index.js';
import { loadAccessibleBill } from './payment-load.js';
import { storedConfirmationFigures, type ConfirmationFigures } from './payment-split.rules.js';
import { isEarlyPayment } from './payment.rules.js';

/** Bill for payment (1 §3) with the biller's paying details. */
export interface BillForPaymentData {
  billId: number;
  contractId: number;
  billerId: number | null;
  billingSubCategoryId: number | null;
  nickname: string;
  categoryName: string;
  paymentType: 'BPAY' | 'EFT' | 'Unknown';
  /** The biller's payment method code (1 §9); null for a sub-category (allocation) bill. */
  paymentMethod: PaymentMethod | null;
  /** How the bill is paid, as people read it (the overview's words for the same biller). */
  paymentMethodName: string;
  /** A reimbursement biller's bill (payment method 3). */
  isReimbursement: boolean;
  /** The institution's date the biller was added; null for a sub-category bill. */
  billerAddedDate: LocalDate | null;
  amountAllocated: Cents;
  moneyFromAllocation: Cents;
  moneyFromContingency: Cents;
  expectedDueDate: LocalDate;
  expectedDueDateWithNoOffset: LocalDate;
  status: BillStatus;
  bPayNumber: string | null;
  bPayName: string | null;
  customerReferenceNumber: string | null;
  bsbNumber: string | null;
  bsbName: string | null;
  eftAccountNumber: string | null;
  eftAccountName: string | null;
  eftReferenceNumber: string | null;
  isAutoPayment: boolean;
  isEarlyPayment: boolean;
  disableSubmit: boolean;
  paidAmount: Cents;
  amountOwing: Cents;
}

export interface BillPage {
  items: BillForPaymentData[];
  total: number;
  page: number;
  pageSize: number;
}

export interface MoneySourceData {
  source: MoneySource;
  amount: Cents;
  transactionId: number;
  linkedAccountNumber: string | null;
}

export interface BillConfirmationData {
  bill: BillForPaymentData;
  billOrAllocation: string;
  figures: ConfirmationFigures;
  reimbursementAccount: string | null;
  paidAt: string;
}

interface Row {
  id: number;
  agreement_id: number;
  biller_id: number | null;
  billing_sub_category_id: number | null;
  nickname: string;
  category_name: string | null;
  payment_method: number | null;
  amount_allocated: string;
  contingency: string;
  due_date: string;
  due_date_no_offset: string;
  status: number;
  bpay_biller_code: string | null;
  bpay_biller_name: string | null;
  customer_reference_number: string | null;
  bsb_number: string | null;
  bsb_bank_name: string | null;
  eft_account_number: string | null;
  eft_account_name: string | null;
  eft_reference_number: string | null;
  is_auto_payment: boolean | null;
  biller_status: number | null;
  date_added: string | null;
  agreement_status: number;
  resigned: boolean;
  paid_amount: string;
  amount_owing: string;
  total: string;
}

const SELECT = `select b.id, b.agreement_id, b.biller_id, b.billing_sub_category_id,
  coalesce(br.nickname, sc.nickname, '') as nickname, bc.name as category_name, br.payment_method,
  b.amount_allocated, b.contingency, to_char(b.due_date, 'YYYY-MM-DD') as due_date,
  to_char(b.due_date_no_offset, 'YYYY-MM-DD') as due_date_no_offset, b.status, br.bpay_biller_code,
  br.bpay_biller_name, br.customer_reference_number, br.bsb_number, br.bsb_bank_name, br.eft_account_number,
  br.eft_account_name, br.eft_reference_number, br.is_auto_payment, br.status as biller_status,
  to_char(br.date_added, 'YYYY-MM-DD') as date_added, ag.status as agreement_status,
  ${accountHasResignedMember('ag.account_id')} as resigned, b.paid_amount, b.amount_owing, count(*) over () as total
  from bill b join agreement ag on ag.id = b.agreement_id
  left join biller br on br.id = b.biller_id
  left join billing_sub_category sc on sc.id = b.billing_sub_category_id
  left join billing_category bc on bc.id = coalesce(br.billing_category_id, sc.billing_category_id)`;

/** Due for payment: unpaid (0, 1, 4, 5, 6) and due within the upcoming window. */
const DUE = `b.status in (0, 1, 4, 5, 6) and b.due_date <= ?::date`;

/** The account's current agreement: the newest version that is not pending approval, cancelled or expired. */
const CURRENT_AGREEMENT = `b.agreement_id = (select id from agreement where account_id = ? and status in (1, 2, 3, 4, 7, 8)
  order by ${currentAgreementFirst()} limit 1)`;

function paymentType(method: number | null): BillForPaymentData['paymentType'] {
  if (method === PaymentMethod.Bpay) return 'BPAY';
  if (method === PaymentMethod.Eft) return 'EFT';
  return 'Unknown';
}

/** The bill dashboard, pay screens and confirmation reads (1 §7 "Bills"). Members reach only their own bills. */
export class BillQueryService {
  constructor(private readonly clock: Clock) {}

  private toData(row: Row): BillForPaymentData {
    const today = this.clock.today();
    const allocation = parseMoney(String(row.amount_allocated));
    // Payable by someone now (staff with an approval in Missed Deposit): the money rule.
    const payable =
      moneyRefusal(MoneyMovement.PayBill, {
        status: row.agreement_status as AgreementStatus,
        mover: 'staff',
        resigned: row.resigned === true,
        managerApproval: true,
      }) === null;
    return {
      billId: row.id,
      contractId: row.agreement_id,
      billerId: row.biller_id,
      billingSubCategoryId: row.billing_sub_category_id,
      nickname: row.nickname,
      categoryName: row.category_name ?? '',
      paymentType: paymentType(row.payment_method),
      paymentMethod: row.payment_method as PaymentMethod | null,
      paymentMethodName: paymentMethodName(row.payment_method, row.billing_sub_category_id !== null),
      isReimbursement: row.payment_method === PaymentMethod.Reimbursement,
      billerAddedDate: row.date_added as LocalDate | null,
      amountAllocated: allocation,
      moneyFromAllocation: allocation,
      moneyFromContingency: parseMoney(String(row.contingency)),
      expectedDueDate: row.due_date as LocalDate,
      expectedDueDateWithNoOffset: row.due_date_no_offset as LocalDate,
      status: row.status as BillStatus,
      bPayNumber: row.bpay_biller_code,
      bPayName: row.bpay_biller_name,
      customerReferenceNumber: maskCustomerReference(row.customer_reference_number),
      bsbNumber: row.bsb_number,
      bsbName: row.bsb_bank_name,
      eftAccountNumber: row.eft_account_number,
      eftAccountName: row.eft_account_name,
      eftReferenceNumber: row.eft_reference_number,
      isAutoPayment: row.is_auto_payment ?? false,
      isEarlyPayment: isEarlyPayment(row.due_date as LocalDate, today),
      disableSubmit: !payable || row.biller_status === BillerStatus.OnHold,
      paidAmount: parseMoney(String(row.paid_amount)),
      amountOwing: parseMoney(String(row.amount_owing)),
    };
  }

  private horizon(): LocalDate {
    return addDays(this.clock.today(), UPCOMING_WINDOW_DAYS);
  }

  /** GetPageOfBillsDueForPayment: page (1-based) of 20 by default, due date descending. */
  async billsDueForPayment(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
    page = 1,
    pageSize = 20,
  ): Promise<BillPage> {
    assertMemberAccess(user, memberId);
    await assertAccountAccess(em, user, accountId);
    const size = Math.min(Math.max(pageSize, 1), 100);
    const current = Math.max(page, 1);
    const rows = await em.execute<Row[]>(
      `${SELECT} where ${CURRENT_AGREEMENT} and ${DUE} order by b.due_date desc, b.id desc limit ? offset ?`,
      [accountId, this.horizon(), size, (current - 1) * size],
    );
    return {
      items: rows.map((r) => this.toData(r)),
      total: Number(rows[0]?.total ?? 0),
      page: current,
      pageSize: size,
    };
  }

  /** GetManualBillsDueForPayment: the upcoming-bills panel (manual billers, soonest first). */
  async manualBillsDue(
    em: EntityManager,
    user: CurrentUser | null,
    accountId: number,
    count = 6,
  ): Promise<BillForPaymentData[]> {
    const caller = await assertAccountAccess(em, user, accountId);
    // The member portal hides reimbursement bills from the upcoming bills (1 §4).
    const hideReimbursements = isStaff(caller.roles)
      ? ''
      : `and br.payment_method is distinct from ${PaymentMethod.Reimbursement}`;
    const rows = await em.execute<Row[]>(
      `${SELECT} where ${CURRENT_AGREEMENT} and ${DUE} and coalesce(br.is_auto_payment, false) = false
       ${hideReimbursements} order by b.due_date, b.id limit ?`,
      [accountId, this.horizon(), Math.min(Math.max(count, 1), 100)],
    );
    return rows.map((r) => this.toData(r));
  }

  /** GetBillerBillsDueForPayment / GetOverdueBillsFor{Biller,BillingSubCategory}: one source's bills. */
  async sourceBills(
    em: EntityManager,
    user: CurrentUser | null,
    source: { billerId?: number; subCategoryId?: number },
    overdueOnly: boolean,
    scope?: { memberId: number; accountId: number },
  ): Promise<BillForPaymentData[]> {
    const caller = requireUser(user);
    if (scope) {
      assertMemberAccess(caller, scope.memberId);
      await assertAccountAccess(em, caller, scope.accountId);
    }
    const column = source.billerId !== undefined ? 'b.biller_id' : 'b.billing_sub_category_id';
    const table = source.billerId !== undefined ? 'biller' : 'billing_sub_category';
    const id = source.billerId ?? source.subCategoryId ?? 0;
    const [owner] = await em.execute<{ account_id: number }[]>(
      `select ag.account_id from ${table} s join agreement ag on ag.id = s.agreement_id where s.id = ?`,
      [id],
    );
    // The same refusal for an unknown source and for one outside the account the path names.
    if (!owner || (scope && owner.account_id !== scope.accountId)) {
      throw isStaff(caller.roles) ? new NotFoundError() : new ForbiddenError(NO_ACCESS);
    }
    await assertAccountAccess(em, caller, owner.account_id);
    const limit = overdueOnly ? this.clock.today() : this.horizon();
    const rows = await em.execute<Row[]>(`${SELECT} where ${column} = ? and ${DUE} order by b.due_date, b.id`, [
      id,
      limit,
    ]);
    return rows.map((r) => this.toData(r));
  }

  /** GetBillDetails, with the agreement's available rainy day for the pay screen. */
  async billDetails(
    em: EntityManager,
    user: CurrentUser | null,
    billId: number,
  ): Promise<{ bill: BillForPaymentData; availableRainyDayBalance: Cents }> {
    const bill = await loadAccessibleBill(em, requireUser(user), billId);
    const [row] = await em.execute<Row[]>(`${SELECT} where b.id = ?`, [bill.id]);
    const balances = (await agreementBalances(em, [bill.agreementId])).get(bill.agreementId);
    return { bill: this.toData(row), availableRainyDayBalance: balances?.rainyDay ?? ZERO };
  }

  /** billmoneysource/getbybillid. */
  async moneySources(em: EntityManager, user: CurrentUser | null, billId: number): Promise<MoneySourceData[]> {
    await loadAccessibleBill(em, requireUser(user), billId);
    const rows = await em.execute<
      { source: number; amount: string; transaction_id: number; account_number: string | null }[]
    >(
      `select s.source, s.amount, s.transaction_id, l.account_number from bill_money_source s
       left join linked_account l on l.id = s.linked_account_id where s.bill_id = ? order by s.id`,
      [billId],
    );
    return rows.map((r) => ({
      source: r.source as MoneySource,
      amount: parseMoney(String(r.amount)),
      transactionId: r.transaction_id,
      linkedAccountNumber: r.account_number,
    }));
  }

  /** GetBillConfirmation: the figures stored with the bill's latest payment or reimbursement. */
  async confirmation(em: EntityManager, user: CurrentUser | null, billId: number): Promise<BillConfirmationData> {
    const details = await this.billDetails(em, user, billId);
    const [activity] = await em.execute<
      { data: Record<string, unknown> | null; occurred_at: Date; account: string | null }[]
    >(
      `select a.data, a.occurred_at, l.account_number as account from activity a
       join bill b on b.id = a.bill_id left join linked_account l on l.id = b.reimbursement_account_id
       where a.bill_id = ? and a.type in (0, 1) order by a.id desc limit 1`,
      [billId],
    );
    if (!activity?.data) throw new NotFoundError('This bill has not been paid.');
    const data = activity.data;
    return {
      bill: details.bill,
      billOrAllocation: String(data.billOrAllocation ?? 'bill'),
      figures: storedConfirmationFigures(data),
      reimbursementAccount: activity.account,
      paidAt: new Date(activity.occurred_at).toISOString(),
    };
  }
}
