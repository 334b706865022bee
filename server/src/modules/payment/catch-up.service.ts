import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { cents, formatCurrency, parseMoney, toDecimalString, ZERO, type Cents } from '../../shared/money.js';
import { intArray } from '../../database/bulk.js';
import { ActivityType } from '../activity/index.js';
import {
  AgreementEvent,
  type AgreementStatus,
  arrearsShortfall,
  changeStatus,
  depositLines,
  DepositStatus,
  storedShares,
  type StoredShareColumns,
} from '../agreement/index.js';
import type { CoreBanking } from '../core-banking/index.js';
import { linkedAccountBalances, LedgerTransactionType, type LedgerService, type Posting } from '../ledger/index.js';
import { MoneyMovement } from '../../shared/money-movement.rules.js';
import { planCatchUp, type CatchUpDepositFacts, type CatchUpPlan } from './catch-up.rules.js';
import { checkIdempotencyKey, runIdempotent } from '../idempotency/index.js';
import { lockLinkedAccount } from '../linked-account/index.js';
import { assertAgreementAccess, lockAgreement } from './payment-load.js';
import { PAYMENT_MESSAGES, PaymentError } from './payment.errors.js';
import { checkMoneyMovement, parsePaymentAmount } from './payment.rules.js';

export interface CatchUpRequest {
  contractId: number;
  /** The member's linked savings account the money comes from. */
  accountNumber: string;
  amount: string;
  idempotencyKey: string;
}

export interface CatchUpOutcome {
  /** One ledger transaction per missed deposit it paid towards, oldest first. */
  transactionIds: number[];
  amount: string;
  /** What is still owed after it ("0.00": the arrears are cleared). */
  stillOwed: string;
  arrearsCleared: boolean;
  /** The agreement's status after it: 7 when it cleared the arrears, else still 4. */
  status: AgreementStatus;
}

interface ArrearsDepositRow extends StoredShareColumns {
  id: number;
  due_date: string;
  expected_amount: string;
  received_amount: string;
  status: number;
}

/** The agreement's missed and partly received deposits with their stored shares, locked (after the agreement). */
async function lockArrearsDeposits(
  tx: EntityManager,
  agreementId: number,
): Promise<(CatchUpDepositFacts & { row: ArrearsDepositRow })[]> {
  const rows = await tx.execute<ArrearsDepositRow[]>(
    `select d.id, d.due_date::text as due_date, d.expected_amount, d.received_amount, d.status,
       p.deposit_amount as plan_deposit_amount, p.contingency_share, p.rainy_day_share
     from scheduled_deposit d left join agreement_plan p on p.id = d.plan_id
     where d.agreement_id = ? and d.status = any(?::smallint[])
     order by d.due_date, d.id for update of d`,
    [agreementId, intArray([DepositStatus.Missed, DepositStatus.PartlyReceived])],
  );
  return rows.map((row) => ({
    row,
    depositId: Number(row.id),
    dueDate: row.due_date as LocalDate,
    expectedAmount: parseMoney(String(row.expected_amount)),
    receivedAmount: parseMoney(String(row.received_amount)),
    status: Number(row.status) as DepositStatus,
  }));
}

/** What the agreement's deposits still lack (read again after the postings: the figure the status change trusts). */
async function owedNow(tx: EntityManager, agreementId: number): Promise<Cents> {
  const deposits = await lockArrearsDeposits(tx, agreementId);
  return cents(deposits.reduce((sum, deposit) => sum + arrearsShortfall(deposit), 0));
}

/**
 * The member's catch-up deposit (issue 26 item 5; DOMAIN "Arrears and locks"): money from one of the account's linked
 * savings accounts, now, towards the missed deposits, as the rainy-day top-up moves money (`reversal.service.ts`):
 * the same access check, idempotency key (`runIdempotent`: one effect per key, the answer stored with the money),
 * agreement lock, linked account lock and balance check, and the one money rule (`MoneyMovement.CatchUpDeposit`:
 * only in missed deposit). The money is shared out oldest deposit first (`planCatchUp`); each share is a deposit
 * posting of that scheduled deposit, split by its stored plan as the bank day splits a late deposit
 * (`depositLines`), with its activity (20, 'Member deposit') for the history. Core banking is told
 * (`catchUpCredited`) so that the rest of a deposit is all that can still arrive. When nothing is owed afterwards
 * the agreement leaves missed deposit through the status writer (`CatchUp`: 4 → 7); a part leaves the status as it
 * is. A refusal rolls everything back. The money announces the account's figures, which queues the rework of its open
 * deposit review in this transaction (agreement/review/review-jobs.ts, as for any money moved).
 */
