import type { EntityManager } from '@mikro-orm/postgresql';
import { toDecimalString, type Cents } from '../../shared/money.js';
import type { BillerView, SubCategoryView } from './biller.types.js';
import { versionEdited, type WizardVersion } from '../agreement/index.js';

/**
 * What a modification changed, written into its `agreement_change.changes` (the JSON the modification activity's
 * readable diff shows, activity/modification-diff.ts): `billers.<nickname>.<field>: { before, after }` for an
 * edit, and the nicknames in `billersAdded`, `billersRemoved`, `billersReinstated` (sub-categories likewise).
 * Written under the version's row lock; a setup version records nothing (all of it is new). Every change, of either
 * mode, is announced to the account's open screens (`versionEdited`).
 */

const RECORDED_FIELDS = [
  'nickname',
  'paymentType',
  'bPayNumber',
  'customerReferenceNumber',
  'bsbNumber',
  'eftAccountNumber',
  'eftAccountName',
  'eftReferenceNumber',
  'directDebitAccountNumber',
  'expectedBillValue',
  'billingFrequency',
  'dateOfBill',
  'biMonthly2ndDate',
  'isExactDateOfBillKnown',
  'doesAmountVaryFromBillToBill',
  'isAutoPaymentBill',
  'isNotificationEnabled',
  'isFinalBillExpected',
  'expectedFinalBillDate',
  'isSeasonBill',
  'peakMonths',
  'peakValueOfBill',
  'offPeakValueOfBill',
  'overdueOption',
] as const;

const MONEY_FIELDS = new Set(['expectedBillValue', 'peakValueOfBill', 'offPeakValueOfBill']);

type Item = BillerView | SubCategoryView;
type Json = string | number | boolean | null;

function shown(field: string, value: unknown): Json {
  if (value === undefined || value === null) return null;
  if (MONEY_FIELDS.has(field)) return toDecimalString(value as Cents);
  return value as Json;
}

/** The fields that differ, as `{ before, after }` pairs (the masked reference, never the stored one). */
export function itemDifferences(before: Item, after: Item): Record<string, { before: Json; after: Json }> {
  const changes: Record<string, { before: Json; after: Json }> = {};
  for (const field of RECORDED_FIELDS) {
    const was = shown(field, (before as unknown as Record<string, unknown>)[field]);
    const now = shown(field, (after as unknown as Record<string, unknown>)[field]);
    if (was !== now) changes[field] = { before: was, after: now };
  }
  return changes;
}

export type ItemEvent =
  { kind: 'added' | 'removed' | 'reinstated'; item: Item } | { kind: 'edited'; before: Item; after: Item };

export async function recordModification(tx: EntityManager, version: WizardVersion, event: ItemEvent): Promise<void> {
  // Every item change of the wizard passes here: its account's open screens follow (a setup version is its overview).
  versionEdited(tx, version);
  if (version.mode !== 'modify') return;
  const [row] = await tx.execute<{ id: number; changes: Record<string, unknown> | null }[]>(
    'select id, changes from agreement_change where agreement_id = ? and applied_at is null order by id desc limit 1',
    [version.id],
  );
  if (!row) return;
  const changes: Record<string, unknown> = { ...(row.changes ?? {}) };
  const isBiller = 'billerId' in (event.kind === 'edited' ? event.after : event.item);
  const group = isBiller ? 'billers' : 'subCategories';
  if (event.kind === 'edited') {
    const differences = itemDifferences(event.before, event.after);
    if (Object.keys(differences).length === 0) return;
    const edits = { ...((changes[group] as Record<string, unknown> | undefined) ?? {}) };
    const name = event.before.nickname;
    edits[name] = { ...((edits[name] as Record<string, unknown> | undefined) ?? {}), ...differences };
    changes[group] = edits;
  } else {
    const key = `${group}${event.kind.charAt(0).toUpperCase()}${event.kind.slice(1)}`;
    const names = new Set((changes[key] as string[] | undefined) ?? []);
    names.add(event.item.nickname);
    changes[key] = [...names];
  }
  await tx.execute(
    'update agreement_change set changes = ?::jsonb where id = ?',
    [JSON.stringify(changes), row.id],
    'run',
  );
}
