import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { BillerOverdueOption, BillerStatus, ModificationState } from '../../shared/biller/biller-codes.js';
import { collectedDepositDates } from './plan/plan-schedule.rules.js';

/**
 * What applying a modification does to the bills and scheduled deposits it carried over from the version in force
 * (version-carry-over.ts moves the unpaid bills of kept billers and the deposits still to come): billers added get
 * the bill engine's bills, changed billers (amount, frequency, dates; or reinstated) get their future unpaid bills
 * replaced, removed billers' future unpaid bills end after their final bill, and the deposits follow the
 * modification's deposit plan. Paid bills and deposits already received or missed are history and stay; overdue
 * bills too, unless the biller form's overdue option asked for the new amount on them (`overdueBillChanges`). Each rule answers the difference between what is stored and what should be, so applying it twice changes
 * nothing the second time.
 */

export type ItemChange = 'added' | 'changed' | 'removed' | 'kept';

/** How a modification treats a biller or sub-category, from the state the wizard kept on it. */
export function itemChange(modificationState: ModificationState, status: BillerStatus): ItemChange {
  if (status === BillerStatus.Removed || modificationState === ModificationState.Removed) return 'removed';
  if (modificationState === ModificationState.New) return 'added';
  if (modificationState === ModificationState.Edit || modificationState === ModificationState.Enable) {
    return 'changed';
  }
  return 'kept';
}

/** A bill the new version holds from today on, unpaid and with no money towards it (it may be replaced). */
export interface StoredBill {
  id: number;
  dueDate: LocalDate;
  amount: Cents;
  contingency: Cents;
  isFinalBill: boolean;
}

/** A bill the bill engine gives the item (amount and contingency as the deposits step counted them). */
export interface WantedBill {
  dueDate: LocalDate;
  amount: Cents;
  contingency: Cents;
  isFinalBill: boolean;
}

export interface BillChanges {
  /** Stored bills on a date the item keeps, with the engine's figures. */
  update: { id: number; bill: WantedBill }[];
  /** Stored bills on a date the item no longer has a bill. */
  remove: number[];
  insert: WantedBill[];
}

export interface ItemBills {
  change: ItemChange;
  /** The item's future unpaid bills in the new version (`stored`), none for an item added. */
  stored: readonly StoredBill[];
  /** The engine's bills of the item over the period (any date; only today's and later are used). */
  wanted: readonly WantedBill[];
  /**
   * Dates from today on whose stored bill stays as it is (rule "held bills", `stored-plan.ts#heldBills` `kept`: settled
   * with the version in force, or failed and owed again on its date): not billed twice.
   */
  held: readonly LocalDate[];
  /** A removed item's final bill date: its bills up to and including it are still paid. */
  finalBillDate: LocalDate | null;
}

const sameBill = (a: WantedBill, b: StoredBill) =>
  a.amount === b.amount && a.contingency === b.contingency && a.isFinalBill === b.isFinalBill;

/** The writes that bring one item's future bills to what the modification says (none for an item kept). */
export function billChanges(item: ItemBills, today: LocalDate): BillChanges {
  const none: BillChanges = { update: [], remove: [], insert: [] };
  const future = item.stored.filter((bill) => bill.dueDate >= today);
  switch (item.change) {
    case 'kept':
      return none;
    case 'removed': {
      const end = item.finalBillDate;
      return { ...none, remove: future.filter((bill) => end === null || bill.dueDate > end).map((bill) => bill.id) };
    }
    case 'added':
    case 'changed': {
      const held = new Set(item.held);
      const wanted = new Map<LocalDate, WantedBill>();
      for (const bill of item.wanted) {
        if (bill.dueDate >= today && !held.has(bill.dueDate) && !wanted.has(bill.dueDate)) {
          wanted.set(bill.dueDate, bill);
        }
      }
      const changes: BillChanges = { update: [], remove: [], insert: [] };
      const kept = new Set<LocalDate>();
      for (const bill of future) {
        const want = wanted.get(bill.dueDate);
        if (!want || kept.has(bill.dueDate)) changes.remove.push(bill.id);
        else {
          kept.add(bill.dueDate);
          if (!sameBill(want, bill)) changes.update.push({ id: bill.id, bill: want });
        }
      }
      for (const [date, bill] of wanted) if (!kept.has(date)) changes.insert.push(bill);
      return changes;
    }
  }
}

