import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCancelAgreementWizardMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import type { WizardCancelFlow } from './wizard-frame';

interface WizardCancelButtonProps {
  agreementId: number;
  flow: WizardCancelFlow;
  /** Where to go afterwards (member.overview). */
  to: string;
  /** Runs after the cancel, before the navigation (spec 2 §2: the optional callback). */
  onCancelled?: () => void;
}

/**
 * The wizard's cancel button (spec 2 §2, §8): a confirmation dialog, then the cancel on the server (a creation or
 * a modification discards its draft), the callback, the cancel message, and the navigation.
 */
export function WizardCancelButton({ agreementId, flow, to, onCancelled }: WizardCancelButtonProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cancel, { loading }] = useCancelAgreementWizardMutation({ refetchQueries: ['AgreementWizardEntries'] });
  const navigate = useNavigate();

  const confirm = async () => {
    setError(null);
    try {
      const result = (await cancel({ variables: { agreementId, flow } })).data?.cancelAgreementWizard;
      if (!result || result.errors.length > 0) return setError(result?.errors[0]?.message ?? 'An error has occurred.');
      onCancelled?.();
      notify.warning(result.message || 'The agreement was cancelled.');
      setOpen(false);
      void navigate(to);
    } catch (caught) {
      setError(serverMessage(caught));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(event) => setOpen(event.open)} role="alertdialog">
      <Dialog.Trigger asChild>
        <Button variant="outline" colorPalette="red">
          Cancel
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="wizard-cancel-dialog">
            <Dialog.Header>
              <Dialog.Title>Cancel this agreement?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>The unsaved details you have entered for this agreement will be closed and cancelled.</Text>
                <div aria-live="polite">{error && <StatusAlert status="error">{error}</StatusAlert>}</div>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Keep editing
              </Button>
              <Button colorPalette="red" loading={loading} onClick={() => void confirm()}>
                Yes, cancel
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
