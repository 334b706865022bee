import { Button, Dialog, Field, Portal, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useCancelAgreementWithSettlementMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { SavingsAccountSelect } from './SavingsAccountSelect';

type Settle = 'payout' | 'hold';

/**
 * Staff cancel the agreement in force (issue 26 item 2): with a reason, and what becomes of its balance: paid into a
 * savings account of the members, or held on the account until it is reset. The server settles it in the same step.
 */
export function CancelAgreementDialog({
  agreementId,
  memberId,
  accountId,
  open,
  onOpenChange,
  onDone,
}: {
  agreementId: number;
  memberId: number;
  accountId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [settle, setSettle] = useState<Settle>('payout');
  const [accountNumber, setAccountNumber] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; account?: string; server?: string }>({});
  const [cancel, { loading }] = useCancelAgreementWithSettlementMutation({
    refetchQueries: ['AgreementWizardEntries', 'ClosingStatement'],
  });
  const busy = useRef(false);

  const submit = async () => {
    if (busy.current) return;
    const found = {
      reason: reason.trim() ? undefined : 'Enter the reason for cancelling.',
      account:
        settle === 'payout' && !accountNumber ? 'Choose the savings account to pay the balance into.' : undefined,
    };
    setErrors(found);
    if (found.reason || found.account) return;
    busy.current = true;
    try {
      const { data } = await cancel({
        variables: { agreementId, reason, payoutAccountNumber: settle === 'payout' ? accountNumber : null },
      });
      const result = data?.cancelAgreement;
      if (!result?.outcome || result.errors.length > 0) {
        setErrors({ server: result?.errors[0]?.message || 'An error has occurred.' });
        return;
      }
      notify.success(result.outcome.message);
      setReason('');
      onOpenChange(false);
      onDone();
    } catch (caught) {
      setErrors({ server: serverMessage(caught) });
    } finally {
      busy.current = false;
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      placement="center"
      size={{ base: 'xs', sm: 'md' }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" colorPalette="red">
          Cancel agreement
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Cancel agreement</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>
                    The agreement stops: no more deposits or bill payments. This cannot be undone. Bills already due are
                    listed on the member’s closing statement for them to pay.
                  </Text>
                  <Field.Root required invalid={Boolean(errors.reason)}>
                    <Field.Label>Reason</Field.Label>
                    <Textarea value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
                    <Field.ErrorText role="alert">{errors.reason}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label id="settle-label">The agreement’s balance</Field.Label>
                    <RadioGroup.Root
                      aria-labelledby="settle-label"
                      value={settle}
                      onValueChange={(e) => setSettle(e.value as Settle)}
                    >
                      <Stack gap="2">
                        <RadioGroup.Item value="payout">
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>Pay it into the member’s savings account</RadioGroup.ItemText>
                        </RadioGroup.Item>
                        <RadioGroup.Item value="hold">
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>Hold it on the account until the account is reset</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      </Stack>
                    </RadioGroup.Root>
                  </Field.Root>
                  {settle === 'payout' && (
                    <SavingsAccountSelect
                      memberId={memberId}
                      accountId={accountId}
                      label="Pay the balance into"
                      preselectFirst
                      value={accountNumber}
                      onChange={(value) => {
                        setAccountNumber(value);
                        setErrors((current) => ({ ...current, account: undefined }));
                      }}
                      error={errors.account}
                    />
                  )}
                  <div aria-live="polite">
                    {errors.server && <StatusAlert status="error">{errors.server}</StatusAlert>}
                  </div>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => onOpenChange(false)}>
                  Back
                </Button>
                <Button type="submit" colorPalette="red" loading={loading} disabled={loading}>
                  Cancel agreement
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
