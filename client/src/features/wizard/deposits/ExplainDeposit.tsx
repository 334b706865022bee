import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { DepositsStepFieldsFragment } from '../../../gql/graphql';
import { formatDate } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { forecastSummary } from '../../charts/chart-data';
import { LazyForecastChart } from '../../charts/LazyCharts';
import { WholeDates } from '../../../shared/ui/WholeDates';

type Plan = NonNullable<DepositsStepFieldsFragment['plan']>;

/**
 * Which question the step's forecast answers: the deposit engine sets each bill's contingency aside (the deposits are
 * worked out to fund it), where the agreement's forecast on the overview spends it; the words say so, since the two
 * lowest points and deposits legitimately differ for the same agreement.
 */
const CONTINGENCY_KEPT = 'each bill’s contingency set aside';

/**
 * Why the deposit is what it is (issue 12 item 2): what each deposit pays for (the engine's breakdown, lines adding
 * up exactly to the deposit), the balance to the end date with its lowest point and first short day, and the
 * smallest deposit that never goes short.
 */
export function ExplainDeposit({ plan, frequencyLabel }: { plan: Plan; frequencyLabel: string }) {
  const breakdown = plan.breakdown;
  const forecast = plan.forecast;
  const minimum = plan.minimum;
  return (
    <Stack gap="4" data-testid="deposit-explained" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
      <Heading as="h3" size="md">
        Why {formatMoney(plan.depositAmount)} {frequencyLabel.toLowerCase()}?
      </Heading>
      {breakdown ? (
        <Box overflowX="auto">
          <Table.Root size="sm" data-testid="deposit-breakdown">
            <Table.Caption captionSide="top" textAlign="start" color="fg.muted">
              What each of the {breakdown.depositCount} deposits pays for
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Pays for</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Per deposit</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" hideBelow="md">
                  Over the agreement
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {breakdown.lines.map((line, i) => (
                <Table.Row key={`${line.kind}-${line.label}-${i}`}>
                  <Table.Cell>
                    <Text>{line.label}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {line.sentence}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end" data-testid="breakdown-amount">
                    {formatMoney(line.amount)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" hideBelow="md">
                    {formatMoney(line.periodTotal)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
            <Table.Footer>
              <Table.Row fontWeight="bold">
                <Table.Cell>Each deposit</Table.Cell>
                <Table.Cell textAlign="end" data-testid="breakdown-total">
                  {formatMoney(breakdown.depositAmount)}
                </Table.Cell>
                <Table.Cell textAlign="end" hideBelow="md">
                  {formatMoney(breakdown.periodTotal)}
                </Table.Cell>
              </Table.Row>
            </Table.Footer>
          </Table.Root>
          {!breakdown.addsUp && (
            <Text color="fg.error" fontSize="sm">
              The lines do not add up to the deposit.
            </Text>
          )}
        </Box>
      ) : (
        <Text color="fg.muted">No deposit falls in the agreement period.</Text>
      )}
      <Stack gap="1" data-testid="deposit-forecast-summary">
        <Heading as="h4" size="sm">
          <WholeDates>{`The balance to ${formatDate(forecast.lastDay)}, ${CONTINGENCY_KEPT}`}</WholeDates>
        </Heading>
        {forecastSummary(forecast).map((line) => (
          <Text key={line} fontSize="sm">
            <WholeDates>{line}</WholeDates>
          </Text>
        ))}
        <Text fontSize="sm" data-testid="deposit-minimum">
          <WholeDates>
            {minimum.reachable && minimum.amount !== null
              ? `Smallest deposit that never goes short, ${CONTINGENCY_KEPT}: ${formatMoney(minimum.amount)}.`
              : `No deposit alone avoids going short: a top-up of ${formatMoney(minimum.topUpNeeded)} is needed by ${formatDate(minimum.topUpDate)}.`}
          </WholeDates>
        </Text>
      </Stack>
      <LazyForecastChart
        points={forecast.series}
        lowestPoint={forecast.lowestPoint}
        firstDateBelowZero={forecast.firstDateBelowZero}
        firstDateBelowOverdrawLimit={forecast.firstDateBelowOverdrawLimit}
        overdrawLimit={forecast.overdrawLimit}
      />
    </Stack>
  );
}
