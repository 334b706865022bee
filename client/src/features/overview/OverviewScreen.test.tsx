// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../auth/session';
import { tokenFixture } from '../../auth/test-support';
import {
  AccountForecastDocument,
  AccountOverviewDocument,
  ActivitiesDocument,
  OverviewAutoBillersDocument,
  OverviewBannersDocument,
  OverviewManualBillersDocument,
  type AccountOverviewQuery,
  type MemberAccountQuery,
} from '../../gql/graphql';
import { renderRoutes } from '../../test-utils';
import type { MemberContext } from '../member/member-context';
import { OverviewScreen } from './OverviewScreen';

const ids = { memberId: 42, accountId: 7 };

const account: MemberAccountQuery['memberAccount'] = {
  __typename: 'MemberAccount',
  ...ids,
  accountNumber: '20000007',
  isActive: true,
  status: 'InArrears',
  agreementId: 907,
  agreementStatus: 4,
  member: {
    __typename: 'Member',
    memberId: 42,
    memberNumber: '100234',
    firstName: 'Alex',
    lastName: 'Member',
    isActive: true,
    isResigned: false,
  },
  link: { __typename: 'MemberAccountLinkView', ...ids, isActive: true },
};

function overview(withNotes: boolean): AccountOverviewQuery['accountOverview'] {
  return {
    __typename: 'AccountOverview',
    ...ids,
    agreement: {
      __typename: 'AgreementSummary',
      contractId: 907,
      status: 4,
      statusName: 'Missed Deposit',
      billersOnHold: [
        {
          __typename: 'BillerOnHold',
          billerId: 5,
          billerName: 'Water',
          date: '2026-09-26',
          message: 'Water bill paid on the 26-09-2026 has failed and has been placed on hold awaiting resolution',
        },
      ],
      contributionFrequency: 2,
      contributionFrequencyName: 'Fortnightly',
      depositAmount: '1380.00',
      nextDepositAmount: '1380.00',
      nextDepositDate: '2026-12-01',
      overdrawRuleDuration: 56,
      overrideOverdrawRule: false,
      overrideOverdrawRuleDuration: null,
      startDate: '2026-01-21',
      endDate: '2028-01-20',
      balances: {
        __typename: 'AgreementBalances',
        allocation: '515.55',
        contingency: '-45.25',
        rainyDay: '15.58',
        total: '485.88',
      },
    },
    allocationByCategory: [],
    upcomingBills: [
      {
        __typename: 'UpcomingBill',
        billId: 1,
        billerName: 'Orthodontist',
        dueDate: '2026-10-22',
        amount: '150.00',
        status: 1,
        isReimbursement: false,
        onHold: false,
      },
    ],
    activityTotals: {
      __typename: 'ActivityFilterTotals',
      payment: 3,
      agreementChange: 2,
      notification: 1,
      note: withNotes ? 4 : null,
    },
    ...(withNotes
      ? {
          notes: [
            {
              __typename: 'Note' as const,
              noteId: 1,
              text: 'Called the member about the renewal.',
              dateCreated: '2026-11-01T03:00:00Z',
              createdBy: 'Alex Agent',
              entityId: 907,
              entityType: 'Contract',
            },
          ],
        }
      : {}),
  };
}

