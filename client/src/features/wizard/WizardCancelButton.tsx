import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useLocation, useNavigate, useRevalidator } from 'react-router-dom';
import { useCancelAgreementWizardMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { useDiscardUnsaved } from './unsaved/unsaved-edits';
import { cancelDestination, type WizardCancelFlow } from './wizard-frame';

interface WizardCancelButtonProps {
  agreementId: number;
  flow: WizardCancelFlow;
  /** Which wizard: a modification's cancel closes the change, not the agreement (issue 26 item 7). */
  kind: 'Create' | 'Modify';
  /**
   * Where to go afterwards (member.overview); none goes to the overview from the profile page and otherwise reloads
   * the current state (spec 2 §2, the cancel button's third branch: `cancelDestination`).
   */
  to?: string;
  /** Runs after the cancel, before the navigation (spec 2 §2: the optional callback). */
  onCancelled?: () => void;
}

/** The dialog's words: a new agreement is closed; a modification's change is discarded and the agreement stays. */
export function cancelDialogText(kind: 'Create' | 'Modify'): { title: string; body: string } {
  return kind === 'Modify'
    ? {
        title: 'Cancel this change?',
        body: 'The changes you have made here will be discarded. The agreement stays as it is.',
      }
    : {
        title: 'Cancel this agreement?',
        body: 'The unsaved details you have entered for this agreement will be closed and cancelled.',
      };
}

/**
 * The wizard's cancel button (spec 2 §2, §8): a confirmation dialog, then the cancel on the server (a creation or
 * a modification discards its draft), the callback, the cancel message, and the navigation.
 */
export function WizardCancelButton({ agreementId, flow, kind, to, onCancelled }: WizardCancelButtonProps) {
  const text = cancelDialogText(kind);
  const discardUnsaved = useDiscardUnsaved();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cancel, { loading }] = useCancelAgreementWizardMutation({ refetchQueries: ['AgreementWizardEntries'] });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const client = useApolloClient();
  /** The current state again: the route's loaders and every query on the page ask the server anew. */
  const reloadCurrentState = async () => {
    await client.refetchQueries({ include: 'active' });
    await revalidator.revalidate();
  };

  const confirm = async () => {
    setError(null);
    try {
      const result = (await cancel({ variables: { agreementId, flow } })).data?.cancelAgreementWizard;
      if (!result || result.errors.length > 0) return setError(result?.errors[0]?.message ?? 'An error has occurred.');
      onCancelled?.();
      notify.warning(result.message || 'The agreement was cancelled.');
      setOpen(false);
      // Cancelled on purpose: leaving does not ask about the edits it discarded.
      discardUnsaved();
      const destination = cancelDestination(to, pathname);
      if (destination.kind === 'reload') void reloadCurrentState();
      else void navigate(destination.to);
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
              <Dialog.Title>{text.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{text.body}</Text>
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
