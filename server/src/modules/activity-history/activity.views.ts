import { add, cents, formatCurrency, MoneyError, parseMoney, type Cents } from '../../shared/money.js';
import { instantOf, moneyOf } from '../../database/row-values.js';
import { TRANSACTION_STATUS_LABELS, TransactionStatus } from '../ledger/index.js';
import { storedConfirmationFigures } from '../payment/index.js';
import { activityFilterGroup, ActivityFilterGroup, ActivityType, activityTypeLabel } from '../activity/index.js';
import type { ActivityView } from './activity.types.js';
import { modificationChanges } from './modification-diff.js';

/** The detail variants the screens have (spec 1 §2), chosen from the type, then from what the details hold. */
export type ActivityDetailsKind =
  | 'TEXT'
  | 'HTML'
  | 'MODIFICATION_JSON'
  | 'AGREEMENT_CANCEL'
  | 'AGREEMENT_UNLOCK'
  | 'DIRECT_DEBIT_FAILURE'
  | 'NOTIFICATION'
  | 'PAY_BILL'
  | 'REIMBURSE_BILL';

const KIND_OF_TYPE: Partial<Record<number, ActivityDetailsKind>> = {
  [ActivityType.AgreementCancelled]: 'AGREEMENT_CANCEL',
  [ActivityType.AgreementUnlocked]: 'AGREEMENT_UNLOCK',
  [ActivityType.PaymentFailure]: 'DIRECT_DEBIT_FAILURE',
  [ActivityType.NotificationSent]: 'NOTIFICATION',
  [ActivityType.BillReminder]: 'NOTIFICATION',
  [ActivityType.PaidBill]: 'PAY_BILL',
  [ActivityType.ReimbursedBill]: 'REIMBURSE_BILL',
};

const HTML = /<\/?[a-z][a-z0-9]*(\s[^>]*)?>/i;

function isJsonObject(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

export function detailsKind(type: number, details: string | null): ActivityDetailsKind {
  const byType = KIND_OF_TYPE[type];
  if (byType) return byType;
  if (details && isJsonObject(details)) return 'MODIFICATION_JSON';
  if (details && HTML.test(details)) return 'HTML';
  return 'TEXT';
}

/** "+$5.00", "-$12.30", and "$0.00" for no change (spec 1 §3: $ and sign, 2 decimals). */
export function formattedBalance(amount: Cents): string {
  return amount === 0 ? formatCurrency(amount) : formatCurrency(amount, { signed: true });
}

/** A css-ish class for the status badge. */
export function transactionStatusClass(status: TransactionStatus): string {
  switch (status) {
    case TransactionStatus.Pending:
    case TransactionStatus.TryAgain:
      return 'pending';
    case TransactionStatus.Processed:
    case TransactionStatus.Successful:
      return 'success';
    case TransactionStatus.Failed:
    case TransactionStatus.Mismatch:
      return 'failed';
    default:
      return 'unknown';
  }
}

/** Detail fields (ContractId, topupAmount, contingencyAmount) as stored: numbers or decimal strings, any case. */
function dataField(data: Record<string, unknown> | null, name: string): unknown {
  if (!data) return undefined;
  const key = Object.keys(data).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : data[key];
}

function dataMoney(data: Record<string, unknown> | null, name: string): Cents | null {
  const value = dataField(data, name);
  try {
    if (typeof value === 'number') return cents(Math.round(value * 100));
    if (typeof value === 'string' && value.trim() !== '') return parseMoney(value);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
  }
  return null;
}

function dataInt(data: Record<string, unknown> | null, name: string): number | null {
  const value = Number(dataField(data, name));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** An activity row as selected by ACTIVITY_COLUMNS. */
export interface ActivityRow {
  id: number;
  type: number;
  occurred_at: Date | string;
  agreement_id: number | null;
  account_id: number | null;
  details: string | null;
  data: Record<string, unknown> | string | null;
  notes: string | null;
  agent_name: string | null;
  balance_change: string | number | null;
  transaction_status: number | null;
  ledger_transaction_id: number | null;
}

export const ACTIVITY_COLUMNS = `a.id, a.type, a.occurred_at, a.agreement_id, a.account_id, a.details, a.data, a.notes,
  a.agent_name, a.balance_change, a.transaction_status, a.ledger_transaction_id`;

function dataOf(value: ActivityRow['data']): Record<string, unknown> | null {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return value;
}

/**
 * The money figures of the detail. A payment or reimbursement stores its confirmation figures (in cents, whether paid
 * here or carried over from the demo's histories): they are read by the one reader the confirmation page uses, so the
 * two agree (a demo payment's 3800 used to read $3,800.00 here). Other activities (a rainy-day top-up) keep their
 * decimal fields.
 */
function paymentFigures(
  type: number,
  data: Record<string, unknown> | null,
): Pick<ActivityView, 'topupAmount' | 'contingencyAmount' | 'pouredIntoRainyDay'> {
  if (data && (type === ActivityType.PaidBill || type === ActivityType.ReimbursedBill)) {
    const figures = storedConfirmationFigures(data);
    return {
      topupAmount: add(figures.fromRainyDay, figures.fromSavings),
      contingencyAmount: figures.fromContingency,
      pouredIntoRainyDay: figures.pouredIntoRainyDay,
    };
  }
  return { topupAmount: dataMoney(data, 'topupAmount'), contingencyAmount: dataMoney(data, 'contingencyAmount') };
}

/** The history line; staff-only fields are left out for members (GraphQL also refuses them per field). */
export function toActivityView(row: ActivityRow, options: { staff: boolean }): ActivityView {
  const data = dataOf(row.data);
  const details = row.details === null || row.details === '' ? null : row.details;
  const kind = detailsKind(row.type, details);
  const balanceChange = row.balance_change === null ? (0 as Cents) : moneyOf(row.balance_change);
  const status = row.transaction_status === null ? null : (Number(row.transaction_status) as TransactionStatus);
  const filter = activityFilterGroup(row.type);
  return {
    activityId: Number(row.id),
    date: instantOf(row.occurred_at),
    type: row.type,
    label: activityTypeLabel(row.type),
    filter,
    details,
    detailsKind: kind,
    modificationChanges: kind === 'MODIFICATION_JSON' ? modificationChanges(details) : null,
    balanceChange,
    formattedBalance: formattedBalance(balanceChange),
    transactionId: row.ledger_transaction_id === null ? null : Number(row.ledger_transaction_id),
    transactionStatus: status,
    transactionStatusName: status === null ? null : (TRANSACTION_STATUS_LABELS[status] ?? 'Unknown'),
    transactionStatusClass: status === null ? null : transactionStatusClass(status),
    isPending: status === TransactionStatus.Pending && filter === ActivityFilterGroup.Payment,
    contractId: row.agreement_id === null ? dataInt(data, 'ContractId') : Number(row.agreement_id),
    ...paymentFigures(row.type, data),
    notes: options.staff ? row.notes : null,
    agentName: options.staff ? row.agent_name : null,
  };
}
