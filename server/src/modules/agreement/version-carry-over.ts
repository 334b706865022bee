import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../shared/local-date.js';
import { cents, type Cents } from '../../shared/money.js';
import { ActivityType } from '../activity/index.js';
import { BillStatus, OWED_STATUSES } from '../bill/index.js';
import {
  agreementBalances,
  LedgerTransactionType,
  type LedgerService,
  allocation,
  contingency,
  rainyDay,
  type LedgerLine,
  TransactionStatus,
} from '../ledger/index.js';
import { DepositStatus } from './agreement-codes.js';

export interface CarryOver {
  /** The version-transfer activity, when there were balances to carry. */
  activityId: number | null;
  billsMoved: number;
  depositsMoved: number;
}

/**
 * What a new version takes over from the one it replaces when it is applied, inside the applying transaction:
 * the three balances (one version-transfer ledger transaction, so the history explains where they went), the
 * owed bills of billers and sub-categories it kept (matched by `previous_id`: unpaid, or failed and owed again), and
 * the deposits still to come. Paid, pending and short-paid bills, and deposits already received or missed, stay with
 * the old version.
 */
export async function carryOverToNewVersion(
  tx: EntityManager,
  ledger: LedgerService,
  from: number,
  to: number,
  today: LocalDate,
): Promise<CarryOver> {
  const balances = (await agreementBalances(tx, [from])).get(from);
  const lines: LedgerLine[] = [];
  const pockets = [
    [balances?.allocation ?? 0, allocation],
    [balances?.contingency ?? 0, contingency],
    [balances?.rainyDay ?? 0, rainyDay],
  ] as const;
  for (const [amount, pocket] of pockets) {
    if (amount === 0) continue;
    lines.push({ account: pocket(from), amount: cents(-amount) }, { account: pocket(to), amount: amount as Cents });
  }
  let activityId: number | null = null;
  if (lines.length > 0) {
    const posted = await ledger.post(tx, {
      type: LedgerTransactionType.VersionTransfer,
      agreementId: to,
      effectiveDate: today,
      description: `Balances carried over from agreement ${from}`,
      lines,
      activity: {
        type: ActivityType.Transaction,
        details: `Balances carried over from agreement ${from} on modification`,
        data: { ContractId: to, previousContractId: from },
        transactionStatus: TransactionStatus.Processed,
      },
    });
    activityId = posted.activityId;
  }

  // Owed bills follow their biller into the new version: nothing paid towards them yet, or a failed one (its payment
  // returned, owed again: OWED_STATUSES), whose money sources stay as the history of the returned payment. A failed
  // bill left behind dropped out of the member's bills while its biller, on hold in the new version, still said so.
  const unpaid = `{${OWED_STATUSES.join(',')}}`;
  const noMoney = `(b.status = ${BillStatus.Failed} or not exists (select 1 from bill_money_source m where m.bill_id = b.id))`;
  const viaBiller = await tx.execute(
    `update bill b set agreement_id = nb.agreement_id, biller_id = nb.id
     from biller nb where nb.agreement_id = ? and nb.previous_id = b.biller_id
       and b.agreement_id = ? and b.status = any(?::smallint[]) and ${noMoney}`,
    [to, from, unpaid],
    'run',
  );
  const viaSubCategory = await tx.execute(
    `update bill b set agreement_id = ns.agreement_id, billing_sub_category_id = ns.id
     from billing_sub_category ns where ns.agreement_id = ? and ns.previous_id = b.billing_sub_category_id
       and b.agreement_id = ? and b.status = any(?::smallint[]) and ${noMoney}`,
    [to, from, unpaid],
    'run',
  );
  const deposits = await tx.execute(
    `update scheduled_deposit set agreement_id = ?
     where agreement_id = ? and status in (?, ?) and due_date >= ?::date and received_amount = 0`,
    [to, from, DepositStatus.Scheduled, DepositStatus.Holiday, today],
    'run',
  );
  return {
    activityId,
    billsMoved: affected(viaBiller) + affected(viaSubCategory),
    depositsMoved: affected(deposits),
  };
}

function affected(result: unknown): number {
  const rows = (result as { affectedRows?: number } | null)?.affectedRows;
  return typeof rows === 'number' ? rows : 0;
}
