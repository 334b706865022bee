import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, NO_ACCESS } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import { ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { addDays, type LocalDate } from '../../shared/local-date.js';
import { add, max, min, parseMoney, sub, ZERO, type Cents } from '../../shared/money.js';
import { intArray } from '../../database/bulk.js';
import type { AgreementStatus } from '../agreement/index.js';
import type { BillStatus } from '../bill/index.js';
import type { BillerStatus } from '../../shared/biller/biller-codes.js';
import { accountHasResignedMember } from '../member/index.js';
import type { CandidateBill } from './payment.rules.js';

/**
 * Loading for money movements. Lock order, always: agreement, then its bills by id, then the linked account
 * (STACK.md: `SELECT … FOR UPDATE` in a fixed order so that concurrent payments queue instead of deadlocking).
 */

export interface BillRow extends CandidateBill {
  agreementId: number;
  accountId: number;
  billerId: number | null;
  subCategoryId: number | null;
  name: string;
  billerStatus: BillerStatus | null;
  billerOnHoldDate: LocalDate | null;
  billerDateAdded: LocalDate | null;
}

interface RawBill {
  id: number;
  agreement_id: number;
  account_id: number;
  biller_id: number | null;
  billing_sub_category_id: number | null;
  due_date: string;
  status: number;
  amount_allocated: string;
  contingency: string;
  name: string;
  biller_status: number | null;
  on_hold_date: string | null;
  date_added: string | null;
}

const BILL_SELECT = `select b.id, b.agreement_id, ag.account_id, b.biller_id,
    coalesce(b.billing_sub_category_id, br.billing_sub_category_id) as billing_sub_category_id,
    to_char(b.due_date, 'YYYY-MM-DD') as due_date, b.status, b.amount_allocated, b.contingency,
    coalesce(br.nickname, sc.nickname, '') as name, br.status as biller_status,
    to_char(br.on_hold_date, 'YYYY-MM-DD') as on_hold_date, to_char(br.date_added, 'YYYY-MM-DD') as date_added
  from bill b join agreement ag on ag.id = b.agreement_id
  left join biller br on br.id = b.biller_id
  left join billing_sub_category sc on sc.id = b.billing_sub_category_id`;

function toBill(row: RawBill): BillRow {
  return {
    id: row.id,
    agreementId: row.agreement_id,
    accountId: row.account_id,
    billerId: row.biller_id,
    subCategoryId: row.billing_sub_category_id,
    dueDate: row.due_date as LocalDate,
    status: row.status as BillStatus,
    amountAllocated: parseMoney(String(row.amount_allocated)),
    contingency: parseMoney(String(row.contingency)),
    name: row.name,
    billerStatus: row.biller_status as BillerStatus | null,
    billerOnHoldDate: row.on_hold_date as LocalDate | null,
    billerDateAdded: row.date_added as LocalDate | null,
  };
}

/** A bill the caller may reach: members only their own (the same refusal whether or not it exists). */
export async function loadAccessibleBill(em: EntityManager, user: CurrentUser, billId: number): Promise<BillRow> {
  const [row] = await em.execute<RawBill[]>(`${BILL_SELECT} where b.id = ?`, [billId]);
  if (!row) {
    if (!isStaff(user.roles)) throw new ForbiddenError(NO_ACCESS);
    throw new NotFoundError('Bill not found.');
  }
  await assertAccountAccess(em, user, row.account_id);
  return toBill(row);
}

/** Locks bills (by id order) and returns them fresh (`lock: false`: reads them only, for a quote). */
export async function lockBills(tx: EntityManager, billIds: readonly number[], lock = true): Promise<BillRow[]> {
  const rows = await tx.execute<RawBill[]>(
    `${BILL_SELECT} where b.id = any(?::int[]) order by b.id${lock ? ' for update of b' : ''}`,
    [intArray(billIds)],
  );
  return rows.map(toBill);
}

/**
 * Unpaid bills of the same biller (pay bill) or sub-category (pay allocation) due today or earlier: the overdue
 * option's candidates. A bill without a biller is always an allocation of its sub-category.
 */
export async function sameSourceBills(
  tx: EntityManager,
  bill: BillRow,
  today: LocalDate,
  kind: 'bill' | 'allocation',
): Promise<number[]> {
  const bySubCategory = bill.billerId === null || (kind === 'allocation' && bill.subCategoryId !== null);
  const rows = await tx.execute<{ id: number }[]>(
    `select b.id from bill b left join biller br on br.id = b.biller_id
     where b.agreement_id = ? and b.due_date <= ?::date and b.status in (0, 1, 4, 5, 6)
       and ${bySubCategory ? 'coalesce(b.billing_sub_category_id, br.billing_sub_category_id) = ?' : 'b.biller_id = ?'}
     order by b.id`,
    [bill.agreementId, today, bySubCategory ? bill.subCategoryId : bill.billerId],
  );
  return rows.map((r) => r.id);
}

/**
 * The caller may move money on this agreement (their own account's, or staff): a member asking for an agreement
 * that is not theirs, or that does not exist, is refused the same way (NO_ACCESS); staff get 'not found'.
 */
export async function assertAgreementAccess(em: EntityManager, user: CurrentUser, agreementId: number): Promise<void> {
  const [target] = await em.execute<{ account_id: number }[]>('select account_id from agreement where id = ?', [
    agreementId,
  ]);
  if (!target) {
    if (!isStaff(user.roles)) throw new ForbiddenError(NO_ACCESS);
    throw new NotFoundError('Agreement not found.');
  }
  await assertAccountAccess(em, user, target.account_id);
}

export interface AgreementRow {
  id: number;
  accountId: number;
  status: AgreementStatus;
  startDate: LocalDate;
  overdrawDays: number;
  approvedOverdraw: Cents | null;
  leftoversToRainyDay: boolean;
  rainyDayCoversShortfall: boolean;
  rainyDayUnavailable: Cents;
  /** A member holding the account has resigned: activity on the agreement is suspended (no money moves). */
  resigned: boolean;
}

/** Locks the agreement and reads it (`lock: false`: reads it only, for a quote). */
export async function lockAgreement(tx: EntityManager, agreementId: number, lock = true): Promise<AgreementRow> {
  const row = (await lockAgreements(tx, [agreementId], lock)).get(agreementId);
  if (!row) throw new NotFoundError('Agreement not found.');
  return row;
}

/** Locks these agreements in id order (so that batches queue instead of deadlocking) and reads them. */
export async function lockAgreements(
  tx: EntityManager,
  agreementIds: readonly number[],
  lock = true,
): Promise<Map<number, AgreementRow>> {
  const rows = await tx.execute<
    {
      id: number;
      account_id: number;
      status: number;
      start_date: string;
      days: number;
      approved_overdraw_amount: string | null;
      leftovers_to_rainy_day: boolean;
      rainy_day_covers_shortfall: boolean;
      rainy_day_unavailable_amount: string;
      resigned: boolean;
    }[]
  >(
    `select id, account_id, status, to_char(start_date, 'YYYY-MM-DD') as start_date,
       case when override_overdraw_rule then coalesce(override_overdraw_rule_duration_days, overdraw_rule_duration_days)
            else overdraw_rule_duration_days end as days,
       approved_overdraw_amount, leftovers_to_rainy_day, rainy_day_covers_shortfall, rainy_day_unavailable_amount,
       ${accountHasResignedMember('agreement.account_id')} as resigned
     from agreement where id = any(?::int[]) order by id${lock ? ' for update of agreement' : ''}`,
    [intArray(agreementIds)],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        accountId: row.account_id,
        status: row.status as AgreementStatus,
        startDate: row.start_date as LocalDate,
        overdrawDays: Number(row.days),
        approvedOverdraw:
          row.approved_overdraw_amount === null ? null : parseMoney(String(row.approved_overdraw_amount)),
        leftoversToRainyDay: row.leftovers_to_rainy_day,
        rainyDayCoversShortfall: row.rainy_day_covers_shortfall,
        rainyDayUnavailable: parseMoney(String(row.rainy_day_unavailable_amount)),
        resigned: row.resigned === true,
      },
    ]),
  );
}

