import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { APPROVER_ROLES, isStaff, type Role, actsAsStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, ForbiddenError } from '../../shared/errors.js';
import { type LocalDate, todayIn } from '../../shared/local-date.js';
import { formatCurrency, parseMoney, type Cents } from '../../shared/money.js';
import {
  agreementFactsOf,
  type AgreementProjection,
  AgreementStatus,
  openDepositReviews,
  type ProjectionService,
  storedTermEndChoices,
  termEndChoiceForStaff,
  verdictWords,
} from '../agreement/index.js';
import type { AgreementApprovalService, ApprovalService } from '../approval/index.js';
import { BillStatus } from '../bill/index.js';
import { agreementOwner, holderLinksOf } from '../branch/index.js';
import { coreBankingSettings, renewalDueWindow } from '../settings/index.js';
import { EVENT_KINDS, type EventKind } from '../../shared/notification/events.rules.js';
import { NotificationChannel } from '../../shared/notification/notification-codes.js';
import {
  FINANCIAL_COUNSELLING_NOTE,
  HardshipStatus,
  hardshipTermsWords,
  type HardshipRequestKind,
  type HardshipTerms,
} from '../../shared/hardship/hardship.rules.js';
import {
  activeHardshipCases,
  doneMarks,
  failedMessages,
  failedNotices,
  lastContacts,
  problemBills,
  recentMismatches,
  recordWorkDone,
  runningAgreements,
  type HardshipRow,
  type RunningRow,
} from './worklist.queries.js';
import {
  approvalItem,
  arrearsItem,
  compareWorkItems,
  failedPaymentItem,
  GOING_SHORT_WEEKS,
  goingShortItem,
  hardshipItem,
  isWorkItemKey,
  lockedItem,
  messageItem,
  noticeFailedItem,
  reconciliationItem,
  renewalItem,
  depositReviewItem,
  shortWithin,
  type WorkItem,
  type WorkSubject,
  workCounts,
  WORKLIST_MESSAGES,
} from './worklist.rules.js';

export interface StaffWorklist {
  asOf: LocalDate;
  items: WorkItem[];
  counts: ReturnType<typeof workCounts>;
}

const ACTIONS = ['contacted', 'locked', 'resent', 'reviewed', 'approved'] as const;

/**
 * The staff worklist (issue 22 item 3): one list of what needs a person, most urgent first, each row saying why in
 * words and offering the action that fits. In arrears and going short are the projection's figures
 * (modules/agreement/projection): nothing is worked out twice. The dashboard's counts are this list's.
 */
