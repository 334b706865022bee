import { Badge, Flex, Table, VisuallyHidden } from '@chakra-ui/react';
import type { AccountOverviewQuery } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { NO_DATA, Section } from '../../shared/ui/Section';
import { padRows } from './overview-rules';

type UpcomingBill = AccountOverviewQuery['accountOverview']['upcomingBills'][number];

/** Overdue bill statuses (spec 1 §9). */
const OVERDUE = new Set([1, 4]);

/** The next bills due: always 6 rows, padded with blank filler rows (spec 1 §9). */
export function UpcomingBillsTable({ bills }: { bills: UpcomingBill[] }) {
  const rows = padRows(bills);
  return (
    <Section title="Upcoming bills" id="upcoming-bills">
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" data-testid="upcoming-bills">
          <VisuallyHidden asChild>
            <caption>The next bills due, up to 6.</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader scope="col">Due</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Biller</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Amount
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, index) =>
              row.kind === 'row' ? (
                <Table.Row key={row.item.billId} data-row="bill">
                  <Table.Cell whiteSpace="nowrap">{formatDate(row.item.dueDate)}</Table.Cell>
                  <Table.Cell>
                    <Flex align="center" gap="1" wrap="wrap">
                      {row.item.billerName}
                      {OVERDUE.has(row.item.status) && (
                        <Badge size="sm" colorPalette="red">
                          Overdue
                        </Badge>
                      )}
                      {row.item.isReimbursement && (
                        <Badge size="sm" colorPalette="gray">
                          Reimbursement
                        </Badge>
                      )}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                    {formatMoney(row.item.amount)}
                  </Table.Cell>
                </Table.Row>
              ) : (
                <Table.Row
                  key={row.key}
                  data-row="filler"
                  aria-hidden={index > 0 || bills.length > 0 ? true : undefined}
                >
                  <Table.Cell colSpan={3} color="fg.muted" height="9">
                    {index === 0 && bills.length === 0 ? NO_DATA : '\u00a0'}
                  </Table.Cell>
                </Table.Row>
              ),
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Section>
  );
}
