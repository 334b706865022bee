import { freeText } from '../../common/free-text.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { parseMoney, toDecimalString, ZERO } from '../../shared/money.js';
import {
  linkedAccountBalances,
  LedgerTransactionType,
  type LedgerService,
  postRainyDayTopUp,
} from '../ledger/index.js';
import { checkIdempotencyKey, runIdempotent } from '../idempotency/index.js';
import { lockLinkedAccount } from '../linked-account/index.js';
import { assertAgreementAccess, lockAgreement } from './payment-load.js';
import { PAYMENT_MESSAGES, PaymentError } from './payment.errors.js';
import {
  checkNotRepeatedTopUp,
  checkRainyDayTopUpAllowed,
  isStillPending,
  parsePaymentAmount,
} from './payment.rules.js';

export interface ReverseRequest {
  transactionId: number;
  idempotencyKey: string;
}

export interface ReversalOutcome {
  success: boolean;
  message: string;
  reversalTransactionId: number;
}

export interface RainyDayTopUpRequest {
  contractId: number;
  accountNumber: string;
  topupAmount: string;
  description?: string | null;
  idempotencyKey: string;
  /**
   * A request from the legacy façade without a key of its own: refuse the same top-up made by the same user less
   * than this many seconds ago (`checkNotRepeatedTopUp`).
   */
  keylessRepeatSeconds?: number;
}

export interface RainyDayTopUpOutcome {
  transactionId: number;
  topupAmount: string;
}

interface TransactionRow {
  id: number;
  type: LedgerTransactionType;
  agreement_id: number | null;
  created_at: Date;
  deposit_full: boolean | null;
  reversed: boolean;
  reverses_id: number | null;
}

/** Reverses payments and deposits (staff only) and tops up rainy day from a linked account. */
export class ReversalService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  /**
   * Reverse bill (activity 25): a bill payment or reimbursement still in its pending window, or a full deposit.
   * A new reversing transaction; the original is never changed.
   */
  async reverse(em: EntityManager, maybeUser: CurrentUser | null, request: ReverseRequest): Promise<ReversalOutcome> {
    const user = requireUser(maybeUser);
    if (!isStaff(user.roles)) throw new ForbiddenError('Only staff can reverse bills.');
    const key = checkIdempotencyKey(request.idempotencyKey);
    const input = { transactionId: request.transactionId };
    const entity = { type: 'ledgerTransaction', id: request.transactionId };
    return runIdempotent(em, { userId: user.userId, key, operation: 'reverse', input, entity }, async (tx) => {
      const [found] = await tx.execute<{ agreement_id: number | null }[]>(
        'select agreement_id from ledger_transaction where id = ?',
        [request.transactionId],
      );
      if (!found?.agreement_id) throw new NotFoundError('Transaction not found.');
      await lockAgreement(tx, found.agreement_id);
      const [row] = await tx.execute<TransactionRow[]>(
        `select t.id, t.type, t.agreement_id, t.created_at, t.reverses_id,
           (select d.received_amount >= d.expected_amount from scheduled_deposit d where d.id = t.deposit_id) as deposit_full,
           exists (select 1 from ledger_transaction r where r.reverses_id = t.id) as reversed
         from ledger_transaction t where t.id = ? for update`,
        [request.transactionId],
      );
      const now = this.clock.now();
      const payment =
        row.type === LedgerTransactionType.BillPayment || row.type === LedgerTransactionType.Reimbursement;
      const allowed =
        !row.reversed &&
        row.reverses_id === null &&
        ((payment && isStillPending(new Date(row.created_at), now, this.timeZone)) ||
          (row.type === LedgerTransactionType.Deposit && row.deposit_full === true));
      if (!allowed) throw new PaymentError('REVERSAL_NOT_ALLOWED', PAYMENT_MESSAGES.reversalNotAllowed);
      const result = await this.ledger.reverse(tx, row.id, {
        effectiveDate: this.clock.today(),
        createdByUserId: user.userId,
        createdAt: this.clock.now(),
        activity: { agentName: user.displayName, userId: user.userId, data: { reversedTransactionId: row.id } },
      });
      return {
        success: true,
        message: 'The bill payment has been reversed.',
        reversalTransactionId: result.transactionId,
      };
    });
  }

  /** Top-up of rainy day from a linked account (agreements in 1 and 7; 0 < amount ≤ the account's balance). */
  async topUpRainyDay(
    em: EntityManager,
    maybeUser: CurrentUser | null,
    request: RainyDayTopUpRequest,
  ): Promise<RainyDayTopUpOutcome> {
    const user = requireUser(maybeUser);
    const key = checkIdempotencyKey(request.idempotencyKey);
    const amount = parsePaymentAmount(request.topupAmount, 'topupAmount');
    const givenDescription = freeText(request.description, {
      kind: 'description',
      field: 'description',
      required: false,
    });
    await assertAgreementAccess(em, user, request.contractId);
    const input = { ...request, idempotencyKey: undefined, topupAmount: amount };
    const entity = { type: 'agreement', id: request.contractId };
    return runIdempotent(em, { userId: user.userId, key, operation: 'topUpRainyDay', input, entity }, async (tx) => {
      const agreement = await lockAgreement(tx, request.contractId);
      checkRainyDayTopUpAllowed(agreement.status, isStaff(user.roles), agreement.resigned);
      const account = await lockLinkedAccount(tx, agreement.accountId, request.accountNumber ?? '');
      if (!account) {
        throw new PaymentError('LINKED_ACCOUNT_REQUIRED', PAYMENT_MESSAGES.linkedAccountRequired, 'accountNumber');
      }
      if (request.keylessRepeatSeconds !== undefined) {
        const recent = await tx.execute<{ created_at: Date; amount: string; account_number: string | null }[]>(
          `select t.created_at, a.data->>'topupAmount' as amount, a.data->>'accountNumber' as account_number
           from ledger_transaction t join activity a on a.ledger_transaction_id = t.id
           where t.agreement_id = ? and t.type = ? and t.created_by_id = ? and t.created_at > ?::timestamptz
             and not exists (select 1 from ledger_transaction r where r.reverses_id = t.id)`,
          [
            agreement.id,
            LedgerTransactionType.RainyDayTopUp,
            user.userId,
            new Date(this.clock.now().getTime() - request.keylessRepeatSeconds * 1000).toISOString(),
          ],
        );
        checkNotRepeatedTopUp(
          recent.map((r) => ({
            at: new Date(r.created_at),
            amount: parseMoney(r.amount ?? '0'),
            accountNumber: r.account_number ?? '',
          })),
          { amount, accountNumber: account.accountNumber },
          this.clock.now(),
          request.keylessRepeatSeconds,
        );
      }
      const balance = (await linkedAccountBalances(tx, [account.id])).get(account.id) ?? ZERO;
      if (balance <= 0 || amount > balance) {
        throw new PaymentError('INSUFFICIENT_FUNDS', PAYMENT_MESSAGES.insufficientFunds, 'topupAmount');
      }
      const posting = await postRainyDayTopUp(tx, this.ledger, {
        agreementId: agreement.id,
        linkedAccountId: account.id,
        accountNumber: account.accountNumber,
        amount,
        description: givenDescription || null,
        effectiveDate: this.clock.today(),
        createdAt: this.clock.now(),
        userId: user.userId,
        agentName: isStaff(user.roles) ? user.displayName : null,
        data: { idempotencyKey: key },
      });
      return { transactionId: posting.transactionId, topupAmount: toDecimalString(amount) };
    });
  }
}
