import { formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { AgreementEvent, AgreementStatus, type StatusChange } from '../agreement/index.js';
import type { EventNotice } from './events.js';

/** What a status change's notice needs beyond the change: read in its transaction. */
export interface StatusNoticeFacts {
  today: LocalDate;
  /** The agreement's end date after the change. */
  endDate: string | null;
  /** Staff activated it for the member's approval (a draft never activated was never shown to the member). */
  activated: boolean;
}

/**
 * The member's notice of a status change (issue 22 item 1), or none: a new agreement set up (approved), a change or
 * renewal taking effect (applied), cancelled (not a draft the member never saw, nor a change withdrawn with its
 * agreement), locked, unlocked, the end date moved (changed). Keyed by the change: its activity, else the version.
 */
export function statusNotice(change: StatusChange, facts: StatusNoticeFacts): EventNotice | null {
  const { agreementId } = change;
  const key = (what: string) => `${what}:${change.activityId ?? `${agreementId}:${facts.today}`}`;
  switch (change.event) {
    case AgreementEvent.ApplyNew:
      return { agreementId, event: 'agreementApproved', key: `${agreementId}` };
    case AgreementEvent.ApplyChange:
      return { agreementId, event: 'agreementApplied', key: `${agreementId}` };
    case AgreementEvent.Cancel:
      if (change.from === AgreementStatus.PendingApproval && !facts.activated) return null;
      return { agreementId, event: 'agreementCancelled', key: `${agreementId}`, facts: { date: facts.today } };
    case AgreementEvent.Lock:
      return changed(agreementId, key('locked'), 'it is locked, so no bills are paid from it for now');
    case AgreementEvent.Unlock:
      return changed(agreementId, key('unlocked'), 'it is unlocked, and your bills are paid from it again');
    case AgreementEvent.MoveEndDate:
      return facts.endDate
        ? changed(agreementId, key('end-date'), `it now ends on ${formatDisplayDate(facts.endDate as LocalDate)}`)
        : null;
    default:
      return null;
  }
}

function changed(agreementId: number, key: string, change: string): EventNotice {
  return { agreementId, event: 'agreementChanged', key, facts: { change } };
}
