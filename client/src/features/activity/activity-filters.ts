/** The activity filter groups (spec 1 §3); the same strings as the ActivityFilter enum of the schema. */
export type ActivityFilterName = 'Payment' | 'AgreementChange' | 'Notification' | 'Note';

export const ACTIVITY_PAGE_SIZE = 25;

const ALL_FILTERS: readonly ActivityFilterName[] = ['Payment', 'AgreementChange', 'Notification', 'Note'];

export const FILTER_LABELS: Record<ActivityFilterName, string> = {
  Payment: 'Payments',
  AgreementChange: 'Agreement changes',
  Notification: 'Notifications',
  Note: 'Notes',
};

/** Staff filter on all 4 groups; members on 3 and never see notes (spec 1 §4, §6). */
export function availableFilters(isStaff: boolean): ActivityFilterName[] {
  return isStaff ? [...ALL_FILTERS] : ALL_FILTERS.filter((filter) => filter !== 'Note');
}

export interface ActivityView {
  filters: ActivityFilterName[];
  page: number;
}

/** Staff start with all 4 groups selected, members with their 3; on page 1. */
export function initialActivityView(isStaff: boolean): ActivityView {
  return { filters: availableFilters(isStaff), page: 1 };
}

/** Whether a view is the list's first (all the person's groups, page 1): the overview's query carries that page. */
export function isInitialActivityView(view: ActivityView, isStaff: boolean): boolean {
  const initial = initialActivityView(isStaff);
  return (
    view.page === initial.page &&
    view.filters.length === initial.filters.length &&
    initial.filters.every((filter) => view.filters.includes(filter))
  );
}

/**
 * Clicking a filter (spec 1 §4 "Activity filters"):
 * - when all are selected, the list narrows to the one clicked;
 * - when only one is selected and it is the one clicked, everything is restored;
 * - otherwise the clicked filter toggles.
 * The result keeps the order of `available`.
 */
export function toggleActivityFilter(
  selected: readonly ActivityFilterName[],
  clicked: ActivityFilterName,
  available: readonly ActivityFilterName[],
): ActivityFilterName[] {
  if (!available.includes(clicked)) return available.filter((filter) => selected.includes(filter));
  const allSelected = available.every((filter) => selected.includes(filter));
  if (allSelected) return [clicked];
  if (selected.length === 1 && selected[0] === clicked) return [...available];
  const next = selected.includes(clicked) ? selected.filter((filter) => filter !== clicked) : [...selected, clicked];
  return available.filter((filter) => next.includes(filter));
}

/** A filter click: the new selection, and the page returns to 1. */
export function clickActivityFilter(
  view: ActivityView,
  clicked: ActivityFilterName,
  available: readonly ActivityFilterName[],
): ActivityView {
  return { filters: toggleActivityFilter(view.filters, clicked, available), page: 1 };
}

export interface FilterTotals {
  payment: number;
  agreementChange: number;
  notification: number;
  note?: number | null;
}

/** How many activities a filter group holds, from the server's totals (notes are null for members). */
export function filterTotal(totals: FilterTotals | null | undefined, filter: ActivityFilterName): number | null {
  if (!totals) return null;
  switch (filter) {
    case 'Payment':
      return totals.payment;
    case 'AgreementChange':
      return totals.agreementChange;
    case 'Notification':
      return totals.notification;
    case 'Note':
      return totals.note ?? null;
  }
}

/** The number of pages for a total (at least 1). */
export function pageCount(totalCount: number, pageSize = ACTIVITY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}
