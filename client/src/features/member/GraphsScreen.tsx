import { Box, HStack, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useAgreementGraphsQuery } from '../../gql/hooks';
import { formatMonth } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData, Section } from '../../shared/ui/Section';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { HISTORY_COLOURS } from '../charts/chart-data';
import { LazyForecastChart, LazyHistoryBars } from '../charts/LazyCharts';
import { ForecastVerdictView } from '../overview/ForecastVerdictView';
import { AllocationSection } from '../overview/OverviewParts';
import { useMemberContext } from './member-context';
import { WholeDates } from '../../shared/ui/WholeDates';

/** `member/graphs` (spec 1 §2): allocation, the balance forecast to the end date, deposits and bills by month. */
export function GraphsScreen() {
  const { memberId, accountId } = useMemberContext();
  const { data, loading, error, refetch } = useAgreementGraphsQuery({ variables: { memberId, accountId, step: 1 } });
  const graphs = data?.agreementGraphs;

  return (
    <Page title="Graphs">
      {loading && <Loading label="Loading the graphs…" />}
      {error && <LoadFailed what="the graphs" error={error} onRetry={() => void refetch()} />}
      {graphs && (
        <Stack gap="5">
          <AllocationSection allocation={graphs.allocationByCategory} />
          <Section title="Balance forecast" id="forecast">
            {graphs.forecast.points.length === 0 ? (
              <NoData />
            ) : (
              <>
                <ForecastVerdictView verdict={graphs.forecast.verdict} />
                <Stack gap="1" data-testid="forecast-summary">
                  {graphs.forecast.summary.map((line) => (
                    <Text key={line}>
                      <WholeDates>{line}</WholeDates>
                    </Text>
                  ))}
                </Stack>
                <LazyForecastChart
                  points={graphs.forecast.points}
                  lowestPoint={graphs.forecast.lowestPoint}
                  firstDateBelowZero={graphs.forecast.firstDateBelowZero}
                  firstDateBelowOverdrawLimit={graphs.forecast.firstDateBelowOverdrawLimit}
                  overdrawLimit={graphs.forecast.overdrawLimit}
                />
              </>
            )}
          </Section>
          <Section title="Deposits and bills by month" id="history">
            {graphs.history.length === 0 ? (
              <NoData />
            ) : (
              <>
                <HStack gap="4" fontSize="sm" aria-hidden="true">
                  {(['Deposits', 'Bills'] as const).map((label, index) => (
                    <HStack key={label} gap="2">
                      <Box boxSize="3" borderRadius="sm" bg={HISTORY_COLOURS[index]} />
                      <Text>{label}</Text>
                    </HStack>
                  ))}
                </HStack>
                <LazyHistoryBars history={graphs.history} />
                {/* A hidden wrapper, not a hidden table: a table ignores the 1 px box and left ~590 px of blank
                    scroll past the footer (issue 8 item 8). */}
                <VisuallyHidden>
                  <Table.Root>
                    <caption>Deposits and bills by month</caption>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader scope="col">Month</Table.ColumnHeader>
                        <Table.ColumnHeader scope="col">Deposits</Table.ColumnHeader>
                        <Table.ColumnHeader scope="col">Bills</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {graphs.history.map((row) => (
                        <Table.Row key={row.month}>
                          <Table.Cell>{formatMonth(row.month)}</Table.Cell>
                          <Table.Cell>{formatMoney(row.deposits)}</Table.Cell>
                          <Table.Cell>{formatMoney(row.bills)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </VisuallyHidden>
              </>
            )}
          </Section>
        </Stack>
      )}
    </Page>
  );
}