function mocks(staff: boolean) {
  const filters = staff
    ? ['Payment', 'AgreementChange', 'Notification', 'Note']
    : ['Payment', 'AgreementChange', 'Notification'];
  return [
    {
      request: { query: AccountOverviewDocument, variables: { ...ids, withNotes: staff } },
      result: { data: { accountOverview: overview(staff) } },
    },
    {
      request: { query: AccountForecastDocument, variables: ids },
      result: {
        data: {
          accountForecast: {
            __typename: 'AccountForecast',
            accountId: ids.accountId,
            verdict: {
              __typename: 'ForecastVerdict',
              onTrack: false,
              until: '2027-06-30',
              firstShortDate: '2026-12-03',
              firstShortfall: '50.00',
              lowestPoint: { __typename: 'BalancePoint', date: '2026-12-03', balance: '-50.00' },
              topUpToAvoid: '50.00',
              depositToAvoid: null,
              beyondApprovedOverdraw: false,
            },
          },
        },
      },
    },
    {
      request: { query: OverviewBannersDocument },
      result: {
        data: {
          clientSettings: {
            __typename: 'ClientSettings',
            missedDepositBannerMember: 'You have missed a deposit.',
            missedDepositBannerStaff: 'The member has missed a deposit.',
            lockedAgreementBannerMember: 'Your agreement is locked.',
            lockedAgreementBannerStaff: 'The agreement is locked.',
          },
        },
      },
    },
    {
      request: { query: OverviewAutoBillersDocument, variables: ids },
      result: { data: { accountOverview: { __typename: 'AccountOverview', ...ids, autoBillers: [] } } },
    },
    {
      request: { query: OverviewManualBillersDocument, variables: ids },
      result: { data: { accountOverview: { __typename: 'AccountOverview', ...ids, manualBillers: [] } } },
    },
    {
      request: {
        query: ActivitiesDocument,
        variables: { ...ids, filters, page: 1, pageSize: 20, staff },
      },
      result: {
        data: {
          activities: {
            __typename: 'ActivityPage',
            items: [],
            page: 1,
            pageSize: 20,
            totalCount: 0,
            totals: {
              __typename: 'ActivityFilterTotals',
              payment: 0,
              agreementChange: 0,
              notification: 0,
              note: staff ? 0 : null,
            },
          },
        },
      },
    },
  ];
}

function renderOverview(staff: boolean) {
  sessionStore.save(tokenFixture(staff ? { roles: ['AGENT'], memberId: undefined } : {}));
  const context: MemberContext = { ...ids, account, hideMenus: false };
  return renderRoutes(
    [
      {
        path: '/member/:memberId/account/:accountId',
        element: <Outlet context={context} />,
        children: [{ path: 'overview', element: <OverviewScreen /> }],
      },
    ],
    '/member/42/account/7/overview',
    mocks(staff),
  );
}

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe('OverviewScreen', () => {
  it('shows a member the summary, the member wording of the banner, the billers on hold, padded bills; never notes', async () => {
    renderOverview(false);
    expect(await screen.findByText('Missed Deposit')).toBeTruthy();
    expect(screen.getByText('You have missed a deposit.')).toBeTruthy();
    expect(screen.getByText(/Water bill paid on the 26-09-2026 has failed/)).toBeTruthy();
    // It opens with what's next: the next deposit, the next bills, the forecast's verdict and the actions.
    const home = screen.getByRole('region', { name: 'What’s next' });
    expect(within(home).getByTestId('home-next-deposit').textContent).toBe('$1,380.00 on 01-12-2026');
    expect(within(home).getByTestId('home-next-bills').textContent).toContain('Orthodontist due 22-10-2026');
    expect((await within(home).findByTestId('forecast-verdict-headline')).textContent).toBe(
      'Goes short by $50.00 on 03-12-2026',
    );
    expect(within(home).getByText('To avoid it, top up $50.00 today.')).toBeTruthy();
    expect(within(home).getByRole('link', { name: 'Pay a bill' }).getAttribute('href')).toBe(
      '/member/42/account/7/paybill',
    );
    expect(within(home).getByRole('button', { name: 'Contact us' })).toBeTruthy();
    const upcoming = screen.getByRole('region', { name: 'Upcoming bills' });
    expect(within(upcoming).getAllByRole('row', { hidden: true })).toHaveLength(7); // header + 6
    expect(screen.queryByRole('region', { name: 'Agreement notes' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Notes/ })).toBeNull();
    expect(await screen.findAllByText('No data available')).not.toHaveLength(0);
  });

  it('shows staff the staff wording and the agreement notes', async () => {
    renderOverview(true);
    expect(await screen.findByText('The member has missed a deposit.')).toBeTruthy();
    // Staff see the same summary; they contact the member from the staff actions, not 'Contact us'.
    const home = screen.getByRole('region', { name: 'What’s next' });
    expect(await within(home).findByText('Goes short by $50.00 on 03-12-2026')).toBeTruthy();
    expect(within(home).queryByRole('button', { name: 'Contact us' })).toBeNull();
    const notes = await screen.findByRole('region', { name: 'Agreement notes' });
    expect(within(notes).getByText('Called the member about the renewal.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Notes/ })).toBeTruthy();
  });
});
