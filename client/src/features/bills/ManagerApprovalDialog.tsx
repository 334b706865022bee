import { Button, Dialog, Field, Input, Portal, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import {
  useArrearsApprovalChangedSubscription,
  useManagerOverrideApprovalMutation,
  useRequestArrearsApprovalMutation,
} from '../../gql/hooks';
import type { BillForPaymentFieldsFragment } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { WholeDates } from '../../shared/ui/WholeDates';
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
  const [sent, setSent] = useState<number | null>(null);
  // The manager's decision is pushed to this dialog (issue 8 item 6): no re-opening, no polling.
  const decision = useArrearsApprovalChangedSubscription({
    variables: { approvalId: sent ?? 0 },
    skip: sent === null,
  }).data?.arrearsApprovalChanged;
  const granted = decision !== undefined && !decision.pending && decision.approvalGranted;
  const declined = decision !== undefined && !decision.pending && !decision.approvalGranted;
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
      setSent(result.approval?.approvalId ?? null);
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
                  <WholeDates>{`The agreement is in Missed Deposit. A manager must approve paying ${bill.nickname} (${formatMoney(bill.amountAllocated)}, due ${formatDate(bill.expectedDueDate)}).`}</WholeDates>
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
                      The request goes to the managers’ queue. This window shows the manager’s decision as soon as it is
                      made; once approved, continue to pay the bill.
                    </Text>
                  </Tabs.Content>
                </Tabs.Root>
                <Field.Root>
                  <Field.Label>Note</Field.Label>
                  <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
                </Field.Root>
                <div aria-live="polite">
                  {error && <StatusAlert status="error">{error}</StatusAlert>}
                  {sent !== null && tab === 'queue' && (
                    <Stack
                      gap="2"
                      data-testid="approval-decision"
                      data-decision={granted ? 'granted' : declined ? 'declined' : 'pending'}
                    >
                      <StatusAlert status="success">Request sent to the managers’ queue.</StatusAlert>
                      {granted && decision && (
                        <StatusAlert status="success" title="Approved">
                          {decision.managerName} approved paying this bill{decision.note ? `: “${decision.note}”` : '.'}
                        </StatusAlert>
                      )}
                      {declined && decision && (
                        <StatusAlert status="error" title="Declined">
                          {decision.managerName} declined paying this bill{decision.note ? `: “${decision.note}”` : '.'}{' '}
                          The bill cannot be paid while the agreement is in Missed Deposit.
                        </StatusAlert>
                      )}
                      {!granted && !declined && (
                        <Text fontSize="sm" role="status">
                          Waiting for a manager to decide…
                        </Text>
                      )}
                    </Stack>
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
                  <Button
                    variant="outline"
                    loading={busy}
                    disabled={sent !== null}
                    onClick={() => void submitRequest()}
                  >
                    Send request
                  </Button>
                  <Button colorPalette="brand" disabled={!granted} onClick={onApproved}>
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