/** An overdue bill of the item the new version carried over (due before today, unpaid, nothing towards it). */
export interface OverdueBill {
  id: number;
  dueDate: LocalDate;
  amount: Cents;
  contingency: Cents;
}

/**
 * The biller form's overdue option (spec 2 §8: a changed amount is "applied to all unpaid overdue, current and future
 * bills, or just to current and future bills"). Only a changed item whose agent chose All unpaid overdue, current and
 * future bills has its overdue bills brought to what it bills now: the engine's bill on the same date, else its next
 * bill after that date (an overdue bill on a date the new schedule no longer has), else its last one. Their dates and
 * final-bill marks stay: an overdue bill is still owed on its date. Any other option (current and future only, none
 * chosen) and any other change leave them as they are.
 */
export function overdueBillChanges(
  change: ItemChange,
  overdueOption: number | null,
  overdue: readonly OverdueBill[],
  wanted: readonly WantedBill[],
  today: LocalDate,
): { id: number; amount: Cents; contingency: Cents }[] {
  if (change !== 'changed' || overdueOption !== BillerOverdueOption.AllUnpaidBills || wanted.length === 0) return [];
  const engine = [...wanted].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
  const updates: { id: number; amount: Cents; contingency: Cents }[] = [];
  for (const bill of overdue) {
    if (bill.dueDate >= today) continue;
    const now =
      engine.find((w) => w.dueDate === bill.dueDate) ?? engine.find((w) => w.dueDate > bill.dueDate) ?? engine.at(-1)!;
    if (now.amount !== bill.amount || now.contingency !== bill.contingency) {
      updates.push({ id: bill.id, amount: now.amount, contingency: now.contingency });
    }
  }
  return updates;
}

/**
 * An item's facts `overdueBillChanges` reads besides its overdue bills: how the modification treats it, the biller
 * form's overdue option and the bill engine's bills of the item over the period. The applier reads them to write the
 * overdue bills' new amounts; the deposits step, the plan stored when the change is applied and the biller form's
 * preview read the same through rule "held bills" (`stored-plan.ts#heldBills`), so they owe those bills at the amount
 * the applied agreement will hold.
 */
export interface OverdueOptionFacts {
  change: ItemChange;
  overdueOption: number | null;
  wanted: readonly WantedBill[];
}

/** A deposit still to come in the new version (scheduled, nothing received). */
export interface StoredDeposit {
  id: number;
  dueDate: LocalDate;
  amount: Cents;
}

export interface DepositChanges {
  update: { id: number; amount: Cents }[];
  remove: number[];
  insert: LocalDate[];
}

/**
 * The writes that make the deposits from today on the modification's plan: its schedule's dates with its deposit.
 * `held` are dates whose deposit stayed with the version in force (received or missed): not collected twice. A
 * deposit of 0.00 (a modification in the term's last weeks whose balance covers the rest: lifecycle.rules.ts) ends
 * every deposit from today. A plan that gives no dates (unreadable schedule) changes nothing rather than stopping
 * every deposit.
 */
export function depositChanges(
  stored: readonly StoredDeposit[],
  planDates: readonly LocalDate[],
  amount: Cents,
  held: readonly LocalDate[],
  today: LocalDate,
  /**
   * The bank's first day for a deposit (plan/plan-schedule.rules.ts#bankFirstDepositDay): applied after today's
   * deposits step ran, a new deposit of today is tomorrow's (`onBankDays`), never asked for late as a missed one.
   */
  firstBankDay: LocalDate = today,
): DepositChanges {
  if (planDates.length === 0 || amount < 0) return { update: [], remove: [], insert: [] };
  // A deposit of 0.00 (the balance covers the rest of the term): no date is wanted, every deposit from today ends.
  const wanted = new Set(amount === 0 ? [] : collectedDepositDates(planDates, today, firstBankDay, held));
  const changes: DepositChanges = { update: [], remove: [], insert: [] };
  const kept = new Set<LocalDate>();
  for (const deposit of stored.filter((d) => d.dueDate >= today)) {
    if (!wanted.has(deposit.dueDate) || kept.has(deposit.dueDate)) changes.remove.push(deposit.id);
    else {
      kept.add(deposit.dueDate);
      if (deposit.amount !== amount) changes.update.push({ id: deposit.id, amount });
    }
  }
  for (const date of wanted) if (!kept.has(date)) changes.insert.push(date);
  return changes;
}