export class CatchUpService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly coreBanking: CoreBanking,
    private readonly clock: Clock,
  ) {}

  async catchUpDeposit(
    em: EntityManager,
    maybeUser: CurrentUser | null,
    request: CatchUpRequest,
  ): Promise<CatchUpOutcome> {
    const user = requireUser(maybeUser);
    // Another member's agreement is refused whatever else the request says.
    await assertAgreementAccess(em, user, request.contractId);
    const key = checkIdempotencyKey(request.idempotencyKey);
    const amount = parsePaymentAmount(request.amount, 'amount');
    const staff = isStaff(user.roles);
    const input = { ...request, idempotencyKey: undefined, amount };
    const entity = { type: 'agreement', id: request.contractId };
    return runIdempotent(em, { userId: user.userId, key, operation: 'catchUpDeposit', input, entity }, async (tx) => {
      const agreement = await lockAgreement(tx, request.contractId);
      checkMoneyMovement(MoneyMovement.CatchUpDeposit, {
        status: agreement.status,
        mover: staff ? 'staff' : 'member',
        resigned: agreement.resigned,
      });
      const account = await lockLinkedAccount(tx, agreement.accountId, request.accountNumber ?? '');
      if (!account) {
        throw new PaymentError('LINKED_ACCOUNT_REQUIRED', PAYMENT_MESSAGES.linkedAccountRequired, 'accountNumber');
      }
      const deposits = await lockArrearsDeposits(tx, agreement.id);
      const plan = planCatchUp(deposits, amount);
      const balance = (await linkedAccountBalances(tx, [account.id])).get(account.id) ?? ZERO;
      if (balance <= 0 || amount > balance) {
        throw new PaymentError('INSUFFICIENT_FUNDS', PAYMENT_MESSAGES.insufficientFunds, 'amount');
      }
      const today = this.clock.today();
      const now = this.clock.now();
      const rows = new Map(deposits.map((deposit) => [deposit.depositId, deposit]));
      const postings = plan.shares.map((share, index): Posting => {
        const deposit = rows.get(share.depositId)!;
        const { split, lines } = depositLines(
          share.amount,
          storedShares(deposit.row, deposit.expectedAmount),
          account.id,
        );
        const details = catchUpDetails(plan, index, account.accountNumber, deposit);
        return {
          type: LedgerTransactionType.Deposit,
          agreementId: agreement.id,
          effectiveDate: today,
          description: details,
          lines,
          depositId: share.depositId,
          createdByUserId: user.userId,
          createdAt: now,
          activity: {
            type: ActivityType.ExtraMemberDeposit,
            details,
            data: {
              catchUp: true,
              idempotencyKey: key,
              accountNumber: account.accountNumber,
              depositId: share.depositId,
              amount: toDecimalString(share.amount),
              stillOwed: toDecimalString(plan.stillOwed),
              allocation: formatCurrency(split.allocation),
              contingency: formatCurrency(split.contingency),
              rainyDay: formatCurrency(split.rainyDay),
            },
            agentName: staff ? user.displayName : null,
            userId: user.userId,
            occurredAt: now,
          },
        };
      });
      const posted = await this.ledger.postMany(tx, postings);
      await this.coreBanking.catchUpCredited(
        tx,
        plan.shares.map((share, index) => ({
          transactionId: posted[index].transactionId,
          depositId: share.depositId,
          agreementId: agreement.id,
          amount: share.amount,
        })),
        today,
      );
      let status = agreement.status;
      if (plan.clearsArrears) {
        const [change] = await changeStatus(tx, {
          event: AgreementEvent.CatchUp,
          by: user,
          agreementIds: [agreement.id],
          now,
          facts: async (locked) => ({ hasMissedDeposits: (await owedNow(locked, agreement.id)) > 0 }),
        });
        if (change) status = change.to;
      }
      return {
        transactionIds: posted.map((p) => p.transactionId),
        amount: toDecimalString(amount),
        stillOwed: toDecimalString(plan.stillOwed),
        arrearsCleared: plan.clearsArrears,
        status,
      };
    });
  }
}

/** The history's sentence of one share: what, from where, for which deposit; the last one says what is left. */
function catchUpDetails(plan: CatchUpPlan, index: number, accountNumber: string, deposit: CatchUpDepositFacts): string {
  const share = plan.shares[index];
  const sentence =
    `Catch-up deposit of ${formatCurrency(share.amount)} from account ${accountNumber} towards the missed deposit ` +
    `of ${formatCurrency(deposit.expectedAmount)} due on ${formatDisplayDate(deposit.dueDate)}.`;
  if (index < plan.shares.length - 1) return sentence;
  return plan.clearsArrears
    ? `${sentence} All missed deposits are now paid: bill payments resume.`
    : `${sentence} Still owed: ${formatCurrency(plan.stillOwed)}.`;
}
