import { describe, expect, it } from 'vitest';
import { dashboardPanels } from './dashboard';

describe('dashboardPanels', () => {
  it.each([
    [['AGENT'], { worklist: true, approvalsNote: true }],
    [['BRANCH_AGENT'], { worklist: true, approvalsNote: true }],
    [['MANAGER'], { worklist: true, approvalsNote: false }],
    [['ADMIN'], { worklist: true, approvalsNote: false }],
    [['REPORTER'], { worklist: true, approvalsNote: false }],
    [['AGENT', 'REPORTER'], { worklist: true, approvalsNote: true }],
    [['MEMBER'], { worklist: false, approvalsNote: false }],
  ])('%j → %j', (roles, panels) => {
    expect(dashboardPanels(roles)).toEqual(panels);
  });
});
