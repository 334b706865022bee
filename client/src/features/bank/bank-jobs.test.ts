import { describe, expect, it } from 'vitest';
import { formatDuration, jobLabel, scheduleLabel, shownFigures, stateLabel, stepLabel } from './bank-jobs';

describe('the bank jobs page words', () => {
  it.each([
    [null, '—'],
    [0, '0.0 s'],
    [860, '0.9 s'],
    [59_949, '59.9 s'],
    [60_000, '1 min 0 s'],
    [62_400, '1 min 2 s'],
    [311_700, '5 min 12 s'],
  ])('duration %s is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    ['5 0 * * *', 'daily at 00:05'],
    ['0 9,15 * * *', 'daily at 09:00 and 15:00'],
    ['0 6,12,18 * * *', 'daily at 06:00, 12:00 and 18:00'],
    ['*/5 * * * *', '*/5 * * * *'],
    ['0 9 1 * *', '0 9 1 * *'],
    ['after core-banking-day', 'after Bank day: deposits'],
    ['after core-banking-autopay', 'after Bank day: automatic payments'],
  ])('schedule %s reads %s', (cron, text) => {
    expect(scheduleLabel(cron)).toBe(text);
  });

  it('names jobs, states and steps, and keeps unknown ones as they are', () => {
    expect(jobLabel('core-banking-day')).toBe('Bank day: deposits');
    expect(jobLabel('core-banking-calendar')).toBe('Bank day: calendar');
    expect(jobLabel('core-banking-day-part')).toBe('Bank day: a part of a step');
    expect(jobLabel('core-banking-applied-autopay')).toBe('Bank day: automatic payments of an agreement applied later');
    expect(jobLabel('core-banking-window')).toBe('Pending window');
    expect(jobLabel('database-vacuum')).toBe('Database upkeep (vacuum)');
    expect(jobLabel('other')).toBe('other');
    expect(stateLabel('retry')).toBe('Failed, will retry');
    expect(stateLabel('odd')).toBe('odd');
    expect(stepLabel('window-15')).toBe('the 3:00 pm pending window');
    expect(stepLabel('autopay')).toBe('automatic payments (00:05)');
  });

  it('shows the non-zero figures in their order', () => {
    const figures = [
      { label: 'deposits in', count: 2 },
      { label: 'missed', count: 0 },
      { label: 'bills paid', count: 1 },
    ];
    expect(shownFigures(figures).map((f) => f.label)).toEqual(['deposits in', 'bills paid']);
    expect(shownFigures([{ label: 'missed', count: 0 }])).toEqual([]);
  });
});
