// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test-utils';
import { ContactSupportDialog } from './ContactSupportDialog';

function open(props: { signedIn: boolean; readOnly?: boolean }) {
  renderRoutes(
    [
      {
        path: '/',
        element: <ContactSupportDialog accountId={7} supportEmail="help@example.com" onClose={() => {}} {...props} />,
      },
    ],
    '/',
  );
}

describe('ContactSupportDialog', () => {
  afterEach(cleanup);

  it('offers a message to a signed-in member or agent', async () => {
    open({ signedIn: true });
    expect(await screen.findByRole('textbox', { name: /your message/i })).toBeTruthy();
    expect(screen.getByRole('button', { name: /send/i })).toBeTruthy();
  });

  it('gives the read-only reporting role the address instead of a form the server would refuse', async () => {
    open({ signedIn: true, readOnly: true });
    expect(await screen.findByText(/your access is read-only/i)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /send/i })).toBeNull();
  });
});
