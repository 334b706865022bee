import type { EntityManager } from '@mikro-orm/postgresql';
import { Field, Int, ObjectType } from 'type-graphql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { ForbiddenError } from '../../shared/errors.js';
import { parseMoney, type Cents } from '../../shared/money.js';
import { MoneyScalar } from '../../graphql/scalars.js';
import { LedgerTransactionType } from '../ledger/index.js';
import { isStillPending } from './payment.rules.js';

@ObjectType({ description: 'A payment or deposit staff may reverse (spec 1 §3 Bill to reverse).' })
export class BillToReverse {
  @Field(() => Int) transactionId!: number;
  @Field(() => Int, { nullable: true }) billId!: number | null;
  @Field(() => Int) contractId!: number;
  @Field(() => Int) accountId!: number;
  @Field() memberAccountNumber!: string;
  @Field(() => Int, { nullable: true }) memberId!: number | null;
  @Field(() => String, { nullable: true }) memberNumber!: string | null;
  @Field({ description: 'Bill payment, Reimbursement or Deposit.' }) kind!: string;
  @Field() description!: string;
  @Field(() => MoneyScalar) amount!: Cents;
  @Field() createdAt!: string;
}

interface Row {
  id: number;
  type: number;
  bill_id: number | null;
  agreement_id: number;
  account_id: number;
  account_number: string;
  member_id: number | null;
  member_number: string | null;
  description: string;
  amount: string;
  created_at: Date;
}

const KINDS: Record<number, string> = {
  [LedgerTransactionType.BillPayment]: 'Bill payment',
  [LedgerTransactionType.Reimbursement]: 'Reimbursement',
  [LedgerTransactionType.Deposit]: 'Deposit',
};

/**
 * The reverse-bills table (staff only): the account's payments still in their pending window and its fully received
 * deposits, not yet reversed, newest first. The window is judged here as the reversal will judge it.
 */
export async function reversibleBills(
  em: EntityManager,
  maybeUser: CurrentUser | null,
  clock: Clock,
  timeZone: string,
  accountId: number,
  limit: number,
): Promise<BillToReverse[]> {
  const user = requireUser(maybeUser);
  if (!isStaff(user.roles)) throw new ForbiddenError('Only staff can reverse bills.');
  const rows = await em.execute<Row[]>(
    `select t.id, t.type, a.bill_id, t.agreement_id, ag.account_id, acc.account_number, a.member_id, m.member_number,
       t.description, abs(a.balance_change) as amount, t.created_at
     from ledger_transaction t
     join agreement ag on ag.id = t.agreement_id
     join account acc on acc.id = ag.account_id
     left join activity a on a.ledger_transaction_id = t.id
     left join member m on m.id = a.member_id
     left join scheduled_deposit d on d.id = t.deposit_id
     where ag.account_id = ? and t.reverses_id is null
       and not exists (select 1 from ledger_transaction r where r.reverses_id = t.id)
       and (t.type in (?, ?) and t.created_at > ?::timestamptz - interval '1 day'
            or t.type = ? and d.received_amount >= d.expected_amount)
     order by t.created_at desc, t.id desc limit ?`,
    [
      accountId,
      LedgerTransactionType.BillPayment,
      LedgerTransactionType.Reimbursement,
      clock.now().toISOString(),
      LedgerTransactionType.Deposit,
      Math.min(Math.max(limit, 1), 200),
    ],
  );
  const now = clock.now();
  return rows
    .filter((r) => r.type === LedgerTransactionType.Deposit || isStillPending(new Date(r.created_at), now, timeZone))
    .map((r) => ({
      transactionId: r.id,
      billId: r.bill_id,
      contractId: r.agreement_id,
      accountId: r.account_id,
      memberAccountNumber: r.account_number,
      memberId: r.member_id,
      memberNumber: r.member_number,
      kind: KINDS[r.type] ?? 'Other',
      description: r.description,
      amount: parseMoney(String(r.amount)),
      createdAt: new Date(r.created_at).toISOString(),
    }));
}
