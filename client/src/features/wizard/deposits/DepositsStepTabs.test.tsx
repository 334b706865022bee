// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AddNoteDocument, DepositsNotesDocument } from '../../../gql/graphql';
import { renderRoutes, wholeDatesIn, wholeText } from '../../../test-utils';
import { DepositsNotes } from './DepositsStepTabs';

afterEach(cleanup);

const note = (noteId: number, text: string) => ({
  __typename: 'Note' as const,
  noteId,
  text,
  dateCreated: '2026-11-20T01:30:00.000Z',
  createdBy: 'Alex Agent',
});

const notesAnswer = (notes: ReturnType<typeof note>[]) => ({
  request: { query: DepositsNotesDocument, variables: { contractId: 7 } },
  result: { data: { notes } },
});

describe('the deposits step’s notes tab (spec 3 §2)', () => {
  it('lists the agreement’s notes with who wrote them', async () => {
    renderRoutes([{ path: '/', element: <DepositsNotes contractId={7} readOnly={false} /> }], '/', [
      notesAnswer([note(1, 'Member paid by payroll from next month.')]),
    ]);
    expect(await screen.findByText('Member paid by payroll from next month.')).toBeTruthy();
    // Who and when (in the institution's time zone), the date and time kept on one line (a span of its own).
    const by = screen.getByText(wholeText('Alex Agent · 20-11-2026 12:30 pm'));
    expect(wholeDatesIn(by)).toEqual(['20-11-2026 12:30 pm']);
  });

  it('adds a note to the agreement and shows it', async () => {
    renderRoutes([{ path: '/', element: <DepositsNotes contractId={7} readOnly={false} /> }], '/', [
      notesAnswer([]),
      {
        request: {
          query: AddNoteDocument,
          variables: {
            input: {
              entityType: 'Contract',
              entityId: 7,
              text: 'Deposits agreed by phone.',
              isLogActivityDisabled: false,
            },
          },
        },
        result: {
          data: {
            addNote: {
              __typename: 'NoteResult',
              note: {
                ...note(2, 'Deposits agreed by phone.'),
                dateUpdated: null,
                entityId: 7,
                entityType: 'Contract',
                isLogActivityDisabled: false,
              },
              errors: [],
            },
          },
        },
      },
      notesAnswer([note(2, 'Deposits agreed by phone.')]),
    ]);
    expect(await screen.findByText('No data available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    fireEvent.change(await screen.findByLabelText(/^Note/), { target: { value: 'Deposits agreed by phone.' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(screen.getByText('Deposits agreed by phone.')).toBeTruthy());
  });

  it('offers no Add note when read only', async () => {
    renderRoutes([{ path: '/', element: <DepositsNotes contractId={7} readOnly /> }], '/', [notesAnswer([])]);
    expect(await screen.findByText('No data available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });
});
