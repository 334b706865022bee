// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../app/theme';
import { sessionStore } from '../../auth/session';
import { LoginPage } from './LoginPage';
import { LOGIN_MESSAGES } from './login-form';

const fetchMock = vi.fn<typeof fetch>();

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginPage /> },
      { path: '/selectaccount/:memberId', element: <p>Member accounts</p> },
      { path: '/dashboard', element: <p>Staff landing</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return router;
}

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/member number or username/i), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/password/i), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const memberToken = {
  access_token: 'access-1',
  token_type: 'bearer',
  expires_in: 900,
  refresh_token: 'refresh-1',
  userName: '100234',
  displayName: 'Alex Member',
  roles: ['MEMBER'],
  memberId: 42,
  issued: '2030-01-01T00:00:00Z',
  expires: '2030-01-01T00:15:00Z',
  sessionExpires: '2030-01-01T08:00:00Z',
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('LoginPage', () => {
  it('sends nothing and marks both fields when they are empty', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(LOGIN_MESSAGES.usernameRequired)).toBeTruthy();
    expect(screen.getByText(LOGIN_MESSAGES.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText(/member number or username/i).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing while the password is missing', async () => {
    renderLogin();
    fillAndSubmit('100234', '');

    expect(await screen.findByText(LOGIN_MESSAGES.passwordRequired)).toBeTruthy();
    expect(screen.queryByText(LOGIN_MESSAGES.usernameRequired)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's error_description when sign-in is refused", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: 'invalid_grant', error_description: 'The member number or password is incorrect.' }),
    );
    renderLogin();
    fillAndSubmit('100234', 'wrong');

    const alert = await screen.findByText('The member number or password is incorrect.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(sessionStore.get()).toBeNull();
  });

  it('posts a password grant as a form and takes a member to their accounts', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, memberToken));
    const router = renderLogin();
    fillAndSubmit(' 100234 ', 's3cret&more');

    await waitFor(() => expect(router.state.location.pathname).toBe('/selectaccount/42'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/Token');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      grant_type: 'password',
      username: '100234',
      password: 's3cret&more',
    });
    expect(sessionStore.get()?.displayname).toBe('Alex Member');
  });

  it('takes staff to their dashboard', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ...memberToken, roles: ['AGENT'], memberId: null }));
    const router = renderLogin();
    fillAndSubmit('agent.smith', 'secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
