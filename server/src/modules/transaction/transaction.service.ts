import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, assertMemberAccess, NO_ACCESS, requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import { ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { add, ZERO, type Cents } from '../../shared/money.js';
import { dateOf, instantOf, moneyOf } from '../../database/row-values.js';
import { ActivityType } from '../activity/index.js';
import {
  isAgreementPocket,
  LEDGER_ACCOUNT_KIND_LABELS,
  LedgerAccountKind,
  LEDGER_TRANSACTION_TYPE_LABELS,
  type LedgerTransactionType,
  TRANSACTION_STATUS_LABELS,
  TransactionStatus,
} from '../ledger/index.js';
import type { TransactionDetails, TransactionStatusItem } from './transaction.types.js';

type HeaderRow = {
  id: number;
  created_at: Date | string;
  effective_date: string;
  type: number;
  description: string | null;
  account_id: number | null;
  agreement_id: number | null;
  transaction_status: number | null;
  bill_id: number | null;
  biller_name: string | null;
};

type LineRow = {
  kind: number;
  account_number: string | null;
  member_id: number | null;
  agreement_id: number | null;
  amount: string;
};

/** Spec 1 §3 transaction statuses (GET /api/members/gettransactionstatuses). */
export function transactionStatuses(): TransactionStatusItem[] {
  return Object.entries(TRANSACTION_STATUS_LABELS).map(([id, name]) => ({ id: Number(id), name }));
}

/** A ledger transaction as the details page shows it: its lines, its status (from its activity), its bill. */
export class TransactionService {
  async details(em: EntityManager, user: CurrentUser | null, transactionId: number): Promise<TransactionDetails> {
    const caller = requireUser(user);
    const staff = isStaff(caller.roles);
    const headers = await em.execute<HeaderRow[]>(
      `select t.id, t.created_at, t.effective_date::text as effective_date, t.type, t.description,
              g.account_id, t.agreement_id, a.transaction_status, a.bill_id, coalesce(b.nickname, s.nickname) as biller_name
       from ledger_transaction t
       left join agreement g on g.id = t.agreement_id
       left join activity a on a.ledger_transaction_id = t.id
       left join bill on bill.id = a.bill_id
       left join biller b on b.id = coalesce(a.biller_id, bill.biller_id)
       left join billing_sub_category s on s.id = bill.billing_sub_category_id
       where t.id = ?`,
      [transactionId],
    );
    const header = headers[0];
    if (!header) {
      if (staff) throw new NotFoundError('Could not find the transaction.');
      throw new ForbiddenError(NO_ACCESS);
    }
    if (header.account_id !== null) await assertAccountAccess(em, caller, Number(header.account_id));
    const lines = await em.execute<LineRow[]>(
      `select la.kind, la.agreement_id, l.account_number, l.member_id, e.amount
       from ledger_entry e join ledger_account la on la.id = e.ledger_account_id
       left join linked_account l on l.id = la.linked_account_id
       where e.transaction_id = ? order by e.id`,
      [transactionId],
    );
    // Without an agreement, only the owner of the linked accounts it touches (or staff) may see it.
    if (header.account_id === null && !staff) {
      const owners = new Set(lines.filter((line) => line.member_id !== null).map((line) => Number(line.member_id)));
      if (owners.size === 0 || [...owners].some((owner) => owner !== caller.memberId)) {
        throw new ForbiddenError(NO_ACCESS);
      }
    }
    let amount: Cents = ZERO;
    const shown = lines.map((line) => {
      const kind = Number(line.kind) as LedgerAccountKind;
      const value = moneyOf(line.amount);
      if (isAgreementPocket(kind)) amount = add(amount, value);
      const label =
        kind === LedgerAccountKind.LinkedAccount
          ? `Savings account ${line.account_number ?? ''}`.trim()
          : LEDGER_ACCOUNT_KIND_LABELS[kind];
      return {
        account: label,
        amount: value,
        agreementId: line.agreement_id === null ? null : Number(line.agreement_id),
      };
    });
    const status = (header.transaction_status ?? TransactionStatus.Unknown) as TransactionStatus;
    return {
      transactionId: Number(header.id),
      date: instantOf(header.created_at),
      effectiveDate: dateOf(header.effective_date),
      agreementId: header.agreement_id === null ? null : Number(header.agreement_id),
      type: Number(header.type),
      typeName: LEDGER_TRANSACTION_TYPE_LABELS[Number(header.type) as LedgerTransactionType] ?? 'Other',
      status,
      statusName: TRANSACTION_STATUS_LABELS[status] ?? 'Unknown',
      description: header.description,
      amount,
      lines: shown,
      billId: header.bill_id === null ? null : Number(header.bill_id),
      billerName: header.biller_name,
    };
  }

  /** The member's latest bill payment still pending (the pending-processing notice), or null. */
  async pendingBillTransaction(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
  ): Promise<TransactionDetails | null> {
    assertMemberAccess(user, memberId);
    const rows = await em.execute<{ id: number }[]>(
      `select a.ledger_transaction_id as id from activity a
       where a.account_id in (select account_id from member_account_link where member_id = ? and is_active)
         and a.type in (?, ?) and a.transaction_status = ? and a.ledger_transaction_id is not null
       order by a.occurred_at desc, a.id desc limit 1`,
      [memberId, ActivityType.PaidBill, ActivityType.ReimbursedBill, TransactionStatus.Pending],
    );
    return rows.length === 0 ? null : this.details(em, user, Number(rows[0].id));
  }

  /** The latest movement of money on the account's agreements (GET /api/transactions/{accountId}), or null. */
  async latestForAccount(
    em: EntityManager,
    user: CurrentUser | null,
    accountId: number,
  ): Promise<TransactionDetails | null> {
    await assertAccountAccess(em, user, accountId);
    const rows = await em.execute<{ id: number }[]>(
      `select t.id from ledger_transaction t join agreement g on g.id = t.agreement_id
       where g.account_id = ? order by t.effective_date desc, t.id desc limit 1`,
      [accountId],
    );
    return rows.length === 0 ? null : this.details(em, user, Number(rows[0].id));
  }
}
