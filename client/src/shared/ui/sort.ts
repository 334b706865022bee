/** A table's order: one column, one way. Each table keeps its own fields and its own default. */
export interface ColumnSort<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/** A sortable column header's aria-sort: how the table is ordered by that column, if at all. */
export function ariaSort<F extends string>(current: ColumnSort<F>, field: F): 'ascending' | 'descending' | 'none' {
  if (current.field !== field) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}
