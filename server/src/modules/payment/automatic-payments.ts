import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import type { Cents } from '../../shared/money.js';
import { agreementBalances, linkedAccountBalances, type LedgerService } from '../ledger/index.js';
import type { EventNotifier } from '../notification/index.js';
import type { SettingsService } from '../settings/index.js';
import { checkIdempotencyKey, recordIdempotent, storedAnswers, type IdempotentRequest } from '../idempotency/index.js';
import {
  accountsLinkedAccountIds,
  lockAgreements,
  lockApprovals,
  lockBills,
  type AgreementRow,
} from './payment-load.js';
import { loadPaymentDetailsOf } from './payment-details.js';
import {
  assessPayment,
  checkPayDetails,
  checkPayer,
  preparePayment,
  type PreparedPayment,
} from './payment-decision.js';
import { writePayments, type PaymentOutcome } from './payment-write.js';
import { applyTopUp, automaticTopUpOption, topUpOptions } from './payment-split.rules.js';
import { parsePaymentAmount } from './payment.rules.js';

/** A bill the bank day pays automatically: for its expected amount, as the bill. */
export interface AutomaticPaymentBill {
  billId: number;
  agreementId: number;
  expectedAmount: string;
}

export interface AutomaticPaymentsResult {
  paid: { billId: number; agreementId: number; transactionId: number }[];
  /** Refused by the payment rules (reported, tried again the next day). */
  notPaid: { billId: number; agreementId: number; code: string; message: string }[];
}

/** The idempotency key of a bill's automatic payment: one payment per bill, whatever the number of runs. */
export function automaticPaymentKey(billId: number): string {
  return `core-banking-autopay-${billId}`;
}

export interface AutomaticPaymentDeps {
  ledger: LedgerService;
  settings: SettingsService;
  clock: Clock;
  notifier: EventNotifier | null;
}

const REQUEST = { billOrAllocation: 'bill' as const, overdueOption: null };

/** A bill of the batch whose key is free, as it goes: decided and written, or refused (nothing written for it). */
interface Claimed {
  bill: AutomaticPaymentBill;
  request: IdempotentRequest;
  payment?: PreparedPayment;
  outcome?: PaymentOutcome;
}

/**
 * Pays a batch of bills automatically in the caller's transaction, as `payBill` pays each (payment.service.ts): the
 * same checks, assessment and rows (`payment-decision.ts`, `writePayments`), the same idempotency record and audit
 * row per bill (its key `automaticPaymentKey`, its request as `payBill`'s: with the top-up option only when one was
 * needed), the top-up by `automaticTopUpOption`. Set-based: the agreements locked at once (id order, so that two
 * batches queue rather than deadlock), then the keys read (a key another run completed answers its stored payment:
 * that run held the same locks until its commit), then in turns (each agreement's first bill, then its second, …, as
 * an agreement's bills share its balances) the bills, approvals, details, balances and linked accounts read for the
 * turn and its payments written together; each paid bill's key record, with its answer, and audit row last, one
 * write each (`recordIdempotent`; payBill claims its key first, then stores the answer). A refusal (a DomainError of
 * the rules) writes nothing for its bill and is reported; anything else throws, so the batch's transaction rolls back
 * whole.
 */
export async function payAutomatically(
  deps: AutomaticPaymentDeps,
  tx: EntityManager,
  user: CurrentUser,
  bills: readonly AutomaticPaymentBill[],
): Promise<AutomaticPaymentsResult> {
  const result: AutomaticPaymentsResult = { paid: [], notPaid: [] };
  const refuse = (bill: AutomaticPaymentBill, error: unknown): void => {
    if (!(error instanceof DomainError)) throw error;
    result.notPaid.push({
      billId: bill.billId,
      agreementId: bill.agreementId,
      code: error.code,
      message: error.message,
    });
  };
  // payBill's first steps: the key (always valid here) and the amount; then its first try's request claims the key.
  const asked: { bill: AutomaticPaymentBill; request: IdempotentRequest }[] = [];
  for (const bill of bills) {
    try {
      const key = checkIdempotencyKey(automaticPaymentKey(bill.billId));
      const input = {
        billId: bill.billId,
        billOrAllocation: REQUEST.billOrAllocation,
        billAmount: parsePaymentAmount(bill.expectedAmount),
      };
      asked.push({
        bill,
        request: { userId: user.userId, key, operation: 'pay', input, entity: { type: 'bill', id: bill.billId } },
      });
    } catch (error) {
      refuse(bill, error);
    }
  }
  if (asked.length === 0) return result;
  // The agreements locked first (id order), then the keys read: a run that paid any of these bills held the same
  // locks until it committed, so its answers are seen here (as payBill's claimed key makes a second request wait).
  const agreements = await lockAgreements(tx, [...new Set(asked.map((a) => a.bill.agreementId))]);
  const answers = await storedAnswers(
    tx,
    asked.map((a) => a.request),
  );
  const claimed: Claimed[] = [];
  for (const [i, answer] of answers.entries()) {
    const { bill, request } = asked[i];
    if (answer instanceof DomainError) refuse(bill, answer);
    else if (answer.free) claimed.push({ bill, request });
    else {
      // Paid under its key by another run: its stored answer, as payBill answers it.
      const stored = answer.stored as PaymentOutcome;
      result.paid.push({ billId: bill.billId, agreementId: bill.agreementId, transactionId: stored.transactionId });
    }
  }
  const overdrawSetting = (await deps.settings.serverSettings(tx)).contractApprovedOverDrawOfAmount;
  const queues = new Map<number, Claimed[]>();
  for (const c of claimed) queues.set(c.bill.agreementId, [...(queues.get(c.bill.agreementId) ?? []), c]);
  for (let turn = 0; ; turn++) {
    const due = [...queues.values()].flatMap((queue) => (turn < queue.length ? [queue[turn]] : []));
    if (due.length === 0) break;
    await payTurn(deps, tx, user, agreements, overdrawSetting, due, refuse);
  }
  // Each paid bill's key written once, with its answer and audit row (a refused bill's key stays free).
  const done = claimed.filter((c) => c.outcome);
  await recordIdempotent(
    tx,
    done.map((c) => ({ request: c.request, response: c.outcome })),
  );
  for (const { bill, outcome } of done) {
    result.paid.push({ billId: bill.billId, agreementId: bill.agreementId, transactionId: outcome!.transactionId });
  }
  result.paid.sort((a, b) => a.billId - b.billId);
  result.notPaid.sort((a, b) => a.billId - b.billId);
  return result;
}

