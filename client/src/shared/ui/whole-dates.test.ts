import { describe, expect, it } from 'vitest';
import { dateParts } from './whole-dates';

const d = (text: string) => ({ text, date: true });
const w = (text: string) => ({ text, date: false });

describe('dateParts', () => {
  it.each([
    ['a sentence without a date is one part', 'No deposit is scheduled.', [w('No deposit is scheduled.')]],
    ['an empty text has no parts', '', []],
    ['a date alone', '25-11-2026', [d('25-11-2026')]],
    [
      'a date inside a sentence',
      'In arrears: $40.00 owing since 25-11-2026',
      [w('In arrears: $40.00 owing since '), d('25-11-2026')],
    ],
    ['a date followed by words', 'As of 30-11-2026.', [w('As of '), d('30-11-2026'), w('.')]],
    [
      'two dates',
      'Short by $12.00 on 01-03-2027, clear again on 15-03-2027.',
      [w('Short by $12.00 on '), d('01-03-2027'), w(', clear again on '), d('15-03-2027'), w('.')],
    ],
    ['a date with its time', 'Sent 21-11-2026 9:15 pm by Ann', [w('Sent '), d('21-11-2026 9:15 pm'), w(' by Ann')]],
    ['the wizard’s long date', 'Next bill 3 March, 2026', [w('Next bill '), d('3 March, 2026')]],
    ['a long date without its comma', 'due 14 November 2026.', [w('due '), d('14 November 2026'), w('.')]],
    ['an ISO date is not the shown form', 'since 2026-11-25', [w('since 2026-11-25')]],
    ['digits running on are not a date', 'ref 125-11-20261', [w('ref 125-11-20261')]],
    ['no month 13', 'code 01-13-2026', [w('code 01-13-2026')]],
  ])('%s', (_rule, text, parts) => {
    expect(dateParts(text)).toEqual(parts);
  });

  it.each(['As of 30-11-2026.', 'on 01-03-2027 and 3 March, 2026 at 21-11-2026 12:05 am', 'nothing', ''])(
    'gives the text back unchanged when the parts are joined: %j',
    (text) => {
      expect(
        dateParts(text)
          .map((part) => part.text)
          .join(''),
      ).toBe(text);
    },
  );
});
