import { describe, expect, it } from 'vitest';
import { agreementApprovalLabel, countLine, dashboardPanels } from './dashboard';

describe('dashboardPanels', () => {
  it.each([
    [['AGENT'], { approvals: false, atRisk: true, failedNotifications: true }],
    [['BRANCH_AGENT'], { approvals: false, atRisk: true, failedNotifications: true }],
    [['MANAGER'], { approvals: true, atRisk: true, failedNotifications: true }],
    [['ADMIN'], { approvals: true, atRisk: true, failedNotifications: true }],
    [['REPORTER'], { approvals: false, atRisk: false, failedNotifications: true }],
    [['AGENT', 'REPORTER'], { approvals: false, atRisk: true, failedNotifications: true }],
    [['MEMBER'], { approvals: false, atRisk: false, failedNotifications: false }],
  ])('%j → %j', (roles, panels) => {
    expect(dashboardPanels(roles)).toEqual(panels);
  });
});

describe('countLine', () => {
  it.each([
    [0, false, 'No approvals waiting.'],
    [1, false, '1 approval waiting.'],
    [3, false, '3 approvals waiting.'],
    [5, true, 'The first 5 approvals waiting; there are more.'],
  ])('%i shown, more %s → %s', (shown, more, line) => {
    expect(countLine(shown, more, 'approval waiting', 'approvals waiting')).toBe(line);
  });
});

describe('agreementApprovalLabel', () => {
  it.each([
    [1, 'Overdraw beyond the approved amount'],
    [2, 'Agreement over the upper contract limit'],
    [9, 'Agreement approval'],
  ])('%i → %s', (type, label) => {
    expect(agreementApprovalLabel(type)).toBe(label);
  });
});
