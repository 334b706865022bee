import type { EntityManager } from '@mikro-orm/postgresql';
import { activityFilterGroup, ActivityFilterGroup } from '../activity/index.js';
import type { ActivityFilterTotals } from './activity.types.js';

/** How many activities of each type code the account `account` has (by default the parameter `?`): rows of
 * `type` and `n`. */
export function activityTypeCountsSelect(account = '?'): string {
  return `select type, count(*) as n from activity where account_id = ${account} group by type`;
}

/** The counts per type code from rows of activityTypeCountsSelect (from pg, or its JSON aggregate). */
export function activityTypeCountsOf(rows: readonly { type: unknown; n: unknown }[]): Map<number, number> {
  return new Map(rows.map((row) => [Number(row.type), Number(row.n)]));
}

/** How many activities of each type code an account has (one grouped statement). */
export async function activityTypeCounts(em: EntityManager, accountId: number): Promise<Map<number, number>> {
  const rows = await em.execute<{ type: number; n: number | string }[]>(activityTypeCountsSelect(), [accountId]);
  return activityTypeCountsOf(rows);
}

/** Totals per filter from counts per type; members never see notes, so theirs is null. */
export function filterTotals(counts: ReadonlyMap<number, number>, includeNotes: boolean): ActivityFilterTotals {
  const totals: Record<ActivityFilterGroup, number> = {
    [ActivityFilterGroup.Payment]: 0,
    [ActivityFilterGroup.AgreementChange]: 0,
    [ActivityFilterGroup.Notification]: 0,
    [ActivityFilterGroup.Note]: 0,
  };
  for (const [type, n] of counts) totals[activityFilterGroup(type)] += n;
  return {
    payment: totals.Payment,
    agreementChange: totals.AgreementChange,
    notification: totals.Notification,
    note: includeNotes ? totals.Note : null,
  };
}
