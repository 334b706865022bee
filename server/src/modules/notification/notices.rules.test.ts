import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../shared/local-date.js';
import { DEFAULT_NOTIFICATION_SETTINGS, notificationSettingsOf, reminderKey, reminderWindow } from './notices.rules.js';

describe('notificationSettingsOf (setting `notifications`)', () => {
  it.each([
    [{}, DEFAULT_NOTIFICATION_SETTINGS],
    [
      { billReminderDays: 5, depositReminderDays: 0 },
      { billReminderDays: 5, depositReminderDays: 0 },
    ],
    [{ billReminderDays: 31, depositReminderDays: -1 }, DEFAULT_NOTIFICATION_SETTINGS],
    [{ billReminderDays: 2.5, depositReminderDays: '3' }, DEFAULT_NOTIFICATION_SETTINGS],
    [{ billReminderDays: 30 }, { ...DEFAULT_NOTIFICATION_SETTINGS, billReminderDays: 30 }],
  ])('%j → %j', (stored, settings) => {
    expect(notificationSettingsOf(stored)).toEqual(settings);
  });
});

describe('reminderWindow', () => {
  it.each([
    [3, { from: '2027-03-02', to: '2027-03-04' }],
    [1, { from: '2027-03-02', to: '2027-03-02' }],
    [0, null],
  ])('%i days ahead of 1 March → %j', (days, window) => {
    expect(reminderWindow('2027-03-01' as LocalDate, days)).toEqual(window);
  });

  it('crosses a month and a year end', () => {
    expect(reminderWindow('2027-12-30' as LocalDate, 3)).toEqual({ from: '2027-12-31', to: '2028-01-02' });
  });
});

describe('reminderKey', () => {
  it('names the bill or deposit and its due date (a date moved is a new reminder)', () => {
    expect(reminderKey('bill', 12, '2027-03-04')).toBe('bill:12:2027-03-04');
    expect(reminderKey('deposit', 88, '2027-03-05')).toBe('deposit:88:2027-03-05');
  });
});
