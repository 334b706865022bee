import { Button, Table, VisuallyHidden } from '@chakra-ui/react';
import { ariaSort, type ColumnSort } from './sort';

interface SortableColumnHeaderProps<F extends string> {
  field: F;
  label: string;
  sort: ColumnSort<F>;
  /** The column's header was clicked: the table decides the next order (the same column turns around, …). */
  onSort: (field: F) => void;
  /** Money columns are right-aligned. */
  end?: boolean;
  /** Left out on a phone (the row shows what matters there some other way). */
  hideOnPhone?: boolean;
}

/** A table cell left out on a phone (below the md breakpoint). */
export const PHONE_HIDDEN = { base: 'none', md: 'table-cell' } as const;

/**
 * A column header that sorts its table: a button (keyboard and screen readers), the order shown as an arrow that is
 * hidden from screen readers, and told to them by aria-sort instead.
 */
export function SortableColumnHeader<F extends string>({
  field,
  label,
  sort,
  onSort,
  end,
  hideOnPhone,
}: SortableColumnHeaderProps<F>) {
  return (
    <Table.ColumnHeader
      scope="col"
      aria-sort={ariaSort(sort, field)}
      textAlign={end ? 'end' : undefined}
      display={hideOnPhone ? PHONE_HIDDEN : undefined}
    >
      <Button variant="plain" size="sm" px="0" h="auto" minH="8" fontWeight="semibold" onClick={() => onSort(field)}>
        {label}
        <span aria-hidden="true">{sort.field === field ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
        <VisuallyHidden>: sort</VisuallyHidden>
      </Button>
    </Table.ColumnHeader>
  );
}
