import { Button, Dialog, Field, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import { useBillLinkedAccountsQuery } from '../../gql/hooks';
import { failureNotice } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { AmountInput } from '../../shared/amount/AmountInput';
import { amountOf } from '../../shared/amount/amount-entry';
import { useMemberContext } from '../member/member-context';
import { BILL_MESSAGES } from './bill-messages';
import { centsToDecimal, newIdempotencyKey, rainyDayTopUpErrors, toCents } from './bill-rules';

/** What the server answered to a move: the words of success, or its first error (a field's is shown on the field). */
export type MoveAnswer =
  { ok: true; success: string } | { ok: false; error?: { field?: string | null; message: string } | null };

interface FromLinkedAccountDialogProps {
  title: string;
  /** Said above the form. */
  intro?: ReactNode;
  submitLabel: string;
  /** The amount offered when the dialog opens ('' for none). */
  initialAmount?: string;
  /** The lead of the alert when the money did not move. */
  failed: string;
  /** Moves the money (amount as a decimal string) under the dialog's one idempotency key. */
  move: (input: { accountNumber: string; amount: string; idempotencyKey: string }) => Promise<MoveAnswer>;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Money in from one of the member's linked savings accounts now (the rainy-day top-up, the arrears catch-up): one
 * account and one amount checked as typed against the account's available balance, one submission at a time under
 * one idempotency key, so a retry moves the money once.
 */
export function FromLinkedAccountDialog(props: FromLinkedAccountDialogProps) {
  const { title, intro, submitLabel, initialAmount = '', failed, move, onClose, onDone } = props;
  const { memberId, accountId } = useMemberContext();
  const accounts = useBillLinkedAccountsQuery({ variables: { memberId, accountId } });
  const linked = accounts.data?.profile.linkedAccounts ?? [];
  const [accountNumber, setAccountNumber] = useState('');
  const chosen = linked.find((account) => account.accountNumber === accountNumber);
  const [amountText, setAmountText] = useState(initialAmount);
  const [errors, setErrors] = useState<{ accountNumber?: string; amount?: string }>({});
  const [loading, setLoading] = useState(false);
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
    setLoading(true);
    try {
      const amount = centsToDecimal(amountOf(amountText) ?? 0);
      const answer = await move({ accountNumber, amount, idempotencyKey: key.current });
      if (answer.ok) {
        notify.success(answer.success);
        onDone();
        return;
      }
      const field = answer.error?.field;
      if (field === 'amount' || field === 'accountNumber') {
        setErrors({ [field]: answer.error!.message });
      } else {
        notify.alert(failureNotice(failed, answer.error?.message));
        onClose();
      }
    } catch (caught) {
      notify.alert(failureNotice(failed, caught));
      onClose();
    } finally {
      submitting.current = false;
      setLoading(false);
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
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {intro}
                  {accounts.error && (
                    <LoadFailed
                      what="the linked accounts"
                      lead={BILL_MESSAGES.accountBalance}
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
                    limits={chosen?.availableBalance ? { max: toCents(chosen.availableBalance) } : undefined}
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
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
