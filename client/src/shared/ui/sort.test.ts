import { describe, expect, it } from 'vitest';
import { ariaSort, type ColumnSort } from './sort';

describe('ariaSort: a sortable column header’s aria-sort', () => {
  it.each<[ColumnSort<'a' | 'b'>, 'a' | 'b', string]>([
    [{ field: 'a', direction: 'asc' }, 'a', 'ascending'],
    [{ field: 'a', direction: 'desc' }, 'a', 'descending'],
    [{ field: 'a', direction: 'asc' }, 'b', 'none'],
    [{ field: 'b', direction: 'desc' }, 'a', 'none'],
  ])('%o on %s is %s', (current, field, expected) => {
    expect(ariaSort(current, field)).toBe(expected);
  });
});
