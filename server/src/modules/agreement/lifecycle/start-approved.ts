import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../../shared/local-date.js';
import { AgreementStatus } from '../agreement-status.js';
import { changeStatus } from '../state/status-writer.js';
import { AgreementEvent, statusesAllowing } from '../state/transitions.rules.js';

/**
 * The bank day's first step: approved new agreements (1) whose start date has come become active (7), activity 15.
 * The status writer's conditional update is the key: a second run (retry, other instance) finds nothing to start.
 */
export async function startApprovedAgreements(em: EntityManager, today: LocalDate, now: Date): Promise<number[]> {
  return em.transactional(async (tx) => {
    const due = await tx.execute<{ id: number }[]>(
      `select id from agreement where status = any(?::smallint[]) and previous_id is null and start_date <= ?::date
       order by id`,
      [`{${statusesAllowing(AgreementEvent.Start).join(',')}}`, today],
    );
    const started = await changeStatus(tx, {
      event: AgreementEvent.Start,
      by: 'job',
      agreementIds: due.map((row) => Number(row.id)),
      now,
      whenNotAllowed: 'skip',
      activity: () => ({ details: 'Agreement started', data: { status: AgreementStatus.Active } }),
    });
    return started.map((change) => change.agreementId);
  });
}
