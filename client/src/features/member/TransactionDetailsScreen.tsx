import { Badge, DataList, Flex, Link, Stack, Table, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useIsStaff } from '../../auth/useIsStaff';
import { useTransactionDetailsQuery } from '../../gql/hooks';
import { formatDate, formatDateTime } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { parsePositiveId } from '../../shared/route-ids';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { Section } from '../../shared/ui/Section';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { useMemberContext } from './member-context';
import { carriedOver, moneyMovements, type Movement } from './money-movements';
import { displayLabel } from '../../shared/labels';
import type { TransactionStatusName } from '@shared/transaction-status.js';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

const STATUS_PALETTE: Partial<Record<TransactionStatusName, 'orange' | 'green' | 'red' | 'gray'>> = {
  Pending: 'orange',
  Processed: 'green',
  Successful: 'green',
  Failed: 'red',
};

/** `transactions/details/:id` (spec 1 §2): one movement of money with its ledger lines. */
export function TransactionDetailsScreen() {
  const { memberId, accountId } = useMemberContext();
  const isStaff = useIsStaff();
  const transactionId = parsePositiveId(useParams().id);
  const { data, loading, error, refetch } = useTransactionDetailsQuery(
    transactionId ? { variables: { transactionId } } : skipToken,
  );
  const transaction = data?.transaction;
  return (
    <Page title="Transaction details">
      {transactionId === null && <StatusAlert status="error">This transaction does not exist.</StatusAlert>}
      {loading && <Loading label="Loading the transaction…" />}
      {error && <LoadFailed what="the transaction" error={error} onRetry={() => void refetch()} />}
      {transaction && (
        <Stack gap="5">
          <Link asChild color="brand.fg" fontWeight="medium" alignSelf="start">
            <RouterLink to={`/member/${memberId}/account/${accountId}/member/accounthistory`}>
              <span aria-hidden="true">← </span>Account history
            </RouterLink>
          </Link>
          <Section
            title={!isStaff && carriedOver(transaction) ? 'Your agreement changed' : transaction.typeName}
            id="transaction"
          >
            <DataList.Root orientation="horizontal" gap="3">
              {isStaff && <Item label="Transaction">{transaction.transactionId}</Item>}
              <Item label="Status">
                <Badge colorPalette={STATUS_PALETTE[transaction.status] ?? 'gray'}>
                  {displayLabel(transaction.statusName)}
                </Badge>
              </Item>
              <Item label="Date">{formatDateTime(transaction.date)}</Item>
              <Item label="Effective date">{formatDate(transaction.effectiveDate)}</Item>
              <Item label="Amount">{formatMoney(transaction.amount, { sign: true })}</Item>
              {transaction.billerName && <Item label="Biller">{transaction.billerName}</Item>}
              {transaction.description && <Item label="Description">{transaction.description}</Item>}
            </DataList.Root>
          </Section>
          {isStaff ? <LedgerLines lines={transaction.lines} /> : <MemberMovements transaction={transaction} />}
        </Stack>
      )}
    </Page>
  );
}

/** Staff read the ledger's own lines. */
function LedgerLines({ lines }: { lines: readonly { account: string; amount: string }[] }) {
  return (
    <Section title="Ledger lines" id="transaction-lines">
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader scope="col">Account</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Amount
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((line, index) => (
              <Table.Row key={`${line.account}-${index}`}>
                <Table.Cell>{line.account}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {formatMoney(line.amount, { sign: true })}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Section>
  );
}

/** What a member reads: the balances carried over to a changed agreement, else where the money came from and went. */
function MemberMovements({
  transaction,
}: {
  transaction: { type: number; agreementId?: number | null; billerName?: string | null } & {
    lines: readonly { account: string; amount: string; agreementId?: number | null }[];
  };
}) {
  const carried = carriedOver(transaction);
  if (!carried) return <MoneyMovements movements={moneyMovements(transaction.lines, transaction.billerName ?? null)} />;
  return (
    <Section title="Carried over to your changed agreement" id="transaction-movements">
      <Stack gap="3">
        <Text>Its balances were carried over from the agreement before it:</Text>
        <Stack as="ul" listStyleType="none" gap="1" maxW="md" aria-label="Balances carried over">
          {carried.map((item) => (
            <Flex as="li" key={item.label} justify="space-between" gap="3">
              <Text>{item.label}</Text>
              <Text fontVariantNumeric="tabular-nums">{formatMoney(item.amount)}</Text>
            </Flex>
          ))}
        </Stack>
      </Stack>
    </Section>
  );
}

/** Members read where the money was taken from and where it went (issue 8 item 5: no raw ledger lines). */
function MoneyMovements({ movements }: { movements: ReturnType<typeof moneyMovements> }) {
  const list = (title: string, items: Movement[]) => (
    <Stack gap="1" flex="1" minW="0">
      <Text as="h3" fontWeight="semibold">
        {title}
      </Text>
      <Stack as="ul" listStyleType="none" gap="1">
        {items.map((item, index) => (
          <Flex as="li" key={`${item.label}-${index}`} justify="space-between" gap="3">
            <Text>{item.label}</Text>
            <Text fontVariantNumeric="tabular-nums">{formatMoney(item.amount)}</Text>
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
  return (
    <Section title="Where the money came from and went" id="transaction-movements">
      <Flex direction={{ base: 'column', md: 'row' }} gap="6">
        {list('Taken from', movements.from)}
        {list('Went to', movements.to)}
      </Flex>
    </Section>
  );
}
