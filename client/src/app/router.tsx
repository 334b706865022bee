import type { ApolloClient } from '@apollo/client';
import type { ComponentType, ReactElement } from 'react';
import { Navigate, createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import {
  redirectSignedIn,
  requireSession,
  requireSessionForMember,
  requireStaff,
  sessionRedirect,
} from '../auth/guards';
import { sessionStore } from '../auth/session';
import { isStaff } from '../auth/session-rules';
import { parsePositiveId } from '../shared/route-ids';
import { isFirstPageShown, routeDataClient, setFirstPageShown, setRouteDataClient } from './route-data';
import { MemberIndexRedirect } from '../features/member/MemberIndexRedirect';
import { UnauthorizedLayout } from '../features/public/UnauthorizedLayout';
import { RootLayout } from './layout/RootLayout';

/**
 * Every screen is a lazy chunk (issue 13 item 7: the login page and the overview
 * each load at most 250 KB of compressed script; `npm run bench -- first-load` measures it). The router loads a
 * route's chunk before rendering it, so no Suspense fallback is needed. Import each screen's own file here, never
 * a barrel: a barrel would put every screen it names in one chunk.
 */
function lazyScreen<M>(
  load: () => Promise<M>,
  render: (module: M) => ComponentType | ReactElement,
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const screen = render(await load());
      return typeof screen === 'function' ? { Component: screen } : { element: screen };
    },
  };
}

function NoFallback() {
  return null;
}

/**
 * The overview's data starts with its route (overview-loader.ts), beside the screen's code, instead of one round of
 * requests after another from its components. Signed out, the member layout's guard redirects and nothing is asked.
 */
async function overviewLoader({ params }: LoaderFunctionArgs): Promise<null> {
  const client = routeDataClient();
  const memberId = parsePositiveId(params.memberId);
  const accountId = parsePositiveId(params.accountId);
  const session = sessionStore.get();
  if (!client || memberId === null || accountId === null || !session) return null;
  if (sessionRedirect(sessionStore, Date.now()) !== null) return null;
  const { loadOverviewData } = await import('../features/overview/overview-loader');
  return loadOverviewData(client, { memberId, accountId }, isStaff(session.roles), { wait: !isFirstPageShown() });
}

const payBill = () => import('../features/bills/PayBillScreen');
const billConfirmation = () => import('../features/bills/BillConfirmationScreen');
const reverseBills = () => import('../features/bills/ReverseBillsScreen');

