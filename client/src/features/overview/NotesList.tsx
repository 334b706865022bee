import { Box, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../shared/dates';
import { WholeDates } from '../../shared/ui/WholeDates';
import { NO_DATA, NoData } from '../../shared/ui/Section';

interface ListedNote {
  noteId: number;
  text: string;
  createdBy: string;
  dateCreated: string;
}

/**
 * The agreement's notes as staff read them, newest first as the server lists them: the text, who wrote it and when,
 * and what the screen lets staff do with each (`actions`). Used by the overview's notes and the deposits step's tab.
 */
export function NotesList<N extends ListedNote>({
  notes,
  actions,
}: {
  notes: readonly N[];
  actions?: (note: N) => ReactNode;
}) {
  if (notes.length === 0) return <NoData>{NO_DATA}</NoData>;
  return (
    <Stack as="ul" listStyleType="none" gap="3" aria-label="Agreement notes">
      {notes.map((note) => (
        <Box as="li" key={note.noteId} borderLeftWidth="3px" borderColor="brand.emphasized" ps="3">
          <Text whiteSpace="pre-wrap">{note.text}</Text>
          <Text fontSize="sm" color="fg.muted">
            <WholeDates>{`${note.createdBy} · ${formatDateTime(note.dateCreated)}`}</WholeDates>
          </Text>
          {actions?.(note)}
        </Box>
      ))}
    </Stack>
  );
}
