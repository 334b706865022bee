import { addDays, type LocalDate } from '../../shared/local-date.js';

/** How far ahead members are reminded (setting `notifications`): days before a bill and before a deposit; 0: never. */
export interface NotificationSettings {
  billReminderDays: number;
  depositReminderDays: number;
}

export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = {
  billReminderDays: 3,
  depositReminderDays: 2,
};

/** The longest a reminder may come ahead. */
export const MAX_REMINDER_DAYS = 30;

function days(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_REMINDER_DAYS
    ? value
    : fallback;
}

/** The stored settings document over the defaults: whole days from 0 to 30, anything else the default. */
export function notificationSettingsOf(stored: Record<string, unknown>): NotificationSettings {
  return {
    billReminderDays: days(stored.billReminderDays, DEFAULT_NOTIFICATION_SETTINGS.billReminderDays),
    depositReminderDays: days(stored.depositReminderDays, DEFAULT_NOTIFICATION_SETTINGS.depositReminderDays),
  };
}

/**
 * The due dates reminded on `today` for a reminder `days` ahead: from tomorrow to `days` ahead, so a day the bank
 * did not run (or a bill added late) still gets its reminder; each is told once (its key). Null: reminders off.
 */
export function reminderWindow(today: LocalDate, ahead: number): { from: LocalDate; to: LocalDate } | null {
  if (ahead <= 0) return null;
  return { from: addDays(today, 1), to: addDays(today, ahead) };
}

/** A reminder's key: the bill or deposit and its due date (a date moved is a new reminder). */
export function reminderKey(what: 'bill' | 'deposit', id: number, dueDate: string): string {
  return `${what}:${id}:${dueDate}`;
}
