import { Button, Checkbox, Dialog, Field, Portal, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useAddNoteMutation, useEditNoteMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { noteTextError } from './note-rules';

interface MemberNoteDialogProps {
  /** The agreement the note is on (entity type Contract). */
  contractId: number;
  /** The note being edited; absent: a new note. */
  editing?: { noteId: number; text: string } | null;
  onClose: () => void;
  /** After a save: the overview and activities reload. */
  onSaved: () => void;
}

/** The member-note modal (spec 1 §2 "Modals"): staff add a contract note, or edit one. */
export function MemberNoteDialog({ contractId, editing, onClose, onSaved }: MemberNoteDialogProps) {
  const [text, setText] = useState(editing?.text ?? '');
  const [quiet, setQuiet] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [add, addState] = useAddNoteMutation();
  const [edit, editState] = useEditNoteMutation();

  const save = async () => {
    const invalid = noteTextError(text);
    if (invalid) return setError(invalid);
    setError(null);
    try {
      const result = editing
        ? (await edit({ variables: { noteId: editing.noteId, text } })).data?.editNote
        : (
            await add({
              variables: {
                input: { entityType: 'Contract', entityId: contractId, text, isLogActivityDisabled: quiet },
              },
            })
          ).data?.addNote;
      if (!result || result.errors.length > 0) return setError(result?.errors[0]?.message ?? 'An error has occurred.');
      notify.success(editing ? 'The note has been updated.' : 'The note has been added.');
      onSaved();
    } catch (caught) {
      setError(serverMessage(caught));
    }
  };

  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="member-note-dialog">
            <Dialog.Header>
              <Dialog.Title>{editing ? 'Edit note' : 'Add a note'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root required invalid={Boolean(error)}>
                  <Field.Label>Note</Field.Label>
                  <Textarea value={text} onChange={(e) => setText(e.target.value)} rows={4} autoFocus />
                </Field.Root>
                {!editing && (
                  <Checkbox.Root checked={quiet} onCheckedChange={(e) => setQuiet(e.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Do not show this note in the activity list</Checkbox.Label>
                  </Checkbox.Root>
                )}
                <div aria-live="polite">{error && <StatusAlert status="error">{error}</StatusAlert>}</div>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette="brand" loading={addState.loading || editState.loading} onClick={() => void save()}>
                Save note
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
