import { Box, Skeleton, Text } from '@chakra-ui/react';
import { Component, Suspense, lazy, type ReactNode } from 'react';
import { DONUT_SIZE } from './chart-data';

/** The charts are a lazy chunk of their own (ApexCharts is large): nothing here imports it statically. */
const AllocationDonut = lazy(() => import('./AllocationDonut'));
const ForecastChart = lazy(() => import('./ForecastChart'));
const HistoryBars = lazy(() => import('./HistoryBars'));

/** A chart that fails to load leaves its text summary and table in place. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <Text color="fg.muted" fontSize="sm">
        The chart could not be shown.
      </Text>
    ) : (
      this.props.children
    );
  }
}

function Lazy({ children, width, height }: { children: ReactNode; width: number | string; height: number }) {
  return (
    <ChartBoundary>
      <Suspense fallback={<Skeleton width={width} maxW="full" height={`${height}px`} borderRadius="md" />}>
        {/* The picture is decorative for screen readers: the same figures are given as text beside it. */}
        <Box aria-hidden="true" width={width} maxW="full" minH={`${height}px`}>
          {children}
        </Box>
      </Suspense>
    </ChartBoundary>
  );
}

type Props<T> = T extends (props: infer P) => unknown ? P : never;

export function LazyAllocationDonut(props: Props<typeof import('./AllocationDonut').default>) {
  return (
    <Lazy width={DONUT_SIZE} height={DONUT_SIZE}>
      <AllocationDonut {...props} />
    </Lazy>
  );
}

export function LazyForecastChart(props: Props<typeof import('./ForecastChart').default>) {
  return (
    <Lazy width="100%" height={320}>
      <ForecastChart {...props} />
    </Lazy>
  );
}

export function LazyHistoryBars(props: Props<typeof import('./HistoryBars').default>) {
  return (
    <Lazy width="100%" height={300}>
      <HistoryBars {...props} />
    </Lazy>
  );
}
