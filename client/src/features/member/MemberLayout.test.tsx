// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberAccountDocument, type MemberAccountQuery } from '../../gql/graphql';
import { appEvents } from '../../shared/event-bus';
import { renderRoutes } from '../../test-utils';
import { MEMBER_MESSAGES } from './member-account';
import { MemberLayout } from './MemberLayout';
import { useMemberContext } from './member-context';

type Account = MemberAccountQuery['memberAccount'];

/** The child screen only shows what the layout handed it. */
function AccountStub() {
  return <p>Account {useMemberContext().account.accountNumber}</p>;
}

function memberAccount(overrides: { linked?: boolean; active?: boolean; resigned?: boolean } = {}): Account {
  return {
    __typename: 'MemberAccount',
    accountId: 7,
    memberId: 42,
    accountNumber: 'S0007',
    isActive: true,
    status: 'Active',
    agreementId: 907,
    agreementStatus: 'Active',
    member: {
      __typename: 'Member',
      memberId: 42,
      memberNumber: '100234',
      firstName: 'Alex',
      lastName: 'Member',
      isActive: overrides.active ?? true,
      isResigned: overrides.resigned ?? false,
    },
    link: { __typename: 'MemberAccountLinkView', memberId: 42, accountId: 7, isActive: overrides.linked ?? true },
  };
}

function renderMember(path: string, account?: Account) {
  const mocks = account
    ? [
        {
          request: { query: MemberAccountDocument, variables: { memberId: 42, accountId: 7 } },
          result: { data: { memberAccount: account } },
        },
      ]
    : [];
  return renderRoutes(
    [
      {
        path: '/member/:memberId/account/:accountId',
        element: <MemberLayout />,
        children: [{ path: 'overview', element: <AccountStub /> }],
      },
    ],
    path,
    mocks,
  );
}

afterEach(cleanup);

describe('MemberLayout', () => {
  it('rejects an account id that is not a positive integer', async () => {
    renderMember('/member/42/account/abc/overview');
    expect(await screen.findByText(MEMBER_MESSAGES.invalidAccountId)).toBeTruthy();
  });

  it('shows the overview of an active, linked member and broadcasts the change of member', async () => {
    const changed = vi.fn();
    const off = appEvents.on('member-changed', changed);
    renderMember('/member/42/account/7/overview', memberAccount());
    expect(await screen.findByText('Account S0007')).toBeTruthy();
    expect(changed).toHaveBeenCalledWith({ memberId: 42, accountId: 7 });
    off();
  });

  it('stops a member who is no longer linked to the account', async () => {
    renderMember('/member/42/account/7/overview', memberAccount({ linked: false }));
    expect(await screen.findByText(MEMBER_MESSAGES.notLinked)).toBeTruthy();
    expect(screen.queryByText('Account S0007')).toBeNull();
  });

  it('warns that activity is suspended for a resigned membership', async () => {
    renderMember('/member/42/account/7/overview', memberAccount({ resigned: true }));
    expect(await screen.findByText(MEMBER_MESSAGES.resigned)).toBeTruthy();
    expect(screen.getByText('Account S0007')).toBeTruthy();
  });
});
