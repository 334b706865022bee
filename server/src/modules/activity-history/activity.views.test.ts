import { describe, expect, it } from 'vitest';
import { cents } from '../../shared/money.js';
import { TransactionStatus } from '../ledger/transaction-status.js';
import { ActivityType } from '../activity/index.js';
import {
  detailsKind,
  formattedBalance,
  toActivityView,
  transactionStatusClass,
  type ActivityRow,
} from './activity.views.js';

const row = (change: Partial<ActivityRow> = {}): ActivityRow => ({
  id: 7,
  type: ActivityType.PaidBill,
  occurred_at: new Date('2026-03-02T01:30:00Z'),
  agreement_id: 3,
  account_id: 1,
  details: 'Paid $100.00 to Power',
  data: null,
  notes: 'called the member',
  agent_name: 'Alex Agent',
  balance_change: '-100.00',
  transaction_status: TransactionStatus.Pending,
  ledger_transaction_id: 12,
  ...change,
});

describe('detailsKind (spec 1 §2 detail variants)', () => {
  it.each([
    [ActivityType.AgreementCancelled, 'Cancelled', 'AGREEMENT_CANCEL'],
    [ActivityType.AgreementUnlocked, 'Unlocked', 'AGREEMENT_UNLOCK'],
    [ActivityType.PaymentFailure, 'Dishonoured', 'DIRECT_DEBIT_FAILURE'],
    [ActivityType.NotificationSent, 'Sent', 'NOTIFICATION'],
    [ActivityType.BillReminder, 'Reminder', 'NOTIFICATION'],
    [ActivityType.PaidBill, 'Paid', 'PAY_BILL'],
    [ActivityType.ReimbursedBill, 'Reimbursed', 'REIMBURSE_BILL'],
    [ActivityType.AgreementModification, '{"billersAdded":["Water"]}', 'MODIFICATION_JSON'],
    [ActivityType.EditedBiller, '<b>Water</b> edited', 'HTML'],
    [ActivityType.AddedBiller, 'Added Water', 'TEXT'],
    [ActivityType.AgreementModification, '[1, 2]', 'TEXT'],
    [ActivityType.AddedBiller, null, 'TEXT'],
  ])('type %i with %j is %s', (type, details, kind) => {
    expect(detailsKind(type, details)).toBe(kind);
  });
});

describe('formattedBalance (spec 1 §3: $ and sign, 2 decimals)', () => {
  it.each([
    [500, '+$5.00'],
    [-1230, '-$12.30'],
    [0, '$0.00'],
    [123456789, '+$1,234,567.89'],
  ])('%i cents is %s', (amount, text) => {
    expect(formattedBalance(cents(amount))).toBe(text);
  });
});

describe('transactionStatusClass', () => {
  it.each([
    [TransactionStatus.Pending, 'pending'],
    [TransactionStatus.TryAgain, 'pending'],
    [TransactionStatus.Processed, 'success'],
    [TransactionStatus.Successful, 'success'],
    [TransactionStatus.Failed, 'failed'],
    [TransactionStatus.Mismatch, 'failed'],
    [TransactionStatus.Unknown, 'unknown'],
  ])('status %i is %s', (status, css) => {
    expect(transactionStatusClass(status)).toBe(css);
  });
});

describe('toActivityView', () => {
  it('shows a pending payment with its label, filter, status and signed balance', () => {
    expect(toActivityView(row(), { staff: true })).toMatchObject({
      activityId: 7,
      date: '2026-03-02T01:30:00.000Z',
      label: 'Paid a bill',
      filter: 'Payment',
      detailsKind: 'PAY_BILL',
      balanceChange: -10000,
      formattedBalance: '-$100.00',
      transactionId: 12,
      transactionStatusName: 'Pending',
      transactionStatusClass: 'pending',
      isPending: true,
      contractId: 3,
      notes: 'called the member',
      agentName: 'Alex Agent',
    });
  });

  it('leaves the staff-only notes and agent name out for members', () => {
    expect(toActivityView(row(), { staff: false })).toMatchObject({ notes: null, agentName: null });
  });

  it('reads ContractId, topupAmount and contingencyAmount of a non-payment from the detail data in any case and form', () => {
    const view = toActivityView(
      row({
        type: ActivityType.ExtraMemberDeposit,
        agreement_id: null,
        data: { contractid: 9, TopupAmount: 12.5, contingencyAmount: '3.10' },
      }),
      { staff: false },
    );
    expect(view).toMatchObject({ contractId: 9, topupAmount: 1250, contingencyAmount: 310 });
  });

  it.each([
    [
      'paid here',
      { fromContingency: 800, fromRainyDay: 500, fromSavings: 1000, pouredIntoRainyDay: 0 },
      { contingencyAmount: 800, topupAmount: 1500, pouredIntoRainyDay: 0 },
    ],
    [
      'in the demo histories’ shape (cents)',
      { billAmount: 20128, contingencyAmount: 3800, topupAmount: 300, pouredIntoRainyDay: 222 },
      { contingencyAmount: 3800, topupAmount: 300, pouredIntoRainyDay: 222 },
    ],
  ])('reads a payment’s figures as its confirmation page does: %s', (_case, data, expected) => {
    expect(toActivityView(row({ data }), { staff: false })).toMatchObject(expected);
  });

  it('is not pending once processed, nor for a non-payment; a missing balance is 0', () => {
    expect(toActivityView(row({ transaction_status: TransactionStatus.Successful }), { staff: true }).isPending).toBe(
      false,
    );
    const note = toActivityView(row({ type: ActivityType.NoteAdded, balance_change: null }), { staff: true });
    expect(note).toMatchObject({ isPending: false, balanceChange: 0, formattedBalance: '$0.00', filter: 'Note' });
  });

  it('labels unknown codes Other and 23, 28, 34 with an empty label', () => {
    expect(toActivityView(row({ type: 99 }), { staff: true })).toMatchObject({
      label: 'Other',
      filter: 'AgreementChange',
    });
    expect(toActivityView(row({ type: 28 }), { staff: true }).label).toBe('');
  });
});
