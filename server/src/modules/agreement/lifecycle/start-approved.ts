import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../../common/local-date.js';
import { ActivityType } from '../../activity/activity-type.js';
import { writeActivity } from '../../activity/activity-writer.js';
import { AgreementStatus } from '../agreement-status.js';
import { ALLOWED_FROM, LifecycleAction, transition } from './lifecycle.rules.js';

/**
 * The bank day's first step: approved new agreements (1) whose start date has come become active (7), activity 15.
 * The conditional update is the key: a second run (retry, other instance) finds nothing to start.
 */
export async function startApprovedAgreements(em: EntityManager, today: LocalDate, now: Date): Promise<number[]> {
  const from = ALLOWED_FROM[LifecycleAction.Start];
  const result = transition(LifecycleAction.Start, AgreementStatus.Approved);
  if ('refusal' in result) return [];
  return em.transactional(async (tx) => {
    const started = await tx.execute<{ id: number; account_id: number }[]>(
      `update agreement set status = ?, updated_at = ? where status = any(?::smallint[]) and previous_id is null
         and start_date <= ?::date returning id, account_id`,
      [result.to, now, `{${from.join(',')}}`, today],
    );
    for (const row of started) {
      await writeActivity(tx, {
        type: ActivityType.AgreementActivated,
        accountId: Number(row.account_id),
        agreementId: Number(row.id),
        details: 'Agreement started',
        data: { ContractId: Number(row.id), status: result.to },
        occurredAt: now,
      });
    }
    return started.map((row) => Number(row.id));
  });
}
