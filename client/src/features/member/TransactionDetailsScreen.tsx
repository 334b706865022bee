import { Badge, DataList, Link, Stack, Table } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTransactionDetailsQuery } from '../../gql/hooks';
import { formatDate, formatDateTime } from '../../shared/dates';
import { serverMessage } from '../../shared/errors';
import { SERVER_ERROR } from '../../shared/messages';
import { formatMoney } from '../../shared/money';
import { parsePositiveId } from '../../shared/route-ids';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { Section } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { useMemberContext } from './member-context';
import { displayLabel } from '../../shared/labels';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

const STATUS_PALETTE: Record<number, 'orange' | 'green' | 'red' | 'gray'> = {
  0: 'orange',
  1: 'green',
  2: 'green',
  3: 'red',
};

/** `transactions/details/:id` (spec 1 §2): one movement of money with its ledger lines. */
export function TransactionDetailsScreen() {
  const { memberId, accountId } = useMemberContext();
  const transactionId = parsePositiveId(useParams().id);
  const { data, loading, error } = useTransactionDetailsQuery(
    transactionId ? { variables: { transactionId } } : skipToken,
  );
  const transaction = data?.transaction;
  return (
    <Page title="Transaction details">
      {transactionId === null && <StatusAlert status="error">This transaction does not exist.</StatusAlert>}
      {loading && <Loading label="Loading the transaction…" />}
      {error && <StatusAlert status="error">{serverMessage(error, SERVER_ERROR)}</StatusAlert>}
      {transaction && (
        <Stack gap="5">
          <Link asChild color="brand.fg" fontWeight="medium" alignSelf="start">
            <RouterLink to={`/member/${memberId}/account/${accountId}/member/accounthistory`}>
              <span aria-hidden="true">← </span>Account history
            </RouterLink>
          </Link>
          <Section title={transaction.typeName} id="transaction">
            <DataList.Root orientation="horizontal" gap="3">
              <Item label="Transaction">{transaction.transactionId}</Item>
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
                  {transaction.lines.map((line, index) => (
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
        </Stack>
      )}
    </Page>
  );
}
