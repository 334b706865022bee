import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { failedPart, overviewFailures, type OverviewFailures } from './overview-failures';

const errors = (...items: { message: string; path?: (string | number)[] }[]) =>
  new CombinedGraphQLErrors({ data: null, errors: items });

describe('overviewFailures: which parts of the overview’s answer failed', () => {
  it.each([
    ['no error: nothing failed', undefined, { parts: {}, core: false }],
    [
      'the activities’ page: that part only',
      errors({ message: 'Activities are down.', path: ['activities'] }),
      { parts: { activities: 'Activities are down.' }, core: false },
    ],
    [
      'staff’s notes, under the overview: that part only',
      errors({ message: 'Notes are down.', path: ['accountOverview', 'notes'] }),
      { parts: { notes: 'Notes are down.' }, core: false },
    ],
    [
      'the change waiting and the hardship case: each its own part',
      errors({ message: 'A', path: ['agreementChangeWaiting'] }, { message: 'B', path: ['hardshipCase', 'request'] }),
      { parts: { changeWaiting: 'A', hardship: 'B' }, core: false },
    ],
    [
      'the summary (another field of the overview): the core',
      errors({ message: 'No.', path: ['accountOverview', 'agreement', 'termEndDue'] }),
      { parts: {}, core: true },
    ],
    ['an error without a path: the core', errors({ message: 'Too costly.' }), { parts: {}, core: true }],
    ['a network failure: the core', new Error('Failed to fetch'), { parts: {}, core: true }],
    [
      'the first message of a part is kept',
      errors({ message: ' First. ', path: ['activities'] }, { message: 'Second.', path: ['activities', 'items'] }),
      { parts: { activities: 'First.' }, core: false },
    ],
  ] as const)('%s', (_name, error, expected) => {
    expect(overviewFailures(error)).toEqual(expected);
  });
});

describe('failedPart: a part’s failure as the page shows it', () => {
  const none: OverviewFailures = { parts: {}, core: false };
  const activitiesDown: OverviewFailures = { parts: { activities: 'Down.' }, core: false };
  const hardshipDown: OverviewFailures = { parts: { hardship: 'Down.' }, core: false };
  const page = {
    activities: { items: [] },
    accountOverview: { notes: [] },
    agreementChangeWaiting: null,
    hardshipCase: null,
  };

  it.each([
    ['loaded: no failure', 'activities', page, none, false, undefined],
    [
      'null with its error: the server’s message',
      'activities',
      { ...page, activities: null },
      activitiesDown,
      false,
      'Down.',
    ],
    [
      'null without its error (read back from the cache): failed, no message',
      'activities',
      { ...page, activities: null },
      none,
      false,
      '',
    ],
    ['a value now, whatever an older error said: loaded', 'activities', page, activitiesDown, false, undefined],
    ['staff’s notes null: failed', 'notes', { ...page, accountOverview: { notes: null } }, none, true, ''],
    ['a member’s notes (never asked): no failure', 'notes', { ...page, accountOverview: {} }, none, false, undefined],
    ['no hardship case (null) without an error: none, not a failure', 'hardship', page, none, false, undefined],
    ['no hardship case with its error: failed', 'hardship', page, hardshipDown, false, 'Down.'],
    ['no answer yet: no failure', 'activities', undefined, activitiesDown, false, undefined],
  ] as const)('%s', (_name, part, answer, failures, staff, expected) => {
    expect(failedPart(part, answer, failures, staff)).toBe(expected);
  });
});
