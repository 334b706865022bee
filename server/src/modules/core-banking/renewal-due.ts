import type { EntityManager } from '@mikro-orm/postgresql';
import { formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { ActivityType, writeActivity } from '../activity/index.js';
import { AgreementStatus, RUNNING_STATUSES } from '../agreement/index.js';
import type { EventNotifier } from '../notification/index.js';
import { coreBankingSettings, renewalDueWindow } from '../settings/index.js';

/** Statuses of an agreement on its way that replaces the running one (a renewal or modification under way). */
const UNDER_WAY = [
  AgreementStatus.PendingApproval,
  AgreementStatus.Approved,
  AgreementStatus.Queued,
  AgreementStatus.InProgress,
  AgreementStatus.ModificationPendingApproval,
];

/**
 * Agreements due for renewal (`renewalDueWindow`): running agreements (7, 4, 8) ending within the setting's days, with
 * no agreement of the same account under way, are told once per end date: an Agreement renewal activity (7) saying
 * so and the "agreement due for renewal" event to their members (`notifyEvent`), in one transaction with the key
 * (`bank_day_step` 'renewal-due' on the end date), so a re-run or a second instance tells no one twice and a moved
 * end date is told again.
 */
export async function renewalDue(
  em: EntityManager,
  today: LocalDate,
  now: Date,
  notifier: EventNotifier,
): Promise<number[]> {
  const window = renewalDueWindow(today, await coreBankingSettings(em));
  if (!window) return [];
  return em.fork().transactional(async (tx) => {
    const due = await tx.execute<{ id: number; account_id: number; end_date: string; member_id: number | null }[]>(
      `with claimed as (
         insert into bank_day_step (step, business_date, agreement_id)
         select 'renewal-due', g.end_date, g.id from agreement g
         where g.status in (${RUNNING_STATUSES.join(',')}) and g.end_date between ? and ?
           and not exists (select 1 from agreement n where n.account_id = g.account_id and n.id <> g.id
                           and n.status in (${UNDER_WAY.join(',')}))
         on conflict do nothing returning agreement_id)
       select g.id, g.account_id, g.end_date::text,
         (select l.member_id from member_account_link l where l.account_id = g.account_id and l.is_active
          order by l.is_primary desc, l.id limit 1) as member_id
       from claimed c join agreement g on g.id = c.agreement_id order by g.id`,
      [window.from, window.to],
    );
    for (const agreement of due) {
      const ends = formatDisplayDate(agreement.end_date as LocalDate);
      await writeActivity(tx, {
        type: ActivityType.AgreementRenewal,
        accountId: agreement.account_id,
        memberId: agreement.member_id,
        agreementId: agreement.id,
        details: `Agreement due for renewal: it ends on ${ends}`,
        occurredAt: now,
        data: { renewalDue: true, endDate: agreement.end_date },
      });
      await notifier.notifyEvent(tx, {
        agreementId: agreement.id,
        event: 'renewalDue',
        key: `${agreement.id}:${agreement.end_date}`,
        facts: { date: agreement.end_date },
      });
    }
    return due.map((agreement) => agreement.id);
  });
}
