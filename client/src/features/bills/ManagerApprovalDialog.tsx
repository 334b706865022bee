import { Button, Dialog, Field, Input, Portal, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useManagerOverrideApprovalMutation, useRequestArrearsApprovalMutation } from '../../gql/hooks';
import type { BillForPaymentFieldsFragment } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { StatusAlert } from '../../shared/ui/StatusAlert';

interface ManagerApprovalDialogProps {
  bill: BillForPaymentFieldsFragment;
  onClose: () => void;
  /** The bill may now be paid (a manager approved it here, or earlier from the queue). */
  onApproved: () => void;
}

/**
 * Manager approval for paying a bill in Missed Deposit (spec 1 §2 "Modals", §6): a manager types their own
 * username and password here (supervisor override), or the request goes to the managers' queue.
 */
export function ManagerApprovalDialog({ bill, onClose, onApproved }: ManagerApprovalDialogProps) {
  const [tab, setTab] = useState<string>('override');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [override, overrideState] = useManagerOverrideApprovalMutation();
  const [request, requestState] = useRequestArrearsApprovalMutation();
  const busy = overrideState.loading || requestState.loading;

  const submitOverride = async () => {
    setError(null);
    if (!username.trim() || !password) return setError('Please enter the manager’s username and password.');
    try {
      const { data } = await override({
        variables: {
          input: {
            billId: bill.billId,
            managerUsername: username.trim(),
            managerPassword: password,
            approvalGranted: true,
            note,
          },
        },
      });
      const result = data?.managerOverrideApproval;
      setPassword('');
      if (!result || result.errors.length > 0) return setError(result?.errors[0]?.message ?? 'An error has occurred.');
      if (!result.approval?.approvalGranted) return setError('The manager did not approve this payment.');
      notify.success(`Approved by ${result.approval.managerName}.`);
      onApproved();
    } catch (caught) {
      setPassword('');
      setError(serverMessage(caught));
    }
  };

  const submitRequest = async () => {
    setError(null);
    try {
      const { data } = await request({ variables: { billId: bill.billId, note } });
      const result = data?.requestArrearsApproval;
      if (!result || result.errors.length > 0) return setError(result?.errors[0]?.message ?? 'An error has occurred.');
      setSent(true);
    } catch (caught) {
      setError(serverMessage(caught));
    }
  };

  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Manager approval</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>
                  The agreement is in Missed Deposit. A manager must approve paying {bill.nickname} (
                  {formatMoney(bill.amountAllocated)}, due {formatDate(bill.expectedDueDate)}).
                </Text>
                <Tabs.Root
                  value={tab}
                  onValueChange={(event) => {
                    setTab(event.value);
                    setError(null);
                  }}
                  variant="enclosed"
                  fitted
                >
                  <Tabs.List>
                    <Tabs.Trigger value="override">Manager here</Tabs.Trigger>
                    <Tabs.Trigger value="queue">Send to queue</Tabs.Trigger>
                  </Tabs.List>
                  <Tabs.Content value="override">
                    <Stack gap="3">
                      <Field.Root required>
                        <Field.Label>Manager username</Field.Label>
                        <Input autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} />
                      </Field.Root>
                      <Field.Root required>
                        <Field.Label>Manager password</Field.Label>
                        <Input
                          type="password"
                          autoComplete="off"
                          value={password}
                          onChange={(e) => setPassword(e.target.value)}
                        />
                      </Field.Root>
                    </Stack>
                  </Tabs.Content>
                  <Tabs.Content value="queue">
                    <Text fontSize="sm" color="fg.muted">
                      The request goes to the managers’ queue. Once a manager approves it, choose “Approval granted,
                      continue” to pay the bill.
                    </Text>
                  </Tabs.Content>
                </Tabs.Root>
                <Field.Root>
                  <Field.Label>Note</Field.Label>
                  <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
                </Field.Root>
                <div aria-live="polite">
                  {error && <StatusAlert status="error">{error}</StatusAlert>}
                  {sent && tab === 'queue' && (
                    <StatusAlert status="success">Request sent to the managers’ queue.</StatusAlert>
                  )}
                </div>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              {tab === 'override' ? (
                <Button colorPalette="brand" loading={busy} onClick={() => void submitOverride()}>
                  Approve and continue
                </Button>
              ) : (
                <>
                  <Button variant="outline" loading={busy} disabled={sent} onClick={() => void submitRequest()}>
                    Send request
                  </Button>
                  <Button colorPalette="brand" onClick={onApproved}>
                    Approval granted, continue
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
