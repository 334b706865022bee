import { DataList, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useClosingStatementQuery } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { WholeDates } from '../../shared/ui/WholeDates';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { Loading } from '../../shared/ui/Loading';
import { lazy, Suspense } from 'react';

// Staff's only, on a balance still held: loaded then, not with every member's overview (the first-load budget).
const ResetAccountDialog = lazy(() =>
  import('./ResetAccountDialog').then((module) => ({ default: module.ResetAccountDialog })),
);

/**
 * The closing statement of the account's cancelled agreement (issue 26 item 2), where the agreement used to be: the
 * balances when it was cancelled, what became of them, the bills due that the member now pays; staff reset a
 * balance still held. Without one, the account simply has no agreement yet.
 */
export function ClosingStatementCard({
  memberId,
  accountId,
  isStaff,
}: {
  memberId: number;
  accountId: number;
  isStaff: boolean;
}) {
  const { data, loading, error, refetch } = useClosingStatementQuery({ variables: { accountId } });
  if (loading && !data) return <Loading label="Loading the closing statement…" />;
  if (error) return <LoadFailed what="the closing statement" error={error} onRetry={() => void refetch()} />;
  const statement = data?.closingStatement.statement;
  if (!statement) return <Text color="fg.muted">This account has no agreement yet.</Text>;
  const held = statement.held !== '0.00';
  return (
    <Stack gap="4" data-testid="closing-statement">
      <Heading as="h3" size="md">
        Closing statement
      </Heading>
      <Text>
        <WholeDates>{`Agreement ${statement.agreementId} was cancelled on ${formatDate(statement.cancelledOn)}: ${statement.reason}`}</WholeDates>
      </Text>
      <DataList.Root orientation="horizontal" size="md" gap="2">
        {(
          [
            ['Allocation', statement.balances.allocation],
            ['Contingency', statement.balances.contingency],
            ['Rainy day', statement.balances.rainyDay],
            ['Balance when cancelled', statement.balances.total],
          ] as const
        ).map(([label, amount]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{formatMoney(amount)}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Text fontWeight="semibold" data-testid="closing-statement-message">
        <WholeDates>{statement.message}</WholeDates>
      </Text>
      {statement.billsDue.length > 0 && (
        <Stack gap="2">
          <Text>Bills that were due when the agreement was cancelled; please pay them to the biller yourself:</Text>
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Bill</Table.ColumnHeader>
                  <Table.ColumnHeader>Due</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {statement.billsDue.map((bill) => (
                  <Table.Row key={bill.billId}>
                    <Table.Cell>{bill.payee}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDate(bill.dueDate)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(bill.amount)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      )}
      {isStaff && held && (
        <Suspense fallback={<Loading label="Loading the reset…" />}>
          <ResetAccountDialog memberId={memberId} accountId={accountId} held={statement.held} />
        </Suspense>
      )}
    </Stack>
  );
}