async function payTurn(
  deps: AutomaticPaymentDeps,
  tx: EntityManager,
  user: CurrentUser,
  agreements: Map<number, AgreementRow>,
  overdrawSetting: Cents,
  due: readonly Claimed[],
  refuse: (bill: AutomaticPaymentBill, error: unknown) => void,
): Promise<void> {
  const today = deps.clock.today();
  const staff = isStaff(user.roles);
  const billIds = due.map((c) => c.bill.billId);
  const rows = new Map((await lockBills(tx, billIds)).map((row) => [row.id, row]));
  const approvals = staff ? await lockApprovals(tx, billIds) : new Map<number, number>();
  const billerIds = [...rows.values()].flatMap((row) => (row.billerId === null ? [] : [row.billerId]));
  const details = await loadPaymentDetailsOf(tx, [...new Set(billerIds)]);
  const agreementIds = due.map((c) => c.bill.agreementId);
  const balances = await agreementBalances(tx, agreementIds);
  const linkedIds = await accountsLinkedAccountIds(tx, [
    ...new Set(agreementIds.map((id) => agreements.get(id)!.accountId)),
  ]);
  const linkedBalances = await linkedAccountBalances(tx, [...new Set([...linkedIds.values()].flat())]);
  const decided: Claimed[] = [];
  for (const c of due) {
    try {
      const input = c.request.input as { billAmount: Cents };
      const amount = input.billAmount;
      const agreement = agreements.get(c.bill.agreementId)!;
      const row = rows.get(c.bill.billId)!;
      const approvalId = approvals.get(row.id) ?? null;
      checkPayer(staff, agreement, row, approvalId !== null);
      if (row.billerId !== null) checkPayDetails(details.get(row.billerId)!, REQUEST, amount);
      const linked = linkedIds.get(agreement.accountId) ?? [];
      // Paid as the bill alone (no overdue option): the plan is the bill's own set-aside.
      const assessment = assessPayment(agreement, row, [row], today, REQUEST, amount, 'pay', {
        balances: balances.get(agreement.id)!,
        overdrawSetting,
        linkedBalances: new Map(linked.map((id) => [id, linkedBalances.get(id)!])),
      });
      const option = assessment.facts.topUpRequired > 0 ? automaticTopUpOption(topUpOptions(assessment.facts)) : null;
      const topUp = applyTopUp(assessment.facts, { option, linkedAccountBalance: null });
      c.payment = preparePayment({
        user,
        staff,
        mode: 'pay',
        agreement,
        bill: row,
        billOrAllocation: REQUEST.billOrAllocation,
        key: c.request.key,
        amount,
        assessment,
        topUp,
        reimburseTo: null,
        topUpAccountId: null,
        approvalId,
        today,
        now: deps.clock.now(),
      });
      // payBill's second try, once the first needed a top-up: its request names the option.
      if (option) c.request = { ...c.request, input: { ...input, topupOption: option } };
      decided.push(c);
    } catch (error) {
      refuse(c.bill, error);
    }
  }
  const outcomes = await writePayments(
    tx,
    deps.ledger,
    deps.notifier,
    today,
    decided.map((c) => c.payment!),
  );
  for (const [i, c] of decided.entries()) c.outcome = outcomes[i];
}
