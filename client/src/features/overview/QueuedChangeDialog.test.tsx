// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test-utils';
import { QueuedChangeDialog } from './QueuedChangeDialog';
import type { QueuedChangeState } from './queued-change';

function renderDialog(state: QueuedChangeState, onClose = vi.fn()) {
  const view = renderRoutes(
    [
      {
        path: '/member/42/account/7/overview',
        element: <QueuedChangeDialog state={state} memberId={42} onClose={onClose} />,
      },
      { path: '/selectaccount/42', element: <p>Select an account</p> },
    ],
    '/member/42/account/7/overview',
  );
  return { ...view, onClose };
}

const queued: QueuedChangeState = { stage: 'QUEUED', message: null, open: true, applied: 0 };

afterEach(cleanup);

describe('QueuedChangeDialog', () => {
  it('blocks the screen while the change is queued: an alert dialog with the stage, no close button', async () => {
    renderDialog(queued);
    const dialog = await screen.findByRole('alertdialog', { name: 'Agreement change in progress' });
    expect(dialog.textContent).toContain('Queued: the agreement change is waiting to be applied.');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/^Queued/);
  });

  it('cannot be dismissed with Escape while in progress', async () => {
    const { onClose } = renderDialog({ ...queued, stage: 'APPLYING' });
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('goes back to the dashboard (the member’s select-account page)', async () => {
    const { router } = renderDialog(queued);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to dashboard' }));
    expect(router.state.location.pathname).toBe('/selectaccount/42');
  });

  it('shows a failure with the server’s message and lets the user close it', async () => {
    const { onClose } = renderDialog({ ...queued, stage: 'FAILED', message: 'The deposit account is closed.' });
    expect((await screen.findByRole('alert')).textContent).toBe('The deposit account is closed.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
