import type { EntityManager } from '@mikro-orm/postgresql';
import { formatCurrency, parseMoney, toDecimalString, ZERO, type Cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { ActivityType } from '../../activity/index.js';
import { agreementBalances, LedgerTransactionType, type LedgerService } from '../../ledger/index.js';
import { UNPAID_BILL_STATUSES } from '../projection/projection.rules.js';
import { payoutLines, total } from '../settlement/settlement.rules.js';
import { TERM_END_KIND_NAMES, TermEndChoiceKind, termEndPayout } from './term-end.rules.js';

export interface TermEndPaidOut {
  choice: 'roll' | 'refund' | 'savings';
  /** What was paid into the linked account (zero: nothing moved, the balance is carried over). */
  amount: Cents;
  accountNumber: string | null;
  transactionId: number | null;
}

/**
 * What the version's unpaid bills of its term still take out (the forecast's bills, at their expected amounts): the
 * part of its balance that is not surplus. They follow their billers into the renewal (the carry-over).
 */
async function stillOwed(tx: EntityManager, agreementId: number): Promise<Cents> {
  const [row] = await tx.execute<{ owed: string }[]>(
    `select coalesce(sum(b.expected_amount), 0)::text as owed from bill b join agreement g on g.id = b.agreement_id
     where b.agreement_id = ? and b.status in (${UNPAID_BILL_STATUSES.join(', ')}) and b.due_date <= g.end_date`,
    [agreementId],
  );
  return parseMoney(row.owed);
}

/**
 * The term-end choice carried out when the renewal takes over (issue 24 item 5), in the applying transaction before
 * the carry-over: a refund or savings move pays the surplus (rule "the surplus paid out at term end": what the version
 * holds less what its unpaid bills still take out, the closing balance the member was shown) into the chosen linked
 * account in one Closure transaction (type 9) with its activity (`settlement.rules.ts#payoutLines`); the carry-over
 * then carries the rest into the renewal with those bills. A roll, a deficit or no choice moves nothing here (the
 * carry-over carries the balance). Once: the choice row is claimed (`applied_at` set) in the
 * same transaction, so a retried takeover finds it applied and moves nothing more. Null when no choice was stored.
 */
export async function payOutAtTakeOver(
  tx: EntityManager,
  ledger: LedgerService,
  input: { agreementId: number; renewalId: number; today: LocalDate; now: Date },
): Promise<TermEndPaidOut | null> {
  const [claimed] = await tx.execute<{ id: number; choice: number; linked_account_id: number | null }[]>(
    `update term_end_choice set applied_at = ? where agreement_id = ? and applied_at is null
     returning id, choice, linked_account_id`,
    [input.now, input.agreementId],
  );
  if (!claimed) return null;
  const kind = Number(claimed.choice) as TermEndChoiceKind;
  // The account must still be an active linked account of the account's members; else the balance is rolled.
  const [linked] =
    kind === TermEndChoiceKind.Roll || claimed.linked_account_id === null
      ? []
      : await tx.execute<{ id: number; account_number: string }[]>(
          `select l.id, l.account_number from linked_account l join agreement g on g.id = ?
           where l.id = ? and l.is_active
             and l.member_id in (select member_id from member_account_link where account_id = g.account_id)
           for update of l`,
          [input.agreementId, claimed.linked_account_id],
        );
  await ledger.lockBalances(tx, [input.agreementId], linked ? [linked.id] : []);
  const pockets = (await agreementBalances(tx, [input.agreementId])).get(input.agreementId)!;
  const held = total(pockets);
  const surplus = linked === undefined ? ZERO : termEndPayout(held, await stillOwed(tx, input.agreementId), kind);
  const paysOut = linked !== undefined && surplus > 0;
  let outcome: TermEndPaidOut = {
    choice: TERM_END_KIND_NAMES[kind],
    amount: ZERO,
    accountNumber: null,
    transactionId: null,
  };
  if (paysOut) {
    const where = kind === TermEndChoiceKind.Savings ? 'savings account' : 'linked account';
    const description = `Term-end surplus of ${formatCurrency(surplus)} paid into ${where} ${linked.account_number}`;
    const posted = await ledger.post(tx, {
      type: LedgerTransactionType.Closure,
      agreementId: input.agreementId,
      effectiveDate: input.today,
      description,
      lines: payoutLines(input.agreementId, pockets, surplus, linked.id),
      createdAt: input.now,
      activity: {
        type: ActivityType.Transaction,
        details: `${description} as chosen, when the renewal took over`,
        data: {
          ContractId: input.agreementId,
          renewalContractId: input.renewalId,
          termEndChoice: TERM_END_KIND_NAMES[kind],
          payoutAmount: toDecimalString(surplus),
          accountNumber: linked.account_number,
        },
        occurredAt: input.now,
      },
    });
    outcome = {
      ...outcome,
      amount: surplus,
      accountNumber: linked.account_number,
      transactionId: posted.transactionId,
    };
  }
  await tx.execute(
    'update term_end_choice set applied_amount = ?, applied_transaction_id = ? where id = ?',
    [toDecimalString(outcome.amount), outcome.transactionId, claimed.id],
    'run',
  );
  return outcome;
}

/**
 * A modification taking effect keeps the member's term-end choice (term-end/README.md, "A modification keeps the
 * choice"): the choice not yet carried out moves from the version it replaces to the new version, in the applying
 * transaction, so that the renewal of the new version carries it out. Answers whether there was one to move.
 */
export async function carryChoiceToModification(tx: EntityManager, from: number, to: number): Promise<boolean> {
  const moved = await tx.execute<{ id: number }[]>(
    `update term_end_choice set agreement_id = ? where agreement_id = ? and applied_at is null
       and not exists (select 1 from term_end_choice c where c.agreement_id = ?)
     returning id`,
    [to, from, to],
  );
  return moved.length > 0;
}

/** The term-end choice stored for a version (null: none, i.e. roll): what its renewal's deposits step opens with. */
export async function storedTermEndChoice(em: EntityManager, agreementId: number): Promise<TermEndChoiceKind | null> {
  const [row] = await em.execute<{ choice: number }[]>(
    'select choice from term_end_choice where agreement_id = ? and applied_at is null',
    [agreementId],
  );
  return row ? (Number(row.choice) as TermEndChoiceKind) : null;
}
