import { describe, expect, it } from 'vitest';
import {
  availableFilters,
  clickActivityFilter,
  filterTotal,
  initialActivityView,
  isInitialActivityView,
  pageCount,
  toggleActivityFilter,
  type ActivityFilterName,
} from './activity-filters';

const STAFF = availableFilters(true);
const MEMBER = availableFilters(false);

describe('availableFilters', () => {
  it('gives staff all 4 groups and members 3, never notes', () => {
    expect(STAFF).toEqual(['Payment', 'AgreementChange', 'Notification', 'Note']);
    expect(MEMBER).toEqual(['Payment', 'AgreementChange', 'Notification']);
  });

  it('starts staff with 4 selected and members with 3, on page 1', () => {
    expect(initialActivityView(true)).toEqual({ filters: STAFF, page: 1 });
    expect(initialActivityView(false)).toEqual({ filters: MEMBER, page: 1 });
  });
});

describe('toggleActivityFilter', () => {
  const cases: {
    rule: string;
    available: ActivityFilterName[];
    selected: ActivityFilterName[];
    clicked: ActivityFilterName;
    expected: ActivityFilterName[];
  }[] = [
    {
      rule: 'all selected: narrows to the one clicked (staff)',
      available: STAFF,
      selected: STAFF,
      clicked: 'Note',
      expected: ['Note'],
    },
    {
      rule: 'all selected: narrows to the one clicked (member)',
      available: MEMBER,
      selected: MEMBER,
      clicked: 'Payment',
      expected: ['Payment'],
    },
    {
      rule: 'only one selected and clicked: restores everything (staff)',
      available: STAFF,
      selected: ['Notification'],
      clicked: 'Notification',
      expected: STAFF,
    },
    {
      rule: 'only one selected and clicked: restores everything (member)',
      available: MEMBER,
      selected: ['AgreementChange'],
      clicked: 'AgreementChange',
      expected: MEMBER,
    },
    {
      rule: 'otherwise: adds an unselected filter, in display order',
      available: STAFF,
      selected: ['Note'],
      clicked: 'Payment',
      expected: ['Payment', 'Note'],
    },
    {
      rule: 'otherwise: removes a selected filter',
      available: STAFF,
      selected: ['Payment', 'Notification', 'Note'],
      clicked: 'Notification',
      expected: ['Payment', 'Note'],
    },
    {
      rule: 'otherwise: adding the last missing one selects all',
      available: MEMBER,
      selected: ['Payment', 'Notification'],
      clicked: 'AgreementChange',
      expected: MEMBER,
    },
    {
      rule: 'a member can never select notes',
      available: MEMBER,
      selected: ['Payment'],
      clicked: 'Note',
      expected: ['Payment'],
    },
  ];

  it.each(cases)('$rule', ({ available, selected, clicked, expected }) => {
    expect(toggleActivityFilter(selected, clicked, available)).toEqual(expected);
  });
});

describe('clickActivityFilter', () => {
  it('returns to page 1 on every click', () => {
    expect(clickActivityFilter({ filters: STAFF, page: 4 }, 'Payment', STAFF)).toEqual({
      filters: ['Payment'],
      page: 1,
    });
  });
});

describe('isInitialActivityView (the overview query carries this page)', () => {
  it.each([
    ['a member’s 3 groups on page 1', false, ['Payment', 'AgreementChange', 'Notification'], 1, true],
    ['the same groups in another order', false, ['Notification', 'Payment', 'AgreementChange'], 1, true],
    ['page 2', false, ['Payment', 'AgreementChange', 'Notification'], 2, false],
    ['one group', false, ['Payment'], 1, false],
    ['staff’s 4 groups', true, ['Payment', 'AgreementChange', 'Notification', 'Note'], 1, true],
    ['staff without notes', true, ['Payment', 'AgreementChange', 'Notification'], 1, false],
  ] as const)('%s', (_name, staff, filters, page, initial) => {
    expect(isInitialActivityView({ filters: [...filters], page }, staff)).toBe(initial);
  });
});

describe('filterTotal', () => {
  it('reads each group’s total; notes are null for members', () => {
    const totals = { payment: 3, agreementChange: 2, notification: 1, note: null };
    expect(filterTotal(totals, 'Payment')).toBe(3);
    expect(filterTotal(totals, 'AgreementChange')).toBe(2);
    expect(filterTotal(totals, 'Notification')).toBe(1);
    expect(filterTotal(totals, 'Note')).toBeNull();
    expect(filterTotal(null, 'Payment')).toBeNull();
  });
});

describe('pageCount', () => {
  it.each([
    [0, 1],
    [25, 1],
    [26, 2],
    [51, 3],
  ])('%i activities make %i pages of 25', (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });
});
