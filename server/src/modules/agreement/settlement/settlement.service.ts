import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import { isStaff } from '../../../common/auth/roles.js';
import type { Clock } from '../../../shared/clock.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { formatCurrency, negate, toDecimalString, ZERO, type Cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { intArray } from '../../../database/bulk.js';
import { dateOf, moneyOf } from '../../../database/row-values.js';
import { ActivityType } from '../../activity/index.js';
import { BillStatus } from '../../bill/index.js';
import {
  agreementBalances,
  linkedAccountBalances,
  LedgerTransactionType,
  type LedgerService,
} from '../../ledger/index.js';
import { checkIdempotencyKey, runIdempotent } from '../../idempotency/index.js';
import { lockLinkedAccount } from '../../linked-account/index.js';
import { AgreementStatus } from '../agreement-status.js';
import {
  closingSentence,
  resetProblem,
  SETTLEMENT_BLOCKING_STATUSES,
  SETTLEMENT_MESSAGES,
  total,
  zeroingLines,
  type Pockets,
} from './settlement.rules.js';
import type { ClosingStatement, ResetAccountOutcome } from './settlement.types.js';

/** An expected refusal of a settlement or reset: nothing is written. */
export class SettlementRefusal extends DomainError {}

/** Bills that count as due and unpaid on the day of cancelling (the member pays them from then on). */
const DUE_STATUSES = [
  BillStatus.Scheduled,
  BillStatus.Overdue,
  BillStatus.OverdueNotified,
  BillStatus.Upcoming,
  BillStatus.ShortPaid,
];

/** The statuses a cancellation settles money for (a draft never ran and holds none). */
const SETTLED_FROM: readonly AgreementStatus[] = [
  AgreementStatus.Approved,
  AgreementStatus.Active,
  AgreementStatus.MissedDeposit,
  AgreementStatus.Locked,
];

export interface CancelSettlement {
  agreementId: number;
  accountId: number;
  /** The status it was cancelled from. */
  fromStatus: AgreementStatus;
  reason: string;
  /** A savings account of the account's members to pay the balance into; null: the balance is held on the account. */
  payoutAccountNumber: string | null;
  caller: CurrentUser;
}

interface BillDue {
  billId: number;
  payee: string;
  dueDate: LocalDate;
  amount: string;
}

/**
 * Cancel with settlement and the account's reset (issue 26 item 2; README.md): a cancelled agreement's money is paid
 * out to a linked account or held in sight on the account, the bills already due are listed for the member, and
 * staff later reset a held balance to zero. Every movement is one ledger transaction (Closure, type 9) with its
 * activity, inside the caller's transaction.
 */
