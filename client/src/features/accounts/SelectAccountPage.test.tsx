// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountListDocument, type AccountListQuery } from '../../gql/graphql';
import { renderRoutes } from '../../test-utils';
import { INACTIVE_ACCOUNT_WARNING } from './select-account';
import { SelectAccountPage } from './SelectAccountPage';

type Item = AccountListQuery['accountList'][number];
const item = (accountId: number, status: Item['status'], isActive = true): Item => ({
  __typename: 'AccountListItem',
  accountId,
  accountNumber: `S${accountId}`,
  agreementId: 900 + accountId,
  isActive,
  productName: 'Bill smoothing',
  status,
  statusName: status === 'Pending' ? 'Pending approval' : status,
});

function renderPage(accountList: Item[]) {
  const mocks = [
    { request: { query: AccountListDocument, variables: { memberId: 42 } }, result: { data: { accountList } } },
  ];
  return renderRoutes(
    [
      { path: '/selectaccount/:memberId', element: <SelectAccountPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    '/selectaccount/42',
    mocks,
  );
}

afterEach(cleanup);

describe('SelectAccountPage', () => {
  it('lists the accounts without the Modified ones and warns about an inactive one', async () => {
    renderPage([item(1, 'Active'), item(2, 'Modified'), item(3, 'Pending', false)]);

    expect(await screen.findByRole('button', { name: 'Open account S1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open account S2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open account S3' })).toBeTruthy();
    expect(screen.getAllByText(INACTIVE_ACCOUNT_WARNING)).toHaveLength(1);
  });

  it('opens a Pending account on its agreement with menus hidden', async () => {
    const { router } = renderPage([item(1, 'Active'), item(3, 'Pending')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open account S3' }));
    expect(router.state.location.pathname).toBe('/member/42/account/3/viewagreement/903');
    expect(router.state.location.search).toBe('?viewMode=hideMenus');
  });

  it('sends a member without accounts to the no-member page', async () => {
    const { router } = renderPage([item(2, 'Modified')]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nomember/42'));
  });
});
