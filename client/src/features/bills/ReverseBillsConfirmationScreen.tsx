import { Badge, Button, Stack, Table } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { isRecord } from '../../shared/is-record';
import { formatMoney } from '../../shared/money';
import { Page } from '../../shared/ui/Page';
import { NoData } from '../../shared/ui/Section';
import type { ReversalOutcome } from './ReverseBillsScreen';
import { useBillContext } from './use-bill-context';

function outcomesOf(state: unknown): ReversalOutcome[] {
  return isRecord(state) && Array.isArray(state.outcomes) ? (state.outcomes as ReversalOutcome[]) : [];
}

/** `member/reversebills/confirmation`: what each reversal answered. */
export function ReverseBillsConfirmationScreen() {
  const { base } = useBillContext();
  const outcomes = outcomesOf(useLocation().state);
  return (
    <Page title="Reverse bill payment confirmation">
      {outcomes.length === 0 ? (
        <NoData>No reversals were submitted.</NoData>
      ) : (
        <Table.Root size="sm" aria-label="Reversals">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Payment</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              <Table.ColumnHeader>Result</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {outcomes.map((outcome) => (
              <Table.Row key={outcome.transactionId}>
                <Table.Cell>{outcome.description}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(outcome.amount)}</Table.Cell>
                <Table.Cell>
                  <Stack gap="1">
                    <Badge colorPalette={outcome.success ? 'green' : 'red'} w="fit-content">
                      {outcome.success ? 'Reversed' : 'Failed'}
                    </Badge>
                    {!outcome.success && outcome.message}
                  </Stack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Button asChild colorPalette="brand" w="fit-content">
        <RouterLink to={`${base}/overview?viewMode=showMenus`}>Agreement summary</RouterLink>
      </Button>
    </Page>
  );
}