export class AgreementSettlementService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /** In the cancelling transaction, after the status write; null when the version never ran (nothing to settle). */
  async settleOnCancel(tx: EntityManager, input: CancelSettlement): Promise<{ message: string } | null> {
    if (!SETTLED_FROM.includes(input.fromStatus)) return null;
    const payoutAccount =
      input.payoutAccountNumber === null
        ? null
        : await lockLinkedAccount(tx, input.accountId, input.payoutAccountNumber);
    if (input.payoutAccountNumber !== null && !payoutAccount) {
      throw new SettlementRefusal('LINKED_ACCOUNT_REQUIRED', SETTLEMENT_MESSAGES.payoutAccount, 'payoutAccountNumber');
    }
    await this.ledger.lockBalances(tx, [input.agreementId], payoutAccount ? [payoutAccount.id] : []);
    const pockets = (await agreementBalances(tx, [input.agreementId])).get(input.agreementId)!;
    const today = this.clock.today();
    const billsDue = await this.billsDue(tx, input.agreementId, today);
    const held = total(pockets);
    let payout: { transactionId: number; amount: Cents } | null = null;
    if (payoutAccount && held > 0) {
      const description = `Closing balance of ${formatCurrency(held)} paid into savings account ${payoutAccount.accountNumber}`;
      const posted = await this.ledger.post(tx, {
        type: LedgerTransactionType.Closure,
        agreementId: input.agreementId,
        effectiveDate: today,
        description,
        lines: zeroingLines([{ agreementId: input.agreementId, pockets }], payoutAccount.id),
        createdByUserId: input.caller.userId,
        createdAt: this.clock.now(),
        activity: {
          type: ActivityType.Transaction,
          details: `${description} on cancelling the agreement`,
          data: {
            ContractId: input.agreementId,
            settlement: 'cancel',
            payoutAmount: toDecimalString(held),
            accountNumber: payoutAccount.accountNumber,
          },
          agentName: input.caller.displayName,
          userId: input.caller.userId,
        },
      });
      payout = { transactionId: posted.transactionId, amount: held };
    }
    await tx.execute(
      `insert into agreement_settlement (agreement_id, account_id, cancelled_on, reason, allocation, contingency,
         rainy_day, bills_due, payout_linked_account_id, payout_amount, payout_transaction_id, created_by_id, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)`,
      [
        input.agreementId,
        input.accountId,
        today,
        input.reason,
        toDecimalString(pockets.allocation),
        toDecimalString(pockets.contingency),
        toDecimalString(pockets.rainyDay),
        JSON.stringify(billsDue),
        payout ? payoutAccount!.id : null,
        toDecimalString(payout?.amount ?? ZERO),
        payout?.transactionId ?? null,
        input.caller.userId,
        this.clock.now(),
      ],
      'run',
    );
    return {
      message: closingSentence({
        paidOut: payout?.amount ?? ZERO,
        paidTo: payoutAccount?.accountNumber ?? null,
        held: payout ? ZERO : held,
        reset: false,
      }),
    };
  }

  /** The member's closing statement of the account's latest cancelled agreement (null: none was cancelled). */
  async closingStatement(
    em: EntityManager,
    user: CurrentUser | null,
    accountId: number,
  ): Promise<ClosingStatement | null> {
    await assertAccountAccess(em, user, accountId);
    const [row] = await em.execute<Record<string, unknown>[]>(
      `select s.agreement_id, s.cancelled_on::text as cancelled_on, s.reason, s.allocation, s.contingency, s.rainy_day,
         s.bills_due, s.payout_amount, l.account_number as payout_account, s.reset_at,
         (select t.effective_date::text from ledger_transaction t where t.id = s.reset_transaction_id) as reset_on,
         (select sum(e.amount) from ledger_entry e join ledger_account a on a.id = e.ledger_account_id
           where e.transaction_id = s.reset_transaction_id and a.kind = 4) as reset_amount
       from agreement_settlement s left join linked_account l on l.id = s.payout_linked_account_id
       where s.account_id = ? order by s.id desc limit 1`,
      [accountId],
    );
    if (!row) return null;
    const agreementId = Number(row.agreement_id);
    const held = total((await agreementBalances(em, [agreementId])).get(agreementId)!);
    const paidOut = moneyOf(row.payout_amount);
    const paidTo = (row.payout_account as string | null) ?? null;
    const bills = (typeof row.bills_due === 'string' ? JSON.parse(row.bills_due) : row.bills_due) as BillDue[];
    const atClose: Pockets = {
      allocation: moneyOf(row.allocation),
      contingency: moneyOf(row.contingency),
      rainyDay: moneyOf(row.rainy_day),
    };
    return {
      agreementId,
      accountId,
      cancelledOn: dateOf(row.cancelled_on),
      reason: String(row.reason),
      balances: { ...atClose, total: total(atClose) },
      billsDue: bills.map((bill) => ({ ...bill, amount: moneyOf(bill.amount) })),
      paidOut,
      paidTo,
      held,
      resetOn: row.reset_on ? dateOf(row.reset_on) : null,
      resetAmount: row.reset_amount === null ? null : moneyOf(row.reset_amount),
      message: closingSentence({ paidOut, paidTo, held, reset: row.reset_at !== null }),
    };
  }

  /**
   * Staff reset the account (the spec's "It will need to be reset"): what its ended versions still hold is paid
   * into a savings account of its members (or, when they are overdrawn, taken from it), one Closure transaction with
   * its activity; the account is then at a zero balance and a new agreement can be set up. Once per key.
   */
  async resetAccount(
    em: EntityManager,
    user: CurrentUser | null,
    request: { accountId: number; accountNumber: string; idempotencyKey: string },
  ): Promise<ResetAccountOutcome> {
    const caller = requireUser(user);
    if (!isStaff(caller.roles)) throw new ForbiddenError('Only staff can reset an account.');
    const key = checkIdempotencyKey(request.idempotencyKey);
    const [account] = await em.execute<{ id: number }[]>('select id from account where id = ?', [request.accountId]);
    if (!account) throw new NotFoundError('Account not found.');
    const input = { accountId: request.accountId, accountNumber: request.accountNumber.trim() };
    const entity = { type: 'account', id: request.accountId };
    return runIdempotent(em, { userId: caller.userId, key, operation: 'resetAccount', input, entity }, async (tx) => {
      const versions = await tx.execute<{ id: number; status: number }[]>(
        'select id, status from agreement where account_id = ? order by id for update',
        [request.accountId],
      );
      const blocking = versions.some((v) => SETTLEMENT_BLOCKING_STATUSES.includes(Number(v.status)));
      const ids = versions.map((v) => Number(v.id));
      const linked = await lockLinkedAccount(tx, request.accountId, input.accountNumber);
      await this.ledger.lockBalances(tx, ids, linked ? [linked.id] : []);
      const balances = await agreementBalances(tx, ids);
      const holding = ids
        .map((agreementId) => ({ agreementId, pockets: balances.get(agreementId)! }))
        .filter(({ pockets }) => pockets.allocation !== 0 || pockets.contingency !== 0 || pockets.rainyDay !== 0);
      const net = holding.reduce((sum, { pockets }) => sum + total(pockets), 0) as Cents;
      const linkedBalance = linked ? ((await linkedAccountBalances(tx, [linked.id])).get(linked.id) ?? ZERO) : ZERO;
      const problem = resetProblem({
        blockingVersion: blocking,
        pocketsNonZero: holding.length > 0,
        total: net,
        linkedAccountFound: linked !== null,
        linkedBalance,
      });
      if (problem) throw new SettlementRefusal(problem.code, problem.message, problem.field ?? undefined);
      const what =
        net >= 0
          ? `${formatCurrency(net)} paid into savings account ${linked!.accountNumber}`
          : `${formatCurrency(negate(net))} owed taken from savings account ${linked!.accountNumber}`;
      const latest = holding[holding.length - 1].agreementId;
      const posted = await this.ledger.post(tx, {
        type: LedgerTransactionType.Closure,
        agreementId: latest,
        effectiveDate: this.clock.today(),
        description: `Account reset: ${what}`,
        lines: zeroingLines(holding, linked!.id),
        createdByUserId: caller.userId,
        createdAt: this.clock.now(),
        activity: {
          type: ActivityType.Transaction,
          details: `Account reset to a zero balance by staff: ${what}`,
          data: {
            settlement: 'reset',
            amount: toDecimalString(net),
            accountNumber: linked!.accountNumber,
            agreements: holding.map((h) => h.agreementId),
          },
          agentName: caller.displayName,
          userId: caller.userId,
        },
      });
      await tx.execute(
        `update agreement_settlement set reset_transaction_id = ?, reset_at = ?
         where agreement_id = any(?::int[]) and reset_transaction_id is null`,
        [posted.transactionId, this.clock.now(), intArray(holding.map((h) => h.agreementId))],
        'run',
      );
      return {
        transactionId: posted.transactionId,
        amount: toDecimalString(net),
        message: `The account has been reset to a zero balance: ${what}.`,
      };
    });
  }

  private async billsDue(tx: EntityManager, agreementId: number, today: LocalDate): Promise<BillDue[]> {
    const rows = await tx.execute<Record<string, unknown>[]>(
      `select b.id, coalesce(r.nickname, s.nickname, '') as payee, b.due_date::text as due_date, b.status,
         b.expected_amount, b.paid_amount, b.amount_owing
       from bill b left join biller r on r.id = b.biller_id left join billing_sub_category s on s.id = b.billing_sub_category_id
       where b.agreement_id = ? and b.due_date <= ?::date and b.status = any(?::smallint[])
       order by b.due_date, b.id`,
      [agreementId, today, `{${DUE_STATUSES.join(',')}}`],
    );
    return rows
      .map((row) => {
        const owing =
          Number(row.status) === BillStatus.ShortPaid
            ? moneyOf(row.amount_owing)
            : ((moneyOf(row.expected_amount) - moneyOf(row.paid_amount)) as Cents);
        return { billId: Number(row.id), payee: String(row.payee), dueDate: dateOf(row.due_date), amount: owing };
      })
      .filter((bill) => bill.amount > 0)
      .map((bill) => ({ ...bill, amount: toDecimalString(bill.amount) }));
  }
}
