// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgreementChangeWaitingDocument } from '../../../gql/graphql';
import { renderRoutes } from '../../../test-utils';
import { ChangeWaitingNotice } from './ChangeWaitingNotice';

afterEach(cleanup);

const waiting = (message: string, waitingForMember = true) => ({
  request: { query: AgreementChangeWaitingDocument, variables: { accountId: 6 } },
  result: {
    data: {
      agreementChangeWaiting: {
        __typename: 'AgreementChangeWaiting',
        agreementId: 10,
        waitingForMember,
        isRenewal: false,
        message,
      },
    },
  },
});

describe('ChangeWaitingNotice', () => {
  it('asks the member to review a change staff sent them, with the server’s words', async () => {
    renderRoutes([{ path: '/', element: <ChangeWaitingNotice memberId={6} accountId={6} isStaff={false} /> }], '/', [
      waiting('Changes to your agreement wait for your approval.'),
    ]);
    expect((await screen.findByTestId('change-waiting')).textContent).toContain(
      'Changes to your agreement wait for your approval.',
    );
    expect(screen.getByRole('link', { name: 'Review the changes' }).getAttribute('href')).toBe(
      '/member/6/account/6/viewagreement/10',
    );
  });

  it('tells staff it waits for the member', async () => {
    renderRoutes([{ path: '/', element: <ChangeWaitingNotice memberId={6} accountId={6} isStaff /> }], '/', [
      waiting('The changes wait for the member’s approval.'),
    ]);
    expect((await screen.findByTestId('change-waiting')).textContent).toContain(
      'The changes wait for the member’s approval.',
    );
    expect(screen.getByRole('link', { name: 'See the changes' })).toBeTruthy();
  });
});
