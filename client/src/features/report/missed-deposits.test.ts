import { describe, expect, it } from 'vitest';
import { allChosen, branchRows, reportFormError, reportInput, SELECT_BRANCH, toggled } from './missed-deposits';

describe('missed-deposit report form', () => {
  it('lays the branches out five to a row', () => {
    expect(branchRows([1, 2, 3, 4, 5, 6, 7]).map((row) => row.length)).toEqual([5, 2]);
    expect(branchRows([])).toEqual([]);
  });

  it.each([
    [[], [1, 2], false],
    [[1], [1, 2], 'indeterminate'],
    [[1, 2], [1, 2], true],
    [[], [], false],
  ])('select all with %j of %j is %s', (chosen, ids, state) => {
    expect(allChosen(new Set(chosen), ids)).toBe(state);
  });

  it('toggles one branch', () => {
    expect([...toggled(new Set([1]), 2, true)]).toEqual([1, 2]);
    expect([...toggled(new Set([1, 2]), 1, false)]).toEqual([2]);
  });

  it.each([
    [{ branchIds: [], startDate: '', endDate: '' }, SELECT_BRANCH],
    [
      { branchIds: [1], startDate: '2026-11-02', endDate: '2026-11-01' },
      'The start date must be on or before the end date.',
    ],
    [{ branchIds: [1], startDate: '', endDate: '2026-11-01' }, null],
    [{ branchIds: [1], startDate: '2026-11-01', endDate: '2026-11-01' }, null],
  ])('form %j → %j', (form, error) => {
    expect(reportFormError(form)).toBe(error);
  });

  it('sends empty dates as none and the branches in order', () => {
    expect(reportInput({ branchIds: [3, 1], startDate: '', endDate: '2026-11-24' })).toEqual({
      branchIds: [1, 3],
      startDate: null,
      endDate: '2026-11-24',
    });
  });
});
