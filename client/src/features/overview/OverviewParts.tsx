import { Box, Flex, Link, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { OverviewSummaryFieldsFragment } from '../../gql/graphql';
import { formatMoney } from '../../shared/money';
import { NoData, Section } from '../../shared/ui/Section';
import { donutData, sliceColours } from '../charts/chart-data';
import { LazyAllocationDonut } from '../charts/LazyCharts';
import { FILTER_LABELS, availableFilters, filterTotal } from '../activity/activity-filters';

type Overview = OverviewSummaryFieldsFragment;

/** The allocation donut (lazy chunk) with its legend as text: the figures screen readers get. */
export function AllocationSection({
  allocation,
  foldable = false,
}: {
  allocation: Overview['allocationByCategory'];
  /** On the overview: the reader may fold it (folded at first on a phone). */
  foldable?: boolean;
}) {
  const data = donutData(allocation);
  const colours = sliceColours(data.labels.length);
  return (
    <Section
      title="Set aside by category"
      id="allocation"
      foldable={foldable}
      foldedHint={data.series.length > 0 ? `${formatMoney(data.total)} over the whole agreement` : undefined}
    >
      {data.series.length === 0 ? (
        <NoData />
      ) : (
        <Flex direction="column" align="center" gap="4">
          <Box data-testid="allocation-donut">
            <LazyAllocationDonut data={data} />
          </Box>
          <Stack as="ul" listStyleType="none" gap="1" width="full" aria-label="Set aside by category">
            {data.labels.map((label, index) => (
              <Flex as="li" key={label} justify="space-between" gap="3" fontSize="sm">
                <Flex align="center" gap="2">
                  <Box aria-hidden="true" boxSize="3" borderRadius="sm" bg={colours[index]} flexShrink={0} />
                  <Text>{label}</Text>
                </Flex>
                <Text fontVariantNumeric="tabular-nums">{formatMoney(data.series[index])}</Text>
              </Flex>
            ))}
            <Flex
              as="li"
              justify="space-between"
              gap="3"
              fontSize="sm"
              fontWeight="semibold"
              borderTopWidth="1px"
              pt="1"
            >
              <Text>Total over the whole agreement</Text>
              <Text fontVariantNumeric="tabular-nums">{formatMoney(data.total)}</Text>
            </Flex>
          </Stack>
        </Flex>
      )}
    </Section>
  );
}

/** The activities overview: how many activities each group holds (spec 1 §9: totals for 4 types). */
export function ActivityOverview({ totals, isStaff }: { totals: Overview['activityTotals']; isStaff: boolean }) {
  return (
    <Section title="Activity overview" id="activity-overview" foldable>
      <SimpleGrid columns={{ base: 2, md: isStaff ? 4 : 3 }} gap="3" as="dl">
        {availableFilters(isStaff).map((filter) => (
          <Box key={filter} bg="brand.subtle" borderRadius="md" px="3" py="2">
            <Text as="dt" fontSize="sm" color="fg.muted">
              {FILTER_LABELS[filter]}
            </Text>
            <Text as="dd" fontSize="xl" fontWeight="semibold" data-total={filter}>
              {filterTotal(totals, filter) ?? 0}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}

export function HistoryLink({ to }: { to: string }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" alignSelf="start">
      <RouterLink to={to}>
        Full account history<VisuallyHidden> (all activities)</VisuallyHidden>
      </RouterLink>
    </Link>
  );
}

/** The overview's shape while it loads. */
export function OverviewSkeleton() {
  return (
    <Stack gap="5" aria-hidden="true" data-testid="overview-skeleton">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <Skeleton height="80" borderRadius="lg" />
        <Skeleton height="80" borderRadius="lg" />
      </SimpleGrid>
      <Skeleton height="60" borderRadius="lg" />
      <Skeleton height="40" borderRadius="lg" />
      <Skeleton height="40" borderRadius="lg" />
    </Stack>
  );
}