/** The overdraw allowed today: the approved amount within the overdraw rule's duration from the start, else 0. */
export function overdrawAllowedOn(agreement: AgreementRow, today: LocalDate, settingAmount: Cents): Cents {
  if (today >= addDays(agreement.startDate, agreement.overdrawDays)) return ZERO;
  return agreement.approvedOverdraw ?? settingAmount;
}

/** Free balance and remaining overdraw once the bill's own set-aside money is counted out. */
export function agreementHeadroom(
  balance: Cents,
  setAside: Cents,
  overdraw: Cents,
): { freeBalance: Cents; overdrawLeft: Cents } {
  const beyond = sub(balance, setAside);
  return { freeBalance: max(beyond, ZERO), overdrawLeft: max(add(overdraw, min(beyond, ZERO)), ZERO) };
}

/** The linked accounts of the members of an account (ids), for the top-up options. */
export async function accountLinkedAccountIds(tx: EntityManager, accountId: number): Promise<number[]> {
  return (await accountsLinkedAccountIds(tx, [accountId])).get(accountId) ?? [];
}

/** The linked accounts of the members of each of these accounts (ids in order), for the top-up options. */
export async function accountsLinkedAccountIds(
  tx: EntityManager,
  accountIds: readonly number[],
): Promise<Map<number, number[]>> {
  const rows = await tx.execute<{ account_id: number; id: number }[]>(
    `select distinct m.account_id, l.id from linked_account l
     join member_account_link m on m.member_id = l.member_id
     where l.is_active and m.account_id = any(?::int[])
     order by m.account_id, l.id`,
    [intArray(accountIds)],
  );
  const result = new Map<number, number[]>(accountIds.map((id) => [id, []]));
  for (const row of rows) result.get(Number(row.account_id))?.push(Number(row.id));
  return result;
}

/**
 * The granted, not yet used manager approval for paying each of these bills in arrears (the first by id; used once:
 * locked, then stamped when the payment uses it). `lock: false` reads them only, for a quote.
 */
export async function lockApprovals(
  tx: EntityManager,
  billIds: readonly number[],
  lock = true,
): Promise<Map<number, number>> {
  const rows = await tx.execute<{ id: number; bill_id: number }[]>(
    `select id, bill_id from approval where bill_id = any(?::int[]) and approval_type = 3 and approval_granted
       and approver_id is not null and used_at is null order by bill_id, id${lock ? ' for update' : ''}`,
    [intArray(billIds)],
  );
  const first = new Map<number, number>();
  for (const row of rows) if (!first.has(Number(row.bill_id))) first.set(Number(row.bill_id), Number(row.id));
  return first;
}
