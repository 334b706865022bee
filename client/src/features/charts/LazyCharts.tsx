import { Box, Skeleton, Text } from '@chakra-ui/react';
import { Component, Suspense, lazy, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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

/**
 * True once the element is displayed: a chart's chunk (ApexCharts, ~150 KB compressed) is fetched and run only when
 * its section is shown (issue 23 item 1), not with the page. In a folded section (display: none, as the overview's
 * allocation is at first on a phone) it stays a placeholder until the reader opens it. The margin is wide, so a
 * shown chart below the fold loads with the page as before. Without IntersectionObserver it shows at once.
 */
function useShown<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '100000px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

function Lazy({ children, width, height }: { children: ReactNode; width: number | string; height: number }) {
  const [ref, shown] = useShown<HTMLDivElement>();
  const placeholder = <Skeleton width={width} maxW="full" height={`${height}px`} borderRadius="md" />;
  return (
    <ChartBoundary>
      {/* The picture is decorative for screen readers: the same figures are given as text beside it. */}
      <Box ref={ref} aria-hidden="true" width={width} maxW="full" minH={`${height}px`}>
        {shown ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
      </Box>
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
