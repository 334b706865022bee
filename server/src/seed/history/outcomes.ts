import { addDays, maxDate, type LocalDate } from '../../shared/local-date.js';
import { cents, toDecimalString, type Cents } from '../../shared/money.js';
import { BillStatus, expectedBills, statusForDueDate } from '../../modules/bill/index.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import type { Random } from '../random.js';
import type { BillSeed, BillerSeed, SubCategorySeed } from './types.js';

/** What happens to one bill in the history. */
export type Special = 'failed' | 'reversed' | 'pending' | 'short' | 'rainy' | 'topup' | 'arrears';

export interface PlannedBill {
  seed: BillSeed;
  billerIndex: number | null;
  subCategoryIndex: number | null;
  /** Who is paid (the company), in payment descriptions. */
  payee: string;
  /** The biller's or sub-category's own name, which every screen shows: notices about the bill name it. */
  name: string;
  auto: boolean;
  reimbursed: boolean;
  /** Null: not paid (yet). */
  payDate: LocalDate | null;
  actual: Cents;
  special: Special | null;
  notified: boolean;
}

export interface Stops {
  /** No bill due on or after this date is paid (missed deposit, lock, resignation). */
  paymentsStopFrom: LocalDate | null;
  overdueManualBills: number;
  specials: boolean;
  arrearsPayment: boolean;
}

/** Every bill of the agreement's billers and sub-categories over the period, in due-date order (the bill engine's). */
export function collectBills(
  billers: readonly BillerSeed[],
  subCategories: readonly SubCategorySeed[],
  period: { start: LocalDate; end: LocalDate },
  createdAt: Date,
): PlannedBill[] {
  const bills: PlannedBill[] = [];
  const add = (
    plan: BillerSeed['plan'],
    source: BillSeed['source'],
    offset: number,
    removed: LocalDate | null,
    extra: Partial<PlannedBill>,
  ) => {
    for (const bill of expectedBills(plan, period).bills) {
      if (removed !== null && bill.date >= removed) continue;
      const dueDate = maxDate(addDays(bill.date, -offset), period.start);
      bills.push({
        seed: {
          source,
          dueDate,
          amount: bill.amount,
          contingency: bill.contingency,
          values: {
            due_date: dueDate,
            due_date_no_offset: bill.date,
            expected_amount: toDecimalString(bill.amount),
            amount_allocated: toDecimalString(bill.amount),
            contingency: toDecimalString(bill.contingency),
            is_final_bill: bill.isFinalBill,
            created_at: createdAt.toISOString(),
          },
        },
        billerIndex: null,
        subCategoryIndex: null,
        payee: plan.label,
        name: plan.label,
        auto: false,
        reimbursed: false,
        payDate: null,
        actual: bill.amount,
        special: null,
        notified: false,
        ...extra,
      });
    }
  };
  billers.forEach((biller, billerIndex) => {
    const removed = (biller.values.date_removed as LocalDate | null) ?? null;
    add(biller.plan, { billerIndex }, Number(biller.values.date_of_bill_offset_days ?? 0), removed, {
      billerIndex,
      payee: biller.template.companyName ?? biller.template.nickname,
      name: biller.template.nickname,
      auto: biller.values.is_auto_payment === true,
      reimbursed: biller.template.paymentMethod === PaymentMethod.Reimbursement,
    });
  });
  subCategories.forEach((sub, subCategoryIndex) => {
    add(sub.plan, { subCategoryIndex }, 0, null, {
      subCategoryIndex,
      payee: sub.plan.label,
      name: sub.plan.label,
      reimbursed: true,
    });
  });
  return bills.sort((a, b) => (a.seed.dueDate < b.seed.dueDate ? -1 : a.seed.dueDate > b.seed.dueDate ? 1 : 0));
}

function varied(amount: Cents, varies: boolean, random: Random): Cents {
  if (!varies) return amount;
  return cents(amount + Math.round((amount * random.int(-100, 100)) / 1000));
}

const within = (date: LocalDate | null, from: LocalDate, to: LocalDate) => date !== null && date >= from && date <= to;

