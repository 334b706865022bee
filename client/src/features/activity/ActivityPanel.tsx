import { Badge, Box, Button, Flex, HStack, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { lazy, Suspense, useState } from 'react';
import type { ActivityPageFieldsFragment } from '../../gql/graphql';
import { useActivitiesQuery } from '../../gql/hooks';
import { useIsStaff } from '../../auth/useIsStaff';
import { formatDateTime } from '../../shared/dates';
import { formatMoney, moneyToNumber } from '../../shared/money';
import { NO_DATA, Section } from '../../shared/ui/Section';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { detailsText, modificationRows, pendingWording, statusPalette } from './activity-details';
import {
  ACTIVITY_PAGE_SIZE,
  FILTER_LABELS,
  availableFilters,
  clickActivityFilter,
  filterTotal,
  initialActivityView,
  isInitialActivityView,
  pageCount,
} from './activity-filters';
import { useActivityLive } from './useActivityLive';
import { displayLabel } from '../../shared/labels';
import { WholeDates } from '../../shared/ui/WholeDates';

type ActivityItem = ActivityPageFieldsFragment['items'][number];

/**
 * An activity in full: its dialog's code loads when an activity is first opened, not with the list (issue 23 item 1:
 * the overview's first load stays under 250 KB, and its first render builds no closed dialog). Once loaded it stays,
 * so closing it returns the focus to the row as before.
 */
const ActivityDetailDialog = lazy(() =>
  import('./ActivityDetailDialog').then((module) => ({ default: module.ActivityDetailDialog })),
);

interface ActivityPanelProps {
  memberId: number;
  accountId: number;
  title?: string;
  pageSize?: number;
  /** On the overview: the reader may fold the list (folded at first on a phone). */
  foldable?: boolean;
  /**
   * The first page (all the person's groups, page 1, `pageSize` long) as the route's query answered it (the
   * overview's): shown without asking; other pages and filters ask the list's own query.
   */
  firstPage?: ActivityPageFieldsFragment;
}

/** The activity history (spec 1 §2, §4): filter toggles with totals, 25 a page by date, details, live additions. */
export function ActivityPanel({
  memberId,
  accountId,
  title = 'Activities',
  pageSize = ACTIVITY_PAGE_SIZE,
  foldable = false,
  firstPage,
}: ActivityPanelProps) {
  const isStaff = useIsStaff();
  const available = availableFilters(isStaff);
  const [view, setView] = useState(() => initialActivityView(isStaff));
  const [openId, setOpenId] = useState<number | null>(null);
  const [detailLoaded, setDetailLoaded] = useState(false);
  const open = (activityId: number) => {
    setDetailLoaded(true);
    setOpenId(activityId);
  };
  const variables = { memberId, accountId, filters: view.filters, page: view.page, pageSize, staff: isStaff };
  const given = firstPage && isInitialActivityView(view, isStaff) ? firstPage : undefined;
  const { data, previousData, loading, error, refetch } = useActivitiesQuery(given ? skipToken : { variables });
  const newest = useActivityLive(accountId);
  // While another page loads, the one shown before stays (dimmed).
  const page = given ?? data?.activities ?? previousData?.activities ?? firstPage;
  const pages = page ? pageCount(page.totalCount, pageSize) : 1;
  const accountPath = `/member/${memberId}/account/${accountId}`;
  const first = page && page.totalCount > 0 ? (view.page - 1) * pageSize + 1 : 0;
  const last = page ? Math.min(view.page * pageSize, page.totalCount) : 0;
  // None at all says so once, in the list (the spec's "No data available"); none for the filters chosen, in the count.
  const noneAtAll = page?.totalCount === 0 && isInitialActivityView(view, isStaff);

  return (
    <Section
      title={title}
      id="activities"
      foldable={foldable}
      foldedHint={page ? `${page.totalCount} ${page.totalCount === 1 ? 'activity' : 'activities'}` : undefined}
    >
      <Stack gap="4">
        <Flex role="group" aria-label="Filter activities by type" gap="2" wrap="wrap">
          {available.map((filter) => {
            const selected = view.filters.includes(filter);
            const total = filterTotal(page?.totals, filter);
            return (
              <Button
                key={filter}
                size="sm"
                variant={selected ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={selected}
                data-filter={filter}
                onClick={() => setView((current) => clickActivityFilter(current, filter, available))}
              >
                {/* Selected shows by a tick too, not by colour alone (issue 8 item 8). */}
                <span aria-hidden="true" data-testid="filter-tick" style={{ width: '1ch' }}>
                  {selected ? '✓' : ''}
                </span>
                {FILTER_LABELS[filter]}
                {total !== null && (
                  <Badge size="sm" variant={selected ? 'surface' : 'subtle'} colorPalette={selected ? 'gray' : 'brand'}>
                    {total}
                  </Badge>
                )}
              </Button>
            );
          })}
        </Flex>
        <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite" data-testid="activity-count">
          {page && !noneAtAll
            ? page.totalCount === 0
              ? 'No activities for these filters.'
              : `Showing ${first}–${last} of ${page.totalCount} activities, newest first.`
            : ''}
          {newest ? ` New: ${newest}.` : ''}
        </Text>
        {error && <LoadFailed what="the activities" error={error} onRetry={() => void refetch()} />}
        {!page && loading && <ActivitySkeleton />}
        {page && page.items.length === 0 && (noneAtAll || page.totalCount > 0) && (
          <Text color="fg.muted">{NO_DATA}</Text>
        )}
        {page && page.items.length > 0 && (
          <Stack
            as="ul"
            listStyleType="none"
            gap="0"
            borderWidth="1px"
            borderRadius="md"
            aria-label="Activities"
            aria-busy={loading}
            opacity={loading ? 0.6 : 1}
          >
            {page.items.map((activity) => (
              <ActivityRow key={activity.activityId} activity={activity} isStaff={isStaff} onOpen={open} />
            ))}
          </Stack>
        )}
        {page && pages > 1 && (
          <HStack as="nav" aria-label={`${title} pages`} justify="space-between" gap="3">
            <Button
              size="sm"
              variant="outline"
              disabled={view.page <= 1}
              onClick={() => setView((current) => ({ ...current, page: current.page - 1 }))}
            >
              Previous<VisuallyHidden> page</VisuallyHidden>
            </Button>
            <Text fontSize="sm" aria-current="page">
              Page {view.page} of {pages}
            </Text>
            <Button
              size="sm"
              variant="outline"
              disabled={view.page >= pages}
              onClick={() => setView((current) => ({ ...current, page: current.page + 1 }))}
            >
              Next<VisuallyHidden> page</VisuallyHidden>
            </Button>
          </HStack>
        )}
      </Stack>
      {detailLoaded && (
        <Suspense fallback={null}>
          <ActivityDetailDialog
            activityId={openId}
            isStaff={isStaff}
            accountPath={accountPath}
            onClose={() => setOpenId(null)}
          />
        </Suspense>
      )}
    </Section>
  );
}

function summaryOf(activity: ActivityItem): string {
  if (activity.detailsKind === 'MODIFICATION_JSON') {
    const rows = modificationRows(activity.modificationChanges, activity.details);
    if (rows) return rows.length === 1 ? '1 field changed' : `${rows.length} fields changed`;
  }
  return pendingWording(detailsText(activity.details), activity.isPending);
}

function ActivityRow({
  activity,
  isStaff,
  onOpen,
}: {
  activity: ActivityItem;
  isStaff: boolean;
  onOpen: (activityId: number) => void;
}) {
  const amount = moneyToNumber(activity.balanceChange) ?? 0;
  const label = activity.label || 'Activity';
  return (
    <Box
      as="li"
      px="3"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
      data-activity={activity.activityId}
    >
      <Flex gap={{ base: '2', md: '4' }} align="start" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <Text fontSize="sm" color="fg.muted" minW={{ md: '40' }} whiteSpace="nowrap">
          {formatDateTime(activity.date)}
        </Text>
        <Box flex="1" minW="0" order={{ base: 3, md: 0 }} flexBasis={{ base: 'full', md: 'auto' }}>
          <Text fontWeight="semibold">{label}</Text>
          {summaryOf(activity) && (
            <Text fontSize="sm" lineClamp={2}>
              <WholeDates>{summaryOf(activity)}</WholeDates>
            </Text>
          )}
          <HStack gap="2" mt="1" wrap="wrap">
            {activity.transactionStatusName && (
              <Badge size="sm" colorPalette={statusPalette(activity.transactionStatusClass)}>
                {activity.isPending ? 'Pending confirmation' : displayLabel(activity.transactionStatusName)}
              </Badge>
            )}
            {isStaff && activity.agentName && (
              <Text fontSize="xs" color="fg.muted">
                By {activity.agentName}
              </Text>
            )}
          </HStack>
        </Box>
        <Stack gap="1" align="end" ms="auto">
          <Text
            fontWeight="semibold"
            fontVariantNumeric="tabular-nums"
            color={amount < 0 ? 'fg.error' : amount > 0 ? 'fg.success' : 'fg.muted'}
          >
            {formatMoney(activity.balanceChange, { sign: true })}
          </Text>
          <Button size="xs" variant="outline" colorPalette="brand" onClick={() => onOpen(activity.activityId)}>
            Details
            <VisuallyHidden>
              : {label}, {formatDateTime(activity.date)}
            </VisuallyHidden>
          </Button>
        </Stack>
      </Flex>
    </Box>
  );
}

function ActivitySkeleton() {
  return (
    <Stack gap="2" aria-hidden="true">
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} height="14" borderRadius="md" />
      ))}
    </Stack>
  );
}
