import { Button, Dialog, Field, Portal, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSaveAgreementForLaterMutation } from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { notify } from '../../../shared/notify/notify';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { ACTIVATION_MESSAGES } from './activation-messages';

/**
 * Save for later (spec 3 §2): a description, then the overview, which shows the saved-for-later message with the
 * link to continue.
 */
export function SaveForLaterButton({
  agreementId,
  overview,
  disabled,
}: {
  agreementId: number;
  overview: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { loading }] = useSaveAgreementForLaterMutation({ refetchQueries: ['AgreementSavedForLater'] });
  const navigate = useNavigate();

  const submit = async () => {
    setProblem(null);
    try {
      const result = (await save({ variables: { agreementId, description } })).data?.saveAgreementForLater;
      if (!result || result.errors.length > 0) return setProblem(result?.errors[0]?.message || 'Server error.');
      setOpen(false);
      notify.successAfterNavigation(overview, result.saved?.message || ACTIVATION_MESSAGES.savedForLater);
      void navigate(overview);
    } catch (caught) {
      setProblem(serverMessage(caught));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="center" size={{ base: 'xs', sm: 'md' }}>
      <Dialog.Trigger asChild>
        <Button variant="outline" disabled={disabled}>
          Save for later
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Save for later</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Field.Root required invalid={problem !== null}>
                  <Field.Label>Description</Field.Label>
                  <Textarea
                    value={description}
                    maxLength={1000}
                    onChange={(e) => setDescription(e.target.value)}
                    placeholder="What is left to do"
                  />
                </Field.Root>
                <div aria-live="polite">{problem && <StatusAlert status="error">{problem}</StatusAlert>}</div>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Back
              </Button>
              <Button colorPalette="brand" loading={loading} onClick={() => void submit()}>
                Save
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
