import { Table, Text } from '@chakra-ui/react';
import type { HardshipCaseFieldsFragment } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';

type Deposit = HardshipCaseFieldsFragment['deposits'][number];

/**
 * What the arrangement did to the deposits still to come, as the server stored it (rule "deposit relief"): each
 * deposit it changed, what it was and what it is now (none on a holiday). The client only shows the figures.
 */
export function HardshipDeposits({
  deposits,
  isStaff,
  caption,
  testId = 'hardship-deposits',
}: {
  deposits: readonly Deposit[];
  isStaff: boolean;
  /** The table's caption when it is not the arrangement in force (the staff's preview). */
  caption?: string;
  testId?: string;
}) {
  if (deposits.length === 0) return null;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" data-testid={testId}>
        <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" pb="2">
          {caption ?? (isStaff ? 'The deposits this arrangement changed' : 'What this means for your deposits')}
        </Table.Caption>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader scope="col">Due</Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              Was
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              Now
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {deposits.map((deposit) => (
            <Table.Row key={deposit.dueDate}>
              <Table.Cell whiteSpace="nowrap">{formatDate(deposit.dueDate)}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatMoney(deposit.before)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {deposit.holiday ? (
                  <Text as="span" fontWeight="medium">
                    None (holiday)
                  </Text>
                ) : (
                  formatMoney(deposit.after)
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
