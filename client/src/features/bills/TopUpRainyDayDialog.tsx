import { Button, Dialog, Field, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useBillLinkedAccountsQuery, useTopUpRainyDayMutation } from '../../gql/hooks';
import { failureNotice } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { BILL_MESSAGES } from './bill-messages';
import { centsToDecimal, newIdempotencyKey, rainyDayTopUpErrors } from './bill-rules';
import { AmountInput } from '../../shared/amount/AmountInput';
import { amountOf } from '../../shared/amount/amount-entry';
import { useMemberContext } from '../member/member-context';

interface TopUpRainyDayDialogProps {
  contractId: number;
  onClose: () => void;
  onDone: () => void;
}

/** Top-up rainy day (spec 1 §2 "Modals", §4, §5): from a linked savings account; one submission at a time. */
export function TopUpRainyDayDialog({ contractId, onClose, onDone }: TopUpRainyDayDialogProps) {
  const { memberId, accountId } = useMemberContext();
  const accounts = useBillLinkedAccountsQuery({ variables: { memberId, accountId } });
  const linked = accounts.data?.profile.linkedAccounts ?? [];
  const [accountNumber, setAccountNumber] = useState('');
  const chosen = linked.find((account) => account.accountNumber === accountNumber);
  const [amountText, setAmountText] = useState('');
  const [errors, setErrors] = useState<{ accountNumber?: string; amount?: string }>({});
  const [topUp, { loading }] = useTopUpRainyDayMutation();
  const submitting = useRef(false);
  const key = useRef(newIdempotencyKey());

  const submit = async () => {
    if (submitting.current) return;
    const found = rainyDayTopUpErrors({ accountNumber, amountText }, linked, {
      accountRequired: BILL_MESSAGES.accountRequired,
      amountRequired: BILL_MESSAGES.topUpAmountRequired,
      aboveBalance: BILL_MESSAGES.topUpAboveBalance,
    });
    setErrors(found);
    if (found.accountNumber || found.amount) return;
    submitting.current = true;
    try {
      const { data } = await topUp({
        variables: {
          input: {
            contractId,
            accountNumber,
            topupAmount: centsToDecimal(amountOf(amountText) ?? 0),
            idempotencyKey: key.current,
          },
        },
      });
      const result = data?.topUpRainyDay;
      if (result?.ok) {
        notify.success(
          `Rainy day topped up successfully: ${formatMoney(centsToDecimal(amountOf(amountText) ?? 0))} from account ${accountNumber}.`,
        );
        onDone();
      } else {
        notify.alert(failureNotice('Rainy day was not topped up.', result?.errors[0]?.message));
        onClose();
      }
    } catch (caught) {
      notify.alert(failureNotice('Rainy day was not topped up.', caught));
      onClose();
    } finally {
      submitting.current = false;
    }
  };

  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Top up rainy day</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {accounts.error && (
                    <LoadFailed
                      what="the linked accounts"
                      error={accounts.error}
                      onRetry={() => void accounts.refetch()}
                    />
                  )}
                  <Field.Root required invalid={Boolean(errors.accountNumber)}>
                    <Field.Label>From account</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={accountNumber} onChange={(e) => setAccountNumber(e.target.value)}>
                        <option value="">Choose an account</option>
                        {linked.map((account) => (
                          <option key={account.accountNumber} value={account.accountNumber}>
                            {account.accountNickname} {account.accountNumber} ({formatMoney(account.availableBalance)}{' '}
                            available)
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText role="alert">{errors.accountNumber}</Field.ErrorText>
                  </Field.Root>
                  <AmountInput
                    label="Amount"
                    value={amountText}
                    onChange={(change) => {
                      setAmountText(change.text);
                      setErrors((current) => ({ ...current, amount: undefined }));
                    }}
                    error={errors.amount}
                    hint={
                      chosen
                        ? `Up to ${formatMoney(chosen.availableBalance)} available in ${chosen.accountNickname}`
                        : undefined
                    }
                  />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="brand" loading={loading} disabled={loading}>
                  Top up
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