export class WorklistService {
  constructor(
    private readonly projections: ProjectionService,
    private readonly approvals: ApprovalService,
    private readonly agreementApprovals: AgreementApprovalService,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  async list(em: EntityManager, user: CurrentUser | null): Promise<StaffWorklist> {
    const caller = requireUser(user);
    if (!isStaff(caller.roles)) throw new ForbiddenError();
    const today = this.clock.today();
    const rows = await runningAgreements(em, today, this.timeZone);
    const subjects = subjectsOf(rows);
    const running = rows.filter((row) => subjects.has(Number(row.g_id)));
    const projections = await this.projections.forAgreements(
      em,
      running.map((row) => agreementFactsOf(row)!),
    );
    const contacts = await lastContacts(
      em,
      running.map((row) => Number(row.g_account_id)),
      this.timeZone,
    );
    const hardship = await activeHardshipCases(
      em,
      running.map((row) => Number(row.g_account_id)),
      this.timeZone,
    );
    const renewal = renewalDueWindow(today, await coreBankingSettings(em));
    const termEndChoices = await storedTermEndChoices(
      em,
      running.map((row) => Number(row.g_id)),
    );
    const items: WorkItem[] = [];
    for (const row of running) {
      const subject = subjects.get(Number(row.g_id))!;
      const projection = projections.get(subject.agreementId)!;
      const contact = contacts.get(subject.accountId) ?? null;
      const hardshipCase = hardship.get(subject.accountId) ?? null;
      items.push(...agreementItems(row, subject, projection, contact, today, hardshipCase));
      const end = String(row.g_end_date) as LocalDate;
      if (renewal && end >= renewal.from && end <= renewal.to && !row.renewal_under_way) {
        const termEnd = termEndChoiceForStaff(termEndChoices.get(subject.agreementId) ?? null);
        items.push(renewalItem(subject, { endDate: end, termEnd }, contact));
      }
    }
    const ids = running.map((row) => Number(row.g_id));
    for (const bill of await problemBills(em, ids)) {
      items.push(
        failedPaymentItem(subjects.get(Number(bill.agreement_id))!, {
          billId: Number(bill.id),
          billerName: bill.name,
          amount: parseMoney(bill.amount),
          dueDate: bill.due_date as LocalDate,
          failed: Number(bill.status) === BillStatus.Failed,
          onHold: bill.on_hold,
        }),
      );
    }
    for (const mismatch of await recentMismatches(em, ids, today, this.timeZone)) {
      items.push(
        reconciliationItem(subjects.get(Number(mismatch.agreement_id))!, {
          activityId: Number(mismatch.id),
          day: mismatch.day as LocalDate,
          sentence: mismatch.details,
        }),
      );
    }
    for (const review of await openDepositReviews(em, ids)) {
      items.push(depositReviewItem(subjects.get(review.agreementId)!, review));
    }
    items.push(...(await this.approvalItems(em, caller, subjects)));
    items.push(...(await this.messageItems(em, subjects)));
    const done = await doneMarks(
      em,
      items.map((item) => item.key),
    );
    const marked = items.map((item) => ({ ...item, done: done.get(item.key) ?? item.done }));
    marked.sort(compareWorkItems);
    return { asOf: today, items: marked, counts: workCounts(marked) };
  }

  /** A person acted on a row (or saw to it): it is done until its situation changes (a new key). */
  async markDone(em: EntityManager, user: CurrentUser | null, key: string, action: string): Promise<void> {
    const caller = requireUser(user);
    if (!actsAsStaff(caller.roles)) throw new ForbiddenError();
    const itemKey = String(key ?? '').trim();
    if (!isWorkItemKey(itemKey)) {
      throw new DomainError('INVALID_KEY', WORKLIST_MESSAGES.invalidKey, 'key');
    }
    if (!(ACTIONS as readonly string[]).includes(action)) {
      throw new DomainError('INVALID_ACTION', WORKLIST_MESSAGES.invalidAction, 'action');
    }
    await recordWorkDone(em, { key: itemKey, action, userId: caller.userId }, this.clock);
  }

  /** Requests waiting for a manager: for approvers, by the approval services (never their own). */
  private async approvalItems(
    em: EntityManager,
    caller: CurrentUser,
    subjects: ReadonlyMap<number, WorkSubject>,
  ): Promise<WorkItem[]> {
    if (!caller.roles.some((role) => (APPROVER_ROLES as readonly Role[]).includes(role))) return [];
    const items: WorkItem[] = [];
    for (const request of await this.approvals.queue(em, caller)) {
      items.push(
        approvalItem(subjects.get(request.contractId) ?? null, {
          approvalId: request.approvalId,
          requestedOn: todayIn(this.timeZone, new Date(request.requestedAt)),
          what: `pay the ${request.billerName} bill of ${formatCurrency(request.amount)} while agreement ${request.contractId} is in arrears`,
          requestedBy: request.requestedBy,
        }),
      );
    }
    const agreementRequests = await this.agreementApprovals.queue(em, caller);
    const requestedOn = await requestDays(
      em,
      agreementRequests.map((request) => request.approvalId),
      this.timeZone,
    );
    for (const request of agreementRequests) {
      const amount = request.amount === null ? '' : ` (${formatCurrency(request.amount)})`;
      const what =
        request.approvalType === 1
          ? `an overdraw beyond the approved amount for agreement ${request.contractId}${amount}`
          : `agreement ${request.contractId} over the upper contract limit${amount}`;
      items.push(
        approvalItem(subjects.get(request.contractId) ?? null, {
          approvalId: request.approvalId,
          requestedOn: requestedOn.get(request.approvalId) ?? this.clock.today(),
          what,
          requestedBy: request.requestedBy,
        }),
      );
    }
    return items;
  }

  /** Messages that failed for good, and notices that could not be composed. */
  private async messageItems(em: EntityManager, subjects: ReadonlyMap<number, WorkSubject>): Promise<WorkItem[]> {
    const items: WorkItem[] = [];
    for (const message of await failedMessages(em, this.timeZone)) {
      const sms = Number(message.channel) === NotificationChannel.Sms;
      items.push(
        messageItem(message.agreement_id === null ? null : (subjects.get(Number(message.agreement_id)) ?? null), {
          notificationId: Number(message.id),
          queuedOn: message.day as LocalDate,
          what: message.subject ? `“${message.subject}”` : messageName(message.name),
          channel: sms ? 'text message' : 'e-mail',
          to: message.recipient,
          attempts: Number(message.attempts),
          error: message.last_error,
        }),
      );
    }
    for (const notice of await failedNotices(em, this.timeZone)) {
      const subject = subjects.get(Number(notice.agreement_id));
      if (!subject) continue;
      items.push(
        noticeFailedItem(subject, {
          noticeId: Number(notice.id),
          createdOn: notice.day as LocalDate,
          what: messageName(EVENT_KINDS[notice.kind as EventKind]?.template ?? notice.kind),
          error: notice.error,
        }),
      );
    }
    return items;
  }
}

/** The rows an agreement itself gives: arrears, locked, or going short (the projection's), never two of them twice. */
function agreementItems(
  row: RunningRow,
  subject: WorkSubject,
  projection: AgreementProjection,
  contact: { at: LocalDate; what: string } | null,
  today: LocalDate,
  hardship: HardshipRow | null,
): WorkItem[] {
  const items: WorkItem[] = [];
  const locked = Number(row.g_status) === AgreementStatus.Locked;
  const owing = projection.arrears && projection.arrears.amount > 0 ? projection.arrears : null;
  if (hardship) {
    // A member who asked for help: their case takes the place of the arrears and going-short rows (not chased).
    items.push(hardshipItem(subject, hardshipFacts(hardship, owing), contact));
    if (locked) {
      items.push(
        lockedItem(subject, { since: (row.locked_on ?? today) as LocalDate, reason: row.lock_reason }, contact),
      );
    }
    return items;
  }
  if (owing) {
    const arrears = arrearsItem(subject, owing, contact, locked);
    // Locking the agreement is acting on its arrears: the row is done by whoever locked it.
    if (locked && row.locked_at) {
      arrears.done = { at: new Date(row.locked_at), by: row.locked_by ?? '', action: 'locked' };
    }
    items.push(arrears);
  }
  if (locked) {
    items.push(lockedItem(subject, { since: (row.locked_on ?? today) as LocalDate, reason: row.lock_reason }, contact));
  }
  const forecast = projection.forecast;
  // Going short is the money problem of an agreement not already in arrears or locked (those rows say it).
  if (items.length === 0 && forecast && shortWithin(forecast.firstShortDate, today, GOING_SHORT_WEEKS)) {
    const words = verdictWords(forecast, false);
    items.push(
      goingShortItem(
        subject,
        { firstShortDate: forecast.firstShortDate!, headline: words.headline, details: words.details },
        contact,
      ),
    );
  }
  return items;
}

/** A case's row facts: its words, what was asked and arranged, and what is owing. */
function hardshipFacts(row: HardshipRow, owing: { amount: Cents; since: LocalDate } | null) {
  const terms = (kind: string, from: string | null, until: string | null, amount: string | null): HardshipTerms => ({
    kind: kind as HardshipRequestKind,
    from: from as LocalDate | null,
    until: until as LocalDate | null,
    amount: amount === null ? null : parseMoney(String(amount)),
  });
  const arranged = Number(row.status) === HardshipStatus.Arranged && row.arrangement_kind !== null;
  return {
    caseId: Number(row.id),
    arranged,
    openedOn: row.opened_on as LocalDate,
    situation: row.situation,
    requestWords: hardshipTermsWords(terms(row.request_kind, row.request_from, row.request_until, row.request_amount)),
    arrangementWords: arranged
      ? hardshipTermsWords(
          terms(row.arrangement_kind!, row.arrangement_from, row.arrangement_until, row.arrangement_amount),
        ) + (row.arrangement_note ? ` (${row.arrangement_note.replace(/[.\s]+$/, '')})` : '')
      : null,
    arrears: owing && { amount: owing.amount, since: owing.since },
    counsellingNote: FINANCIAL_COUNSELLING_NOTE,
  };
}

/** Whose each running agreement is (the reports' one rule); one with no active holder is nobody's to contact. */
function subjectsOf(rows: readonly RunningRow[]): Map<number, WorkSubject> {
  const subjects = new Map<number, WorkSubject>();
  for (const row of rows) {
    const links = holderLinksOf(row.holder_links);
    const owner = agreementOwner(links, row.preference_branch_id === null ? null : Number(row.preference_branch_id));
    const member = links.find((link) => link.memberId === owner.memberId && link.isActive);
    if (!member) continue;
    subjects.set(Number(row.g_id), {
      agreementId: Number(row.g_id),
      accountId: Number(row.g_account_id),
      memberId: member.memberId,
      memberNumber: member.memberNumber,
      memberName: member.name,
    });
  }
  return subjects;
}

/** `MissedDepositNotification` → "Missed deposit notification". */
function messageName(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

async function requestDays(
  em: EntityManager,
  approvalIds: readonly number[],
  timeZone: string,
): Promise<Map<number, LocalDate>> {
  if (approvalIds.length === 0) return new Map();
  const rows = await em.execute<{ id: number; day: string }[]>(
    `select id, (created_at at time zone ?)::date::text as day from approval where id in (${approvalIds.map(() => '?').join(',')})`,
    [timeZone, ...approvalIds],
  );
  return new Map(rows.map((row) => [Number(row.id), row.day as LocalDate]));
}
