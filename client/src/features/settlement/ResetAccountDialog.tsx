import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useResetAccountBalanceMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { newIdempotencyKey } from '../bills/bill-rules';
import { SavingsAccountSelect } from './SavingsAccountSelect';

/**
 * Staff reset the account (the spec's "It will need to be reset"): the balance held since the agreement was cancelled
 * is paid into a savings account of the members (or, owed, taken from it). One key per dialog: a retry moves it once.
 */
export function ResetAccountDialog({
  memberId,
  accountId,
  held,
}: {
  memberId: number;
  accountId: number;
  /** The balance held now (negative: owed), a decimal string. */
  held: string;
}) {
  const [open, setOpen] = useState(false);
  const [accountNumber, setAccountNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The money moved: the server announces it, and the statement, the page and the list are asked again then
  // (live-figures.ts).
  const [reset, { loading }] = useResetAccountBalanceMutation();
  const key = useRef(newIdempotencyKey());
  const owed = held.startsWith('-');

  const submit = async () => {
    if (!accountNumber) return setProblem('Choose the savings account.');
    setProblem(null);
    try {
      const { data } = await reset({ variables: { accountId, accountNumber, idempotencyKey: key.current } });
      const result = data?.resetAccountBalance;
      if (!result?.result) return setProblem(result?.errors[0]?.message || 'An error has occurred.');
      notify.success(result.result.message);
      key.current = newIdempotencyKey();
      setOpen(false);
    } catch (caught) {
      setProblem(serverMessage(caught));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="center" size={{ base: 'xs', sm: 'md' }}>
      <Dialog.Trigger asChild>
        <Button colorPalette="brand" alignSelf="start">
          Reset account
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Reset account to a zero balance</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>
                  {owed
                    ? `The account owes ${formatMoney(held.slice(1))}. It is taken from the savings account chosen.`
                    : `The ${formatMoney(held)} held on the account is paid into the savings account chosen.`}{' '}
                  A new agreement can then be set up on the account.
                </Text>
                <SavingsAccountSelect
                  memberId={memberId}
                  accountId={accountId}
                  label={owed ? 'Take it from' : 'Pay it into'}
                  value={accountNumber}
                  onChange={setAccountNumber}
                />
                <div aria-live="polite">{problem && <StatusAlert status="error">{problem}</StatusAlert>}</div>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Back
              </Button>
              <Button colorPalette="brand" loading={loading} onClick={() => void submit()}>
                Reset account
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
