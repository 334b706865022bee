import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { requireSession, requireStaff } from '../auth/guards';
import { SelectAccountPage } from '../features/accounts/SelectAccountPage';
import { InterestRegisteredPage } from '../features/interest/InterestRegisteredPage';
import { NoMemberPage } from '../features/interest/NoMemberPage';
import * as bills from '../features/bills/screens';
import { LoginPage } from '../features/login/LoginPage';
import { MemberLayout } from '../features/member/MemberLayout';
import * as member from '../features/member/screens';
import { ExpiredPage, LockedPage, UnauthorizedPage } from '../features/public/StatusPages';
import { UnauthorizedLayout } from '../features/public/UnauthorizedLayout';
import { SingleSignOnPage } from '../features/sso/SingleSignOnPage';
import { MembersPage } from '../features/staff/MembersPage';
import { RootLayout } from './layout/RootLayout';

/** The member area's screens (spec 1 §2 "Authenticated states"), relative to /member/:memberId/account/:accountId. */
const memberScreens: RouteObject[] = [
  { index: true, element: <member.MemberIndexRedirect /> },
  { path: 'overview', element: <member.OverviewScreen /> },
  { path: 'paybill', element: <bills.BillDashboardScreen /> },
  // spec 1 §2 pay and reimburse states have no URL of their own: these paths are ours.
  { path: 'paybill/pay/:billId/:billOrAllocation', element: <bills.PayBillScreen mode="pay" /> },
  { path: 'paybill/reimburse/:billId/:billOrAllocation', element: <bills.PayBillScreen mode="reimburse" /> },
  { path: 'bill/:billId/confirmation/:billOrAllocation', element: <bills.BillConfirmationScreen /> },
  {
    path: 'bill/:billId/reimburseconfirmation/:billOrAllocation',
    element: <bills.BillConfirmationScreen reimbursement />,
  },
  { path: 'member/reversebills', element: <bills.ReverseBillsScreen /> },
  { path: 'member/accounthistory', element: <member.AccountHistoryScreen /> },
  { path: 'viewagreement/:agreementId', element: <member.ViewAgreementScreen /> },
  { path: 'member/profile', element: <member.ProfileScreen /> },
  { path: 'member/graphs', element: <member.GraphsScreen /> },
  { path: 'transactions/details/:id', element: <member.TransactionDetailsScreen /> },
  { path: 'member/reversebills/confirmation', element: <bills.ReverseBillsConfirmationScreen /> },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        // spec 1 §2 "unauthorized" states: login, and the unauthorized, locked and expired pages.
        element: <UnauthorizedLayout />,
        children: [
          { index: true, element: <LoginPage /> },
          { path: 'unauthorized', element: <UnauthorizedPage /> },
          { path: 'locked', element: <LockedPage /> },
          { path: 'expired', element: <ExpiredPage /> },
        ],
      },
      { path: 'singlesignon', element: <SingleSignOnPage /> },
      { path: 'nomember/:memberId', element: <NoMemberPage /> },
      { path: 'interestregistered/:memberId', element: <InterestRegisteredPage /> },
      { path: 'selectaccount/:memberId', element: <SelectAccountPage /> },
      { path: 'members', loader: requireStaff, element: <MembersPage /> },
      { path: 'approvals', loader: requireStaff, element: <bills.ApprovalQueuePage /> },
      {
        path: 'member/:memberId/account/:accountId',
        loader: requireSession,
        element: <MemberLayout />,
        children: memberScreens,
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
