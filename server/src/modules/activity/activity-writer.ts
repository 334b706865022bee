import type { EntityManager } from '@mikro-orm/postgresql';
import { toDecimalString, type Cents } from '../../shared/money.js';
import { allocateIds, idSequence, insertRows, type BulkRow } from '../../database/bulk.js';
import type { TransactionStatus } from '../../shared/transaction-status.js';
import { announceActivities } from './activity-announcer.js';
import type { ActivityType } from './activity-type.js';

/**
 * The one place the application writes activity rows: set-based, and each row is announced to `activityAdded`
 * after its transaction commits. (The seeds write history in bulk without announcing.)
 */
export const ACTIVITY_INSERT_COLUMNS = [
  { name: 'id', type: 'int' },
  { name: 'type', type: 'smallint' },
  { name: 'occurred_at', type: 'timestamptz' },
  { name: 'member_id', type: 'int' },
  { name: 'account_id', type: 'int' },
  { name: 'agreement_id', type: 'int' },
  { name: 'details', type: 'text' },
  { name: 'data', type: 'jsonb' },
  { name: 'notes', type: 'text' },
  { name: 'agent_name', type: 'text' },
  { name: 'user_id', type: 'int' },
  { name: 'balance_change', type: 'numeric' },
  { name: 'transaction_status', type: 'smallint' },
  { name: 'ledger_transaction_id', type: 'int' },
  { name: 'bill_id', type: 'int' },
  { name: 'biller_id', type: 'int' },
] as const;

/** A row of ACTIVITY_INSERT_COLUMNS whose id is already allocated (from the `activity_id_seq` sequence). */
export type ActivityInsertRow = BulkRow & { id: number; account_id: number | null };

/** Writes activity rows whose ids are allocated, and announces them after the commit. */
export async function writeActivityRows(em: EntityManager, rows: readonly ActivityInsertRow[]): Promise<void> {
  await insertRows(em, 'activity', ACTIVITY_INSERT_COLUMNS, rows);
  announceActivities(
    em,
    rows.flatMap((row) => (row.account_id === null ? [] : [{ accountId: row.account_id, activityId: row.id }])),
  );
}

/** Ids for activities about to be written. */
export function allocateActivityIds(em: EntityManager, count: number): Promise<number[]> {
  return allocateIds(em, idSequence('activity'), count);
}

export interface NewActivity {
  type: ActivityType;
  accountId: number | null;
  memberId?: number | null;
  agreementId?: number | null;
  details?: string;
  data?: Record<string, unknown> | null;
  notes?: string | null;
  agentName?: string | null;
  userId?: number | null;
  balanceChange?: Cents;
  transactionStatus?: TransactionStatus | null;
  billId?: number | null;
  billerId?: number | null;
  /** When it happened: the clock's now (activities sort by it, next to seeded ones written on the same clock). Required:
   * a default of the machine's time would sort apart from everything written on a fixed or moved clock. */
  occurredAt: Date;
}

/** Writes one activity and answers its id. */
export async function writeActivity(em: EntityManager, activity: NewActivity): Promise<number> {
  const [id] = await allocateActivityIds(em, 1);
  await writeActivityRows(em, [
    {
      id,
      type: activity.type,
      occurred_at: activity.occurredAt.toISOString(),
      member_id: activity.memberId ?? null,
      account_id: activity.accountId,
      agreement_id: activity.agreementId ?? null,
      details: activity.details ?? '',
      data: activity.data ?? null,
      notes: activity.notes ?? null,
      agent_name: activity.agentName ?? null,
      user_id: activity.userId ?? null,
      balance_change: toDecimalString(activity.balanceChange ?? (0 as Cents)),
      transaction_status: activity.transactionStatus ?? null,
      ledger_transaction_id: null,
      bill_id: activity.billId ?? null,
      biller_id: activity.billerId ?? null,
    },
  ]);
  return id;
}
