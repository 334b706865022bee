// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test-utils';
import { ChangeWaitingNotice } from './ChangeWaitingNotice';

afterEach(cleanup);

const waiting = (message: string, waitingForMember = true, previousAgreementId: number | null = 9) =>
  ({
    __typename: 'AgreementChangeWaiting',
    agreementId: 10,
    previousAgreementId,
    waitingForMember,
    isRenewal: false,
    message,
  }) as const;

describe('ChangeWaitingNotice', () => {
  it('says nothing while no change is on its way', () => {
    const { container } = renderRoutes(
      [{ path: '/', element: <ChangeWaitingNotice memberId={6} accountId={6} isStaff={false} waiting={null} /> }],
      '/',
    );
    expect(container.querySelector('[data-testid="change-waiting"]')).toBeNull();
  });

  it('asks the member to review a change staff sent them, with the server’s words', async () => {
    const notice = waiting('Changes to your agreement wait for your approval.');
    renderRoutes(
      [{ path: '/', element: <ChangeWaitingNotice memberId={6} accountId={6} isStaff={false} waiting={notice} /> }],
      '/',
    );
    expect((await screen.findByTestId('change-waiting')).textContent).toContain(
      'Changes to your agreement wait for your approval.',
    );
    expect(screen.getByRole('link', { name: 'Review the changes' }).getAttribute('href')).toBe(
      '/member/6/account/6/viewagreement/10',
    );
  });

  it('tells staff it waits for the member', async () => {
    const notice = waiting('The changes wait for the member’s approval.');
    renderRoutes(
      [{ path: '/', element: <ChangeWaitingNotice memberId={6} accountId={6} isStaff waiting={notice} /> }],
      '/',
    );
    expect((await screen.findByTestId('change-waiting')).textContent).toContain(
      'The changes wait for the member’s approval.',
    );
    expect(screen.getByRole('link', { name: 'See the changes' })).toBeTruthy();
  });

  it('asks the member to review a new agreement staff sent them: the agreement, not changes', async () => {
    const notice = waiting('Your new agreement waits for your approval.', true, null);
    renderRoutes(
      [{ path: '/', element: <ChangeWaitingNotice memberId={6} accountId={6} isStaff={false} waiting={notice} /> }],
      '/',
    );
    expect((await screen.findByTestId('change-waiting')).textContent).toContain(
      'Your new agreement waits for your approval.',
    );
    expect(screen.getByRole('link', { name: 'Review the agreement' }).getAttribute('href')).toBe(
      '/member/6/account/6/viewagreement/10',
    );
  });
});
