import { describe, expect, it } from 'vitest';
import { lifecycleActions } from './lifecycle-actions';

describe('lifecycleActions: the manage page offers what the server allows, in its order', () => {
  it.each([
    [
      ['Lock', 'Renew', 'MoveEndDate', 'Cancel'],
      ['lock', 'renew', 'move', 'cancel'],
    ],
    [
      ['Cancel', 'Unlock', 'MoveEndDate'],
      ['unlock', 'move', 'cancel'],
    ],
    [
      ['Lock', 'Cancel'],
      ['lock', 'cancel'],
    ],
    [[], []],
    [['SomethingNew'], []],
  ])('%j', (allowed, names) => {
    expect(lifecycleActions(allowed).map((a) => a.name)).toEqual(names);
  });
});