/** The member area's screens (spec 1 §2 "Authenticated states"), relative to /member/:memberId/account/:accountId. */
const memberScreens: RouteObject[] = [
  { index: true, element: <MemberIndexRedirect /> },
  {
    path: 'overview',
    loader: overviewLoader,
    ...lazyScreen(
      () => import('../features/overview/OverviewScreen'),
      (m) => m.OverviewScreen,
    ),
  },
  {
    path: 'paybill',
    ...lazyScreen(
      () => import('../features/bills/BillDashboardScreen'),
      (m) => m.BillDashboardScreen,
    ),
  },
  // spec 1 §2 pay and reimburse states have no URL of their own: these paths are ours.
  { path: 'paybill/pay/:billId/:billOrAllocation', ...lazyScreen(payBill, (m) => <m.PayBillScreen mode="pay" />) },
  {
    path: 'paybill/reimburse/:billId/:billOrAllocation',
    ...lazyScreen(payBill, (m) => <m.PayBillScreen mode="reimburse" />),
  },
  {
    path: 'bill/:billId/confirmation/:billOrAllocation',
    ...lazyScreen(billConfirmation, (m) => m.BillConfirmationScreen),
  },
  {
    path: 'bill/:billId/reimburseconfirmation/:billOrAllocation',
    ...lazyScreen(billConfirmation, (m) => <m.BillConfirmationScreen reimbursement />),
  },
  { path: 'member/reversebills', ...lazyScreen(reverseBills, (m) => m.ReverseBillsScreen) },
  {
    path: 'member/accounthistory',
    ...lazyScreen(
      () => import('../features/member/AccountHistoryScreen'),
      (m) => m.AccountHistoryScreen,
    ),
  },
  {
    path: 'viewagreement/:agreementId',
    ...lazyScreen(
      () => import('../features/member/ViewAgreementScreen'),
      (m) => m.ViewAgreementScreen,
    ),
  },
  {
    path: 'member/profile',
    ...lazyScreen(
      () => import('../features/member/ProfileScreen'),
      (m) => m.ProfileScreen,
    ),
  },
  {
    path: 'member/hardship',
    ...lazyScreen(
      () => import('../features/hardship/HardshipScreen'),
      (m) => m.HardshipScreen,
    ),
  },
  {
    path: 'member/graphs',
    ...lazyScreen(
      () => import('../features/member/GraphsScreen'),
      (m) => m.GraphsScreen,
    ),
  },
  {
    path: 'transactions/details/:id',
    ...lazyScreen(
      () => import('../features/member/TransactionDetailsScreen'),
      (m) => m.TransactionDetailsScreen,
    ),
  },
  {
    path: 'member/reversebills/confirmation',
    ...lazyScreen(
      () => import('../features/bills/ReverseBillsConfirmationScreen'),
      (m) => m.ReverseBillsConfirmationScreen,
    ),
  },
  // The agreement wizard (spec 2 §2, spec 3 §2): member.newagreement, member.modifyagreement, member.continue.
  {
    path: 'newagreement',
    ...lazyScreen(
      () => import('../features/wizard/NewAgreementScreen'),
      (m) => m.NewAgreementScreen,
    ),
  },
  {
    path: 'modifyagreement',
    ...lazyScreen(
      () => import('../features/wizard/ModifyAgreementScreen'),
      (m) => m.ModifyAgreementScreen,
    ),
  },
  {
    path: 'contract/continue',
    ...lazyScreen(
      () => import('../features/wizard/WizardScreen'),
      (m) => m.WizardScreen,
    ),
  },
  // Staff manage the agreement in force: lock, unlock, cancel, renew, move the end date (agreement/lifecycle).
  {
    path: 'manageagreement',
    ...lazyScreen(
      () => import('../features/wizard/activate/ManageAgreementScreen'),
      (m) => m.ManageAgreementScreen,
    ),
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Rendered while the first page's chunk loads (a few kB): nothing, as before the split.
    HydrateFallback: NoFallback,
    children: [
      {
        // spec 1 §2 "unauthorized" states: login, and the unauthorized, locked and expired pages.
        element: <UnauthorizedLayout />,
        children: [
          {
            index: true,
            loader: redirectSignedIn,
            ...lazyScreen(
              () => import('../features/login/LoginPage'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'help',
            ...lazyScreen(
              () => import('../features/support/HelpPage'),
              (m) => m.HelpPage,
            ),
          },
          {
            path: 'unauthorized',
            ...lazyScreen(
              () => import('../features/public/StatusPages'),
              (m) => m.UnauthorizedPage,
            ),
          },
          {
            path: 'locked',
            ...lazyScreen(
              () => import('../features/public/StatusPages'),
              (m) => m.LockedPage,
            ),
          },
          {
            path: 'expired',
            ...lazyScreen(
              () => import('../features/public/StatusPages'),
              (m) => m.ExpiredPage,
            ),
          },
        ],
      },
      {
        path: 'singlesignon',
        ...lazyScreen(
          () => import('../features/sso/SingleSignOnPage'),
          (m) => m.SingleSignOnPage,
        ),
      },
      {
        path: 'nomember/:memberId',
        loader: requireSessionForMember,
        ...lazyScreen(
          () => import('../features/interest/NoMemberPage'),
          (m) => m.NoMemberPage,
        ),
      },
      {
        path: 'interestregistered/:memberId',
        loader: requireSessionForMember,
        ...lazyScreen(
          () => import('../features/interest/InterestRegisteredPage'),
          (m) => m.InterestRegisteredPage,
        ),
      },
      {
        path: 'selectaccount/:memberId',
        loader: requireSession,
        ...lazyScreen(
          () => import('../features/accounts/SelectAccountPage'),
          (m) => m.SelectAccountPage,
        ),
      },
      {
        // agent.myDashboard (spec 1 §2, "not shown"): where staff land after signing in.
        path: 'dashboard',
        loader: requireStaff,
        ...lazyScreen(
          () => import('../features/dashboard/DashboardPage'),
          (m) => m.DashboardPage,
        ),
      },
      {
        path: 'members',
        loader: requireStaff,
        ...lazyScreen(
          () => import('../features/staff/MembersPage'),
          (m) => m.MembersPage,
        ),
      },
      {
        path: 'approvals',
        loader: requireStaff,
        ...lazyScreen(
          () => import('../features/bills/ApprovalQueuePage'),
          (m) => m.ApprovalQueuePage,
        ),
      },
      {
        path: 'atrisk',
        loader: requireStaff,
        ...lazyScreen(
          () => import('../features/risk/AtRiskPage'),
          (m) => m.AtRiskPage,
        ),
      },
      {
        path: 'misseddeposits',
        loader: requireStaff,
        ...lazyScreen(
          () => import('../features/report/MissedDepositsPage'),
          (m) => m.MissedDepositsPage,
        ),
      },
      {
        path: 'bankjobs',
        loader: requireStaff,
        ...lazyScreen(
          () => import('../features/bank/BankJobsPage'),
          (m) => m.BankJobsPage,
        ),
      },
      {
        // What needs a person, most urgent first (issue 22 item 3).
        path: 'worklist',
        loader: requireStaff,
        ...lazyScreen(
          () => import('../features/worklist/WorklistPage'),
          (m) => m.WorklistPage,
        ),
      },
      {
        path: 'messages',
        loader: requireStaff,
        ...lazyScreen(
          () => import('../features/notification/MessagesPage'),
          (m) => m.MessagesPage,
        ),
      },
      {
        path: 'member/:memberId/account/:accountId',
        loader: requireSession,
        ...lazyScreen(
          () => import('../features/member/MemberLayout'),
          (m) => m.MemberLayout,
        ),
        children: memberScreens,
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Resolves once the router has loaded its first page (its lazy code and its loaders' data, or their error). */
export function whenInitialized(router: Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>) {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function createAppRouter(client?: ApolloClient) {
  setRouteDataClient(client ?? null);
  const router = createBrowserRouter(routes);
  setFirstPageShown(() => router.state.initialized);
  return router;
}
