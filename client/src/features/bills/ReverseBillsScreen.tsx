import { Box, Button, Checkbox, Dialog, HStack, Portal, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBillsToReverseQuery, useReverseBillMutation } from '../../gql/hooks';
import { formatDateTime } from '../../shared/dates';
import { failureNotice, serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { BILL_MESSAGES } from './bill-messages';
import { REVERSE_PAGE_SIZE, newIdempotencyKey, nextReverseLimit } from './bill-rules';
import { useBillContext } from './use-bill-context';

export interface ReversalOutcome {
  transactionId: number;
  description: string;
  amount: string;
  success: boolean;
  message: string;
}

/** Reverse bills (staff only, spec 1 §2, §4): pick, confirm, each reversal submitted on its own. */
export function ReverseBillsScreen() {
  const { accountId, base, isStaff } = useBillContext();
  const navigate = useNavigate();
  const [limit, setLimit] = useState(REVERSE_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const { data, loading, error } = useBillsToReverseQuery({ variables: { accountId, limit }, skip: !isStaff });
  const [reverse] = useReverseBillMutation();
  const rows = data?.billsToReverse ?? [];

  if (!isStaff) {
    return (
      <Page title="Reverse bill payment">
        <StatusAlert status="error">Only staff can reverse bill payments.</StatusAlert>
      </Page>
    );
  }

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((item) => item !== id)));

  const run = async () => {
    setRunning(true);
    const outcomes: ReversalOutcome[] = [];
    for (const row of rows.filter((item) => selected.includes(item.transactionId))) {
      try {
        const { data: answer } = await reverse({
          variables: { input: { transactionId: row.transactionId, idempotencyKey: newIdempotencyKey() } },
        });
        const result = answer?.reverseBill;
        const success = Boolean(result?.success);
        const message = success
          ? result?.message || 'Reversed'
          : failureNotice(`‘${row.description}’ was not reversed.`, result?.message || result?.errors[0]?.message);
        if (!success) notify.alert(message);
        outcomes.push({
          transactionId: row.transactionId,
          description: row.description,
          amount: row.amount,
          success,
          message,
        });
      } catch (caught) {
        const message = failureNotice(`‘${row.description}’ was not reversed.`, caught);
        notify.alert(message);
        outcomes.push({
          transactionId: row.transactionId,
          description: row.description,
          amount: row.amount,
          success: false,
          message,
        });
      }
    }
    setRunning(false);
    setConfirming(false);
    navigate(`${base}/member/reversebills/confirmation`, { state: { outcomes } });
  };

  return (
    <Page title="Reverse bill payment">
      <Text color="fg.muted">{BILL_MESSAGES.reverseHelp}</Text>
      {loading && <Loading label="Loading payments…" />}
      {error && <StatusAlert status="error">{serverMessage(error, BILL_MESSAGES.loadBills)}</StatusAlert>}
      {data && rows.length === 0 && <NoData>No payments can be reversed.</NoData>}
      {rows.length > 0 && (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label="Payments that can be reversed">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Text srOnly>Select</Text>
                </Table.ColumnHeader>
                <Table.ColumnHeader>Payment</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Made</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.transactionId}>
                  <Table.Cell>
                    <Checkbox.Root
                      checked={selected.includes(row.transactionId)}
                      onCheckedChange={(event) => toggle(row.transactionId, event.checked === true)}
                    >
                      <Checkbox.HiddenInput aria-label={`Select ${row.kind}: ${row.description}`} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <Text fontWeight="medium">{row.description}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {row.kind} · {row.memberAccountNumber}
                    </Text>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{formatDateTime(row.createdAt)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(row.amount)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <HStack justify="space-between" wrap="wrap" gap="3">
        {rows.length >= limit ? (
          <Button variant="outline" onClick={() => setLimit(nextReverseLimit(limit))}>
            Show next 10
          </Button>
        ) : (
          <span />
        )}
        <Button colorPalette="red" disabled={selected.length === 0} onClick={() => setConfirming(true)}>
          Reverse selected ({selected.length})
        </Button>
      </HStack>
      <Dialog.Root
        open={confirming}
        onOpenChange={(event) => !event.open && !running && setConfirming(false)}
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4">
              <Dialog.Header>
                <Dialog.Title>Reverse {selected.length} payment(s)?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>The money goes back where it came from. This cannot be undone.</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={() => setConfirming(false)} disabled={running}>
                  Cancel
                </Button>
                <Button colorPalette="red" loading={running} onClick={() => void run()}>
                  Reverse
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Page>
  );
}
