// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../auth/session';
import { tokenFixture } from '../../auth/test-support';
import { MemberContactDocument, RegisterInterestDocument } from '../../gql/graphql';
import { renderRoutes, wholeDatesIn, wholeText } from '../../test-utils';
import { SERVER_ERROR } from '../../shared/messages';
import { NoMemberPage } from './NoMemberPage';

const input = { memberId: 0, fullName: 'Alex Member', email: 'alex@example.com', mobilePhone: '0412345678' };

function renderPage(result: { ok: boolean } | 'network-error') {
  const request = { query: RegisterInterestDocument, variables: { input } };
  const mock =
    result === 'network-error'
      ? { request, error: new Error('offline') }
      : {
          request,
          result: { data: { registerInterest: { __typename: 'RegisterInterestResult', ...result, errors: [] } } },
        };
  return renderRoutes(
    [
      { path: '/nomember/:memberId', element: <NoMemberPage /> },
      { path: '/interestregistered/:memberId', element: <p>Registered</p> },
    ],
    '/nomember/0',
    [mock],
  );
}

function fill(values: { name: string; email: string; mobile: string }) {
  fireEvent.change(screen.getByLabelText(/full name/i), { target: { value: values.name } });
  fireEvent.change(screen.getByLabelText(/email/i), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText(/mobile phone/i), { target: { value: values.mobile } });
  fireEvent.click(screen.getByRole('button', { name: 'Register interest' }));
}

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe('NoMemberPage', () => {
  it('sends nothing while the form is invalid', async () => {
    const { router } = renderPage({ ok: true });
    fill({ name: 'Alex Member', email: 'alex@', mobile: '0212345678' });
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please enter an Australian mobile number, such as 0412 345 678.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/nomember/0');
  });

  it('registers interest and moves on', async () => {
    const { router } = renderPage({ ok: true });
    fill({ name: ' Alex Member ', email: 'alex@example.com', mobile: '0412 345 678' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/interestregistered/0'));
  });

  it('shows Server error. when registering fails', async () => {
    renderPage('network-error');
    fill({ name: 'Alex Member', email: 'alex@example.com', mobile: '0412345678' });
    expect(await screen.findByText(SERVER_ERROR)).toBeTruthy();
  });

  it('tells a member who registered before when, the date kept on one line', async () => {
    sessionStore.save(tokenFixture({ memberId: 42 }));
    renderRoutes([{ path: '/nomember/:memberId', element: <NoMemberPage /> }], '/nomember/42', [
      {
        request: { query: MemberContactDocument, variables: { memberId: 42 } },
        result: {
          data: {
            member: {
              __typename: 'Member',
              memberId: 42,
              firstName: 'Alex',
              lastName: 'Member',
              email: 'alex@example.com',
              mobilePhone: '0412345678',
              interestRegisteredOn: '2026-11-20',
            },
          },
        },
      },
    ]);
    const sentence = await screen.findByText(
      wholeText(
        'You registered your interest on 20-11-2026. We will contact you about setting up bill smoothing; there is nothing more you need to do.',
      ),
    );
    expect(wholeDatesIn(sentence)).toEqual(['20-11-2026']);
  });
});
