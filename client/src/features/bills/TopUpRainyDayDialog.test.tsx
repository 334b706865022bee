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
  account: { agreementStatus: 7 } as MemberContext['account'],
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
  it('shows the server’s message when the linked accounts cannot be loaded (spec 1 §8)', async () => {
    renderDialog({ result: { errors: [new GraphQLError('Could not retrieve the linked accounts.')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not retrieve the linked accounts.');
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
