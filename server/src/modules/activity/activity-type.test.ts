import { describe, expect, it } from 'vitest';
import { activityFilterGroup, activityTypesOf } from './activity-filter.js';
import { ActivityFilterGroup, activityTypeLabel, ActivityType } from './activity-type.js';

describe('activity types (spec 1 §3)', () => {
  it.each([
    [0, 'Paid a bill'],
    [2, 'Member deposit'],
    [20, 'Member deposit'],
    [8, 'Agreement modification'],
    [21, 'Agreement modification'],
    [27, 'Override agreement upper limit'],
    [33, 'Agreement unlocked'],
    [23, ''],
    [28, ''],
    [34, ''],
    [22, 'Other'],
    [99, 'Other'],
  ])('labels code %i as "%s"', (code, label) => {
    expect(activityTypeLabel(code)).toBe(label);
  });

  it('puts every type in exactly one of the four filters', () => {
    const all = Object.values(ActivityType).filter((v): v is ActivityType => typeof v === 'number');
    const grouped = Object.values(ActivityFilterGroup).flatMap((group) => activityTypesOf(group));
    expect(grouped.sort((a, b) => a - b)).toEqual(all.sort((a, b) => a - b));
    expect(activityFilterGroup(ActivityType.NoteAdded)).toBe(ActivityFilterGroup.Note);
    expect(activityFilterGroup(ActivityType.PaidBill)).toBe(ActivityFilterGroup.Payment);
    expect(activityFilterGroup(ActivityType.NotificationSent)).toBe(ActivityFilterGroup.Notification);
    expect(activityFilterGroup(ActivityType.AgreementCreation)).toBe(ActivityFilterGroup.AgreementChange);
  });
});
