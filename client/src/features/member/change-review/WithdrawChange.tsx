import { Box, Button, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useWithdrawAgreementChangeMutation } from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import type { ReviewWords } from './review-words';

/**
 * Staff take back a modification or renewal they sent to the member, before the member decides
 * (`withdrawAgreementChange`, 9 → 6): the agreement in force runs on as it was. A reason is required; the server's
 * refusal (the member decided meanwhile, say) is shown in the dialog and nothing changes.
 */
export function WithdrawChange({
  agreementId,
  words,
  onWithdrawn,
}: {
  agreementId: number;
  words: ReviewWords;
  /** Called with the server's words once it is withdrawn. */
  onWithdrawn: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [withdraw, { loading }] = useWithdrawAgreementChangeMutation();

  const confirm = async () => {
    setProblem(null);
    try {
      const result = (await withdraw({ variables: { agreementId, reason } })).data?.withdrawAgreementChange;
      if (!result?.outcome || result.errors.length > 0) {
        setProblem(result?.errors[0]?.message ?? `The ${words.what} could not be withdrawn.`);
        return;
      }
      setOpen(false);
      onWithdrawn(result.outcome.message);
    } catch (caught) {
      setProblem(serverMessage(caught, `The ${words.what} could not be withdrawn.`));
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="lg" p="4">
      <Stack gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }}>
        <Text>The member has not decided yet. If it was sent by mistake, you may take it back.</Text>
        <Dialog.Root
          role="alertdialog"
          open={open}
          onOpenChange={(details) => setOpen(details.open)}
          placement="center"
          size={{ base: 'xs', sm: 'md' }}
        >
          <Dialog.Trigger asChild>
            <Button variant="outline" colorPalette="red" flexShrink={0}>
              Withdraw the {words.what}
            </Button>
          </Dialog.Trigger>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>Withdraw the {words.what}?</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="3">
                    <Text>
                      The member will no longer be asked to approve it, and the agreement in force runs on as it is.
                    </Text>
                    <Field.Root required invalid={problem !== null && reason.trim() === ''}>
                      <Field.Label>
                        Reason
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Textarea value={reason} maxLength={1000} onChange={(event) => setReason(event.target.value)} />
                    </Field.Root>
                    <div aria-live="polite">{problem && <StatusAlert status="error">{problem}</StatusAlert>}</div>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" disabled={loading}>
                      Back
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button colorPalette="red" loading={loading} onClick={() => void confirm()}>
                    Withdraw
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      </Stack>
    </Box>
  );
}
