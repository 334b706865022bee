import type { LocalDate } from '../../../shared/local-date.js';
import { AgreementStatus } from '../agreement-status.js';
import type { TermEndFacts } from './term-end.rules.js';

/** A renewal of the version that has not taken over yet. */
export const RENEWAL_UNDER_WAY = [
  AgreementStatus.ModificationPendingApproval,
  AgreementStatus.Queued,
  AgreementStatus.InProgress,
  AgreementStatus.Approved,
];

/**
 * What is stored of a version's term end, as two columns `under_way` and `applied`: a renewal of it under way (one
 * starting after its end), its choice applied. `agreementId` is an SQL expression (`?`, or a column of the
 * statement it joins, as the overview's `g.id`); it appears twice. The one select of these facts: the term-end
 * service reads it on its own, the overview on its own statement (overview.queries.ts).
 */
export function termEndStoredColumns(agreementId: string): string {
  return `exists (select 1 from agreement renewal join agreement ended on ended.id = renewal.previous_id
                  where renewal.previous_id = ${agreementId} and renewal.status in (${RENEWAL_UNDER_WAY.join(',')})
                    and renewal.start_date > ended.end_date) as under_way,
          exists (select 1 from term_end_choice c where c.agreement_id = ${agreementId} and c.applied_at is not null)
            as applied`;
}

/** The stored facts as termEndStoredColumns selects them (a row, or the same as JSON). */
export interface TermEndStored {
  under_way: boolean;
  applied: boolean;
}

/** The facts of rule "term end is due" (`termEndDue`) from the stored ones, on `today`. */
export function termEndFactsOf(
  agreement: { status: AgreementStatus; endDate: LocalDate },
  stored: TermEndStored,
  renewalNoticeDays: number,
  today: LocalDate,
): TermEndFacts {
  return {
    status: agreement.status,
    endDate: agreement.endDate,
    today,
    renewalNoticeDays,
    renewalUnderWay: stored.under_way === true,
    applied: stored.applied === true,
  };
}