/** Decides when each bill is paid, what it really cost, and which bills carry the scenario's special events. */
export function decideOutcomes(
  bills: PlannedBill[],
  billers: readonly BillerSeed[],
  start: LocalDate,
  today: LocalDate,
  stops: Stops,
  random: Random,
): void {
  for (const bill of bills) {
    const varies = bill.billerIndex !== null && billers[bill.billerIndex].values.does_amount_vary === true;
    bill.actual = varied(bill.seed.amount, varies, random);
    const due = bill.seed.dueDate;
    if (stops.paymentsStopFrom && due >= stops.paymentsStopFrom) continue;
    const date = bill.auto
      ? due
      : bill.reimbursed
        ? addDays(due, random.int(1, 6))
        : maxDate(addDays(due, -random.int(0, 3)), start);
    bill.payDate = date <= today ? date : null;
  }
  const manual = (bill: PlannedBill) => !bill.auto && !bill.reimbursed && bill.billerIndex !== null;
  const latest = [...bills].reverse();
  for (const bill of latest
    .filter((b) => manual(b) && within(b.seed.dueDate, addDays(today, -30), addDays(today, -1)))
    .slice(0, stops.overdueManualBills)) {
    bill.payDate = null;
  }
  if (!stops.specials) return;
  const variable = (bill: PlannedBill) =>
    bill.billerIndex !== null && billers[bill.billerIndex].values.does_amount_vary === true && !bill.reimbursed;
  const pick = (special: Special, test: (bill: PlannedBill) => boolean) => {
    const bill = latest.find((b) => b.special === null && test(b));
    if (bill) bill.special = special;
    return bill;
  };
  const failed = pick('failed', (b) => manual(b) && within(b.payDate, addDays(today, -100), addDays(today, -40)));
  if (failed) {
    for (const later of bills) {
      if (later.billerIndex === failed.billerIndex && later.seed.dueDate > failed.seed.dueDate) later.payDate = null;
    }
  }
  const reversible = (b: PlannedBill) =>
    !b.reimbursed && b.billerIndex !== null && within(b.payDate, addDays(today, -20), addDays(today, -1));
  if (!pick('reversed', (b) => manual(b) && reversible(b))) pick('reversed', reversible);
  const pending = pick(
    'pending',
    (b) => manual(b) && b.payDate === null && within(b.seed.dueDate, addDays(today, 1), addDays(today, 20)),
  );
  if (pending) pending.payDate = today;
  pick('short', (b) => variable(b) && within(b.payDate, addDays(today, -160), addDays(today, -100)));
  pick('topup', (b) => variable(b) && within(b.payDate, addDays(today, -38), addDays(today, -8)));
  pick('rainy', (b) => variable(b) && within(b.payDate, addDays(today, -70), addDays(today, -40)));
  for (const bill of bills) {
    if (bill.special === 'short')
      bill.actual = cents(bill.seed.amount + bill.seed.contingency + random.int(25, 60) * 100);
    if (bill.special === 'rainy')
      bill.actual = cents(bill.seed.amount + bill.seed.contingency + random.int(15, 40) * 100);
  }
  if (stops.arrearsPayment && stops.paymentsStopFrom) {
    const owed = bills.find(
      (b) =>
        b.payDate === null &&
        b.billerIndex !== null &&
        !b.reimbursed &&
        within(b.seed.dueDate, stops.paymentsStopFrom!, addDays(today, -1)),
    );
    if (owed) {
      owed.special = 'arrears';
      owed.payDate = today;
    }
  }
}

/** The oldest overdue bill at least a week late is the one the member was told about (status 4, activity 16). */
export function markNotified(bills: PlannedBill[], today: LocalDate): PlannedBill | undefined {
  const bill = bills.find((b) => b.payDate === null && b.seed.dueDate <= addDays(today, -8));
  if (bill) bill.notified = true;
  return bill;
}

/** A bill's status once its history is written (1, 4, 6 and 0 follow the due date for unpaid bills). */
export function finalStatus(bill: PlannedBill, today: LocalDate): BillStatus {
  switch (bill.special) {
    case 'failed':
      return BillStatus.Failed;
    case 'reversed':
      return BillStatus.Reversed;
    case 'pending':
      return BillStatus.PaymentPending;
    case 'short':
      return BillStatus.ShortPaid;
    default:
      if (bill.payDate !== null) return bill.reimbursed ? BillStatus.Reimbursed : BillStatus.Paid;
      if (bill.notified) return BillStatus.OverdueNotified;
      return statusForDueDate(bill.seed.dueDate, today);
  }
}
