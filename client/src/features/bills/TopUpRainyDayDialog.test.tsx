// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { BillLinkedAccountsDocument } from '../../gql/graphql';
import { renderRoutes } from '../../test-utils';
import type { MemberContext } from '../member/member-context';
import { TopUpRainyDayDialog } from './TopUpRainyDayDialog';

const context = {
  memberId: 42,
  accountId: 7,
  hideMenus: false,
  account: { agreementStatus: 'Active' } as MemberContext['account'],
} satisfies MemberContext;

function renderDialog(linkedAccounts: unknown) {
  return renderRoutes(
    [
      {
        path: '/member/:memberId/account/:accountId',
        element: <Outlet context={context} />,
        children: [
          {
            path: 'paybill',
            element: <TopUpRainyDayDialog contractId={3} onClose={() => undefined} onDone={() => undefined} />,
          },
        ],
      },
    ],
    '/member/42/account/7/paybill',
    [{ request: { query: BillLinkedAccountsDocument, variables: { memberId: 42, accountId: 7 } }, ...linkedAccounts! }],
  );
}

afterEach(cleanup);

describe('TopUpRainyDayDialog', () => {
  it('says the account balance could not be retrieved, with the server’s message (spec 1 §8, 3 §8)', async () => {
    renderDialog({ result: { errors: [new GraphQLError('Could not retrieve the linked accounts.')] } });
    const alert = (await screen.findByRole('alert')).textContent;
    expect(alert).toContain('Could not retrieve the account balance. Could not retrieve the linked accounts.');
  });

  it('says the account balance could not be retrieved when the connection fails', async () => {
    renderDialog({ error: new Error('Failed to fetch') });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not retrieve the account balance.');
  });

  it('lists the linked accounts when they load', async () => {
    const savings = {
      __typename: 'LinkedAccount',
      linkedAccountId: 1,
      accountNumber: 'S-1',
      accountNickname: 'Savings',
      availableBalance: '5.00',
    };
    renderDialog({ result: { data: { profile: { __typename: 'Profile', linkedAccounts: [savings] } } } });
    expect(await screen.findByRole('option', { name: /Savings S-1/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
