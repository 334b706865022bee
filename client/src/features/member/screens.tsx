import { Navigate, useLocation } from 'react-router-dom';
import { Placeholder } from '../../shared/ui/Placeholder';

export { OverviewScreen } from '../overview/OverviewScreen';
export { AccountHistoryScreen } from './AccountHistoryScreen';
export { GraphsScreen } from './GraphsScreen';
export { ProfileScreen } from './ProfileScreen';
export { TransactionDetailsScreen } from './TransactionDetailsScreen';
export { ViewAgreementScreen } from './ViewAgreementScreen';

/** The member area's index goes to the overview, keeping the query (viewMode). */
export function MemberIndexRedirect() {
  return <Navigate to={{ pathname: 'overview', search: useLocation().search }} replace />;
}

export const BillDashboardScreen = () => <Placeholder title="Pay a bill" />;
export const BillConfirmationScreen = () => <Placeholder title="Bill confirmation" />;
export const ReverseBillsConfirmationScreen = () => <Placeholder title="Reverse bill payment confirmation" />;
