import { Badge, Box, Button, ButtonGroup, Flex, Skeleton, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { BillerBillsFieldsFragment, OverviewBillerFieldsFragment } from '../../gql/graphql';
import { useOverviewBillerBillsQuery } from '../../gql/documents/features/overview/overview';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { NO_DATA, Section } from '../../shared/ui/Section';
import { PayLink } from './UpcomingBillsTable';
import { displayLabel } from '../../shared/labels';

/** A biller's row, with its bills when the page asked for them with the billers (the agreement's page). */
type TableBiller = OverviewBillerFieldsFragment & Partial<Pick<BillerBillsFieldsFragment, 'bills'>>;

/** The account whose billers' bills an expanded row asks for, when the rows came without them (the overview). */
interface BillsAccount {
  memberId: number;
  accountId: number;
}

/**
 * A row's key: a biller's id or a billing sub-category's (two tables, two sequences: the manual table may hold a
 * biller and a sub-category of the same number).
 */
function rowKey(biller: Pick<OverviewBillerFieldsFragment, 'billerId' | 'isSubCategory'>): string {
  return `${biller.isSubCategory ? 'subcategory' : 'biller'}-${biller.billerId}`;
}

interface BillersTableProps {
  title: string;
  /** Undefined while the list loads. */
  billers: TableBiller[] | undefined;
  /** Where an expanded row's bills come from when the billers came without them. */
  billsAccount?: BillsAccount;
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
  billsAccount,
}: BillersTableProps) {
  const billers = loaded ?? [];
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const allExpanded = billers.length > 0 && billers.every((biller) => expanded.has(rowKey(biller)));

  const actions =
    billers.length > 0 ? (
      <ButtonGroup size="xs" variant="outline" colorPalette="brand">
        <Button
          onClick={() => setExpanded(new Set(billers.map(rowKey)))}
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
              const key = rowKey(biller);
              const open = expanded.has(key);
              const billsId = `${baseId}-${key}`;
              return [
                <Table.Row key={key} data-biller={biller.nickname}>
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
                        onClick={() => toggle(key)}
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
                  <Table.Row key={`${key}-bills`} id={billsId} bg="gray.50">
                    <Table.Cell colSpan={7} py="3">
                      {biller.bills ? (
                        <BillerBills nickname={biller.nickname} bills={biller.bills} />
                      ) : billsAccount ? (
                        <AskedBillerBills biller={biller} account={billsAccount} />
                      ) : null}
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

/**
 * An expanded row's bills on the overview: asked for as the row opens (one request for all the account's billers:
 * rows opened together, as by Expand all, share it), never from an earlier answer, which a change since may have made
 * stale; while the row is open, a change of figures asks again (live-figures.ts).
 */
function AskedBillerBills({ biller, account }: { biller: OverviewBillerFieldsFragment; account: BillsAccount }) {
  const { data, error, refetch } = useOverviewBillerBillsQuery({
    variables: account,
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });
  const overview = data?.accountOverview;
  const bills = overview
    ? [...overview.autoBillers, ...overview.manualBillers].find(
        (row) => row.billerId === biller.billerId && row.isSubCategory === biller.isSubCategory,
      )?.bills
    : undefined;
  if (bills) return <BillerBills nickname={biller.nickname} bills={bills} />;
  if (error) {
    return <LoadFailed what={`the bills of ${biller.nickname}`} error={error} onRetry={() => void refetch()} />;
  }
  // The answer came without this biller (removed since the page's answer, until the page's next one): none to show.
  if (overview) return <BillerBills nickname={biller.nickname} bills={[]} />;
  return <Skeleton height="5" aria-label={`Loading the bills of ${biller.nickname}`} />;
}

function BillerBills({ nickname, bills }: { nickname: string; bills: BillerBillsFieldsFragment['bills'] }) {
  if (bills.length === 0) return <Text color="fg.muted">{NO_DATA}</Text>;
  return (
    <Box ps={{ base: '0', md: '6' }}>
      <Table.Root size="sm" variant="outline" bg="white">
        <caption style={{ textAlign: 'start', fontWeight: 600, paddingBottom: '0.25rem' }}>Bills of {nickname}</caption>
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
          {bills.map((bill) => (
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
