import { describe, expect, it } from 'vitest';
import { lifecycleActions } from './lifecycle-actions';

describe('lifecycleActions: what the manage page offers by status', () => {
  it.each([
    [7, ['lock', 'renew', 'move', 'cancel']],
    [4, ['lock', 'renew', 'move', 'cancel']],
    [8, ['unlock', 'move', 'cancel']],
    [1, ['move', 'cancel']],
    [0, ['cancel']],
    [6, []],
    [5, []],
  ])('status %s', (status, names) => {
    expect(lifecycleActions(status).map((a) => a.name)).toEqual(names);
  });
});
