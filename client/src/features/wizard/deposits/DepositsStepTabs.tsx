import { Button, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useIsStaff } from '../../../auth/useIsStaff';
import { useDepositsNotesQuery } from '../../../gql/hooks';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Loading } from '../../../shared/ui/Loading';
import { MemberNoteDialog } from '../../overview/MemberNoteDialog';
import { NotesList } from '../../overview/NotesList';
import type { StepProps } from '../step-registry';
import { DepositsStep } from './DepositsStep';

/**
 * The deposits step (spec 3 §2 "Deposits step": '… a save-for-later modal, and a notes tab'): for staff, the step
 * and the agreement's notes as two tabs (both kept mounted, so the unsaved deposits survive a look at the notes);
 * members see the step alone, as they never see notes.
 */
export function DepositsStepTabs(props: StepProps) {
  const isStaff = useIsStaff();
  if (!isStaff) return <DepositsStep {...props} />;
  return (
    <Tabs.Root defaultValue="deposits" variant="line">
      <Tabs.List aria-label="Deposits step">
        <Tabs.Trigger value="deposits" minH="11">
          Deposits
        </Tabs.Trigger>
        <Tabs.Trigger value="notes" minH="11">
          Notes
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="deposits">
        <DepositsStep {...props} />
      </Tabs.Content>
      <Tabs.Content value="notes">
        <DepositsNotes contractId={props.session.agreementId} readOnly={props.readOnly} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The agreement's notes, newest first as the server lists them, and Add note (the member-note modal). */
export function DepositsNotes({ contractId, readOnly }: { contractId: number; readOnly: boolean }) {
  const { data, loading, error, refetch } = useDepositsNotesQuery({ variables: { contractId } });
  const [adding, setAdding] = useState(false);
  if (loading && !data) return <Loading label="Loading the notes…" />;
  if (error && !data) return <LoadFailed what="the notes" error={error} onRetry={() => void refetch()} />;
  const notes = data?.notes ?? [];
  return (
    <Stack gap="3" data-testid="deposits-notes">
      {!readOnly && (
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => setAdding(true)}>
          Add note
        </Button>
      )}
      <NotesList notes={notes} />
      {adding && (
        <MemberNoteDialog
          contractId={contractId}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void refetch();
          }}
        />
      )}
    </Stack>
  );
}
