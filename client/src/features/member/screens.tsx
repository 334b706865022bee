import { Text } from '@chakra-ui/react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Page } from '../../shared/ui/Page';
import { Placeholder } from '../../shared/ui/Placeholder';
import { useMemberContext } from './member-context';

/** The member area's index goes to the overview, keeping the query (viewMode). */
export function MemberIndexRedirect() {
  return <Navigate to={{ pathname: 'overview', search: useLocation().search }} replace />;
}

export function OverviewScreen() {
  const { account } = useMemberContext();
  return (
    <Page title="Agreement summary">
      <Text>Account {account.accountNumber}</Text>
      <Text color="fg.muted">The overview is coming soon.</Text>
    </Page>
  );
}

export function ViewAgreementScreen() {
  const { agreementId } = useParams();
  return (
    <Page title="Agreement">
      <Text>Agreement {agreementId}</Text>
      <Text color="fg.muted">The agreement view is coming soon.</Text>
    </Page>
  );
}

export const BillDashboardScreen = () => <Placeholder title="Pay a bill" />;
export const BillConfirmationScreen = () => <Placeholder title="Bill confirmation" />;
export const AccountHistoryScreen = () => <Placeholder title="Account history" />;
export const ProfileScreen = () => <Placeholder title="Profile & preferences" />;
export const GraphsScreen = () => <Placeholder title="Graphs" />;
export const TransactionDetailsScreen = () => <Placeholder title="Transaction details" />;
export const ReverseBillsConfirmationScreen = () => <Placeholder title="Reverse bill payment confirmation" />;
