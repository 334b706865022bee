import { addDays, formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { formatCurrency } from '../../shared/money.js';
import { ActivityType } from '../../modules/activity/index.js';
import { BillStatus } from '../../modules/bill/index.js';
import { ModificationState } from '../../shared/biller/biller-codes.js';
import { TransactionStatus } from '../../modules/ledger/index.js';
import { NoteEntityType } from '../../shared/note/note-entity-type.js';
import { NotificationSourceType, NotificationStatus } from '../../shared/notification/notification-codes.js';
import { at } from './payments.js';
import type { HistoryInput, PlannedHistory } from './plan.js';
import type { StoryOptions } from './story.js';
import type { ActivityFields, NotificationSeed } from './types.js';

/** A sent notification from a template's words. */
export function notification(
  templateName: string,
  queuedAt: Date,
  subject: string,
  body: string,
  sms: string,
  sourceType = NotificationSourceType.EventNotification,
): NotificationSeed {
  return {
    sourceType,
    templateName,
    status: NotificationStatus.Sent,
    queuedAt,
    sentAt: new Date(queuedAt.getTime() + 5 * 60_000),
    emailSubject: subject,
    emailBody: body,
    smsBody: sms,
  };
}

export function changeSummary(input: HistoryInput): Record<string, unknown> {
  const by = (state: ModificationState) =>
    input.billers.filter((b) => b.values.modification_state === state).map((b) => b.template.nickname);
  // Only what changed (as the wizard's modification record writes it): the whole list of billers is not a change, and
  // read as one ("Billers: none → Electricity, Gas, …", issue 8 item 4).
  return {
    billersAdded: by(ModificationState.New),
    billersEdited: by(ModificationState.Edit),
    billersRemoved: by(ModificationState.Removed),
  };
}

export type Act = (type: ActivityType, date: LocalDate, details: string, extra?: Partial<ActivityFields>) => void;

export function addRichStory(
  planned: PlannedHistory,
  input: HistoryInput,
  options: StoryOptions,
  act: Act,
  notify: (seed: NotificationSeed) => void,
  name: string,
): void {
  const { history, bills } = planned;
  const { today, period } = input;
  history.notes.push({
    target: { agreement: true },
    entityType: NoteEntityType.Contract,
    text: 'Member confirmed capacity to pay from wages; payslips sighted.',
    createdAt: at(options.createdOn, 10, 40),
    staff: 'agent',
  });
  act(
    ActivityType.NoteAdded,
    options.createdOn,
    'Note added: Member confirmed capacity to pay from wages; payslips sighted.',
  );
  const noteDay = addDays(today, -20);
  if (noteDay > period.start) {
    history.notes.push({
      target: { agreement: true },
      entityType: NoteEntityType.Contract,
      text: 'Called the member about the upcoming renewal; happy to continue.',
      createdAt: at(noteDay, 13),
      staff: 'agent',
    });
    act(ActivityType.NoteAdded, noteDay, 'Note added: Called the member about the upcoming renewal.');
  }
  act(ActivityType.MemberPreferencesAltered, addDays(period.start, 40), 'Notification preference changed to Email', {
    staff: null,
    agentName: null,
  });
  const upcoming = bills.find((b) => b.payDate === null && b.seed.values.status === BillStatus.Upcoming && !b.auto);
  if (upcoming) {
    act(
      ActivityType.BillReminder,
      addDays(today, -1),
      `Reminder: ${upcoming.name} bill of ${formatCurrency(upcoming.seed.amount)} due ${formatDisplayDate(upcoming.seed.dueDate)}`,
      { staff: null, agentName: null, billIndex: bills.indexOf(upcoming), billerIndex: upcoming.billerIndex },
    );
  }
  const retry = addDays(today, -12);
  if (retry > period.start) {
    act(ActivityType.PaymentFailure, retry, 'Biller system unavailable; the payment will be retried', {
      staff: null,
      agentName: null,
      transactionStatus: TransactionStatus.TryAgain,
    });
    act(ActivityType.PaymentFailure, addDays(retry, 1), 'Payment status not confirmed by the biller yet', {
      staff: null,
      agentName: null,
      transactionStatus: TransactionStatus.Unknown,
    });
  }
  const contactDay = addDays(today, -25);
  if (contactDay > options.createdOn) {
    notify(
      notification(
        'GeneralContact',
        at(contactDay, 11),
        'Please contact us about your agreement',
        `Dear ${name}, please contact us about your bill smoothing agreement ${input.agreementId}.`,
        'Please contact us about your agreement.',
        NotificationSourceType.ManualNotification,
      ),
    );
    history.notifications.at(-1)!.staff = 'agent';
  }
}
