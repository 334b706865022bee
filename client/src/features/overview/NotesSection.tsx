import { Button, HStack, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import type { OverviewSummaryFieldsFragment } from '../../gql/graphql';
import { useDeleteNoteMutation } from '../../gql/hooks';
import { failureNotice } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { Section } from '../../shared/ui/Section';
import { MemberNoteDialog } from './MemberNoteDialog';
import { NotesList } from './NotesList';

type Overview = OverviewSummaryFieldsFragment;

/** The agreement's notes: staff only (members never render notes); staff add, edit and delete them here. */
const NOTE_NOT_DELETED = 'The note was not deleted.';

export function NotesSection({
  notes,
  contractId,
  onChanged,
}: {
  notes: NonNullable<Overview['notes']>;
  contractId: number | null;
  onChanged: () => void;
}) {
  const [dialog, setDialog] = useState<{ noteId: number; text: string } | 'new' | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [remove, removeState] = useDeleteNoteMutation();
  const deleteNote = async (noteId: number) => {
    try {
      const result = (await remove({ variables: { noteId } })).data?.deleteNote;
      if (!result || result.errors.length > 0)
        return notify.alert(failureNotice(NOTE_NOT_DELETED, result?.errors[0]?.message));
      notify.success('The note has been deleted.');
      setConfirming(null);
      onChanged();
    } catch (caught) {
      notify.alert(failureNotice(NOTE_NOT_DELETED, caught));
    }
  };
  return (
    <Section
      title="Agreement notes"
      id="notes"
      foldable
      foldedHint={`${notes.length} ${notes.length === 1 ? 'note' : 'notes'}`}
    >
      {contractId !== null && (
        <Button size="sm" variant="outline" alignSelf="start" mb="3" onClick={() => setDialog('new')}>
          Add note
        </Button>
      )}
      <NotesList
        notes={notes}
        actions={(note) => (
          <HStack gap="2" mt="1">
            <Button size="xs" variant="ghost" onClick={() => setDialog({ noteId: note.noteId, text: note.text })}>
              Edit<VisuallyHidden> note</VisuallyHidden>
            </Button>
            {confirming === note.noteId ? (
              <Button
                size="xs"
                colorPalette="red"
                loading={removeState.loading}
                onClick={() => void deleteNote(note.noteId)}
              >
                Confirm delete
              </Button>
            ) : (
              <Button size="xs" variant="ghost" onClick={() => setConfirming(note.noteId)}>
                Delete<VisuallyHidden> note</VisuallyHidden>
              </Button>
            )}
          </HStack>
        )}
      />
      {dialog !== null && contractId !== null && (
        <MemberNoteDialog
          contractId={contractId}
          editing={dialog === 'new' ? null : dialog}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            onChanged();
          }}
        />
      )}
    </Section>
  );
}
