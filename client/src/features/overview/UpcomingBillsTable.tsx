import { Badge, Flex, Link, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BillStatus, isOverdue } from '@shared/bill/bill-status.rules.js';
import { codeOf } from '@shared/code-names.js';
import type { OverviewSummaryFieldsFragment } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { NO_DATA, Section } from '../../shared/ui/Section';
import { padRows } from './overview-rules';

type UpcomingBill = OverviewSummaryFieldsFragment['upcomingBills'][number];

interface UpcomingBillsTableProps {
  bills: UpcomingBill[];
  /** Where a row's Pay leads (null: not payable now). */
  payPath: (bill: UpcomingBill) => string | null;
}

/**
 * The next bills paid by hand (the server's `upcomingBills`): 6 rows, padded with blank filler rows (spec 1 §9); with
 * no bills at all, one row says so (no empty rows under it). Each bill leads to paying it.
 */
export function UpcomingBillsTable({ bills, payPath }: UpcomingBillsTableProps) {
  const rows = bills.length > 0 ? padRows(bills) : padRows(bills, 1);
  return (
    <Section title="Upcoming bills" id="upcoming-bills">
      {/* What's next lists every payment kind: say why a bill paid automatically is not here. */}
      <Text color="fg.muted" fontSize="sm">
        Bills paid by hand. Bills paid automatically have their own list.
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" data-testid="upcoming-bills">
          <VisuallyHidden asChild>
            <caption>The next bills paid by hand, up to 6.</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader scope="col">Due</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Biller</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Amount
              </Table.ColumnHeader>
              {/* Relative: the hidden label is placed in the scrolling table, not past the phone's page edge. */}
              <Table.ColumnHeader scope="col" textAlign="end" position="relative">
                <VisuallyHidden>Pay</VisuallyHidden>
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
                      {isOverdue(codeOf(BillStatus, row.item.status)) && (
                        <Badge size="sm" colorPalette="red">
                          Overdue
                        </Badge>
                      )}
                      {row.item.isReimbursement && (
                        <Badge size="sm" colorPalette="gray">
                          Reimbursement
                        </Badge>
                      )}
                      {row.item.onHold && (
                        <Badge size="sm" colorPalette="orange">
                          On hold
                        </Badge>
                      )}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                    {formatMoney(row.item.amount)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" py="0">
                    <PayLink
                      to={payPath(row.item)}
                      label={`Pay ${row.item.billerName} due ${formatDate(row.item.dueDate)}`}
                    />
                  </Table.Cell>
                </Table.Row>
              ) : (
                <Table.Row
                  key={row.key}
                  data-row="filler"
                  aria-hidden={index > 0 || bills.length > 0 ? true : undefined}
                >
                  <Table.Cell colSpan={4} color="fg.muted" height="9">
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

/** A row's way to pay its bill: a 44 px tall target on phones. */
export function PayLink({ to, label }: { to: string | null; label: string }) {
  if (!to) return null;
  return (
    <Link asChild color="brand.fg" fontWeight="semibold" minH="11" px="2" display="inline-flex" alignItems="center">
      <RouterLink to={to} aria-label={label}>
        Pay
      </RouterLink>
    </Link>
  );
}
