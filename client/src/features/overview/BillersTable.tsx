import { Badge, Box, Button, ButtonGroup, Flex, Skeleton, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { OverviewBillerFieldsFragment } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { NO_DATA, Section } from '../../shared/ui/Section';
import { PayLink } from './UpcomingBillsTable';
import { displayLabel } from '../../shared/labels';

interface BillersTableProps {
  title: string;
  /** Undefined while the list loads. */
  billers: OverviewBillerFieldsFragment[] | undefined;
  /** A test and styling hook. */
  id: string;
  /** Shown instead of the rows when the list could not be loaded. */
  error?: string | null;
  /** Where a biller's Pay leads (its next unpaid bill; null: nothing to pay now). */
  payPath?: (biller: OverviewBillerFieldsFragment) => string | null;
  /** The reader may fold the table (folded at first on a phone). */
  foldable?: boolean;
}

/** Bills paid automatically or manually (spec 1 §2): each biller expands to its bills; Expand all / Collapse all. */
export function BillersTable({
  title,
  billers: loaded,
  id,
  error = null,
  payPath = () => null,
  foldable = false,
}: BillersTableProps) {
  const billers = loaded ?? [];
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const baseId = useId();
  const toggle = (billerId: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(billerId)) next.delete(billerId);
      else next.add(billerId);
      return next;
    });
  const allExpanded = billers.length > 0 && billers.every((biller) => expanded.has(biller.billerId));

  const actions =
    billers.length > 0 ? (
      <ButtonGroup size="xs" variant="outline" colorPalette="brand">
        <Button
          onClick={() => setExpanded(new Set(billers.map((biller) => biller.billerId)))}
          disabled={allExpanded}
          aria-label={`Expand all: ${title}`}
        >
          Expand all
        </Button>
        <Button
          onClick={() => setExpanded(new Set())}
          disabled={expanded.size === 0}
          aria-label={`Collapse all: ${title}`}
        >
          Collapse all
        </Button>
      </ButtonGroup>
    ) : null;

  return (
    <Section
      title={title}
      actions={actions}
      id={id}
      foldable={foldable}
      foldedHint={loaded ? `${loaded.length} ${loaded.length === 1 ? 'biller' : 'billers'}` : undefined}
    >
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" variant="line" interactive={false}>
          <VisuallyHidden asChild>
            <caption>{title}: each biller can be expanded to list its bills.</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader scope="col">Biller</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" hideBelow="md">
                Category
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" hideBelow="md">
                Paid by
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" hideBelow="sm">
                Frequency
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Amount
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Next due
              </Table.ColumnHeader>
              {/* Relative: the hidden label is placed in the scrolling table, not past the phone's page edge. */}
              <Table.ColumnHeader scope="col" textAlign="end" position="relative">
                <VisuallyHidden>Pay</VisuallyHidden>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {billers.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={7} color={error ? 'fg.error' : 'fg.muted'}>
                  {error ?? (loaded ? NO_DATA : <Skeleton height="5" aria-label="Loading" />)}
                </Table.Cell>
              </Table.Row>
            )}
            {billers.map((biller) => {
              const open = expanded.has(biller.billerId);
              const billsId = `${baseId}-${biller.billerId}`;
              return [
                <Table.Row key={biller.billerId} data-biller={biller.nickname}>
                  <Table.Cell>
                    <Flex align="center" gap="1" wrap="wrap">
                      <Button
                        variant="plain"
                        size="sm"
                        px="0"
                        h="auto"
                        minH="8"
                        color="brand.fg"
                        fontWeight="semibold"
                        textAlign="start"
                        whiteSpace="normal"
                        aria-expanded={open}
                        aria-controls={billsId}
                        onClick={() => toggle(biller.billerId)}
                      >
                        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
                        {biller.nickname}
                        <VisuallyHidden>: {open ? 'hide' : 'show'} its bills</VisuallyHidden>
                      </Button>
                      {biller.onHold && (
                        <Badge colorPalette="red" size="sm">
                          On hold
                        </Badge>
                      )}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{biller.categoryName}</Table.Cell>
                  <Table.Cell hideBelow="md">{biller.paymentType}</Table.Cell>
                  <Table.Cell hideBelow="sm">{biller.frequencyName}</Table.Cell>
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                    {formatMoney(biller.amount)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatDate(biller.nextDueDate, '—')}
                  </Table.Cell>
                  <Table.Cell textAlign="end" py="0">
                    <PayLink to={payPath(biller)} label={`Pay ${biller.nickname}`} />
                  </Table.Cell>
                </Table.Row>,
                open && (
                  <Table.Row key={`${biller.billerId}-bills`} id={billsId} bg="gray.50">
                    <Table.Cell colSpan={7} py="3">
                      <BillerBills biller={biller} />
                    </Table.Cell>
                  </Table.Row>
                ),
              ];
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Section>
  );
}

function BillerBills({ biller }: { biller: OverviewBillerFieldsFragment }) {
  if (biller.bills.length === 0) return <Text color="fg.muted">{NO_DATA}</Text>;
  return (
    <Box ps={{ base: '0', md: '6' }}>
      <Table.Root size="sm" variant="outline" bg="white">
        <caption style={{ textAlign: 'start', fontWeight: 600, paddingBottom: '0.25rem' }}>
          Bills of {biller.nickname}
        </caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">Due</Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              Amount
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Status</Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end" hideBelow="sm">
              Paid
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {biller.bills.map((bill) => (
            <Table.Row key={bill.billId}>
              <Table.Cell whiteSpace="nowrap">{formatDate(bill.dueDate)}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatMoney(bill.amount)}
              </Table.Cell>
              <Table.Cell>{displayLabel(bill.statusName)}</Table.Cell>
              <Table.Cell textAlign="end" hideBelow="sm" whiteSpace="nowrap">
                {bill.paidAmount ? `${formatMoney(bill.paidAmount)} on ${formatDate(bill.paidDate, '—')}` : '—'}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
