import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useAccountListQuery } from '../../gql/hooks';
import { parsePositiveId } from '../../shared/route-ids';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { INACTIVE_ACCOUNT_WARNING, accountDestination, visibleAccounts } from './select-account';

/** `/selectaccount/:memberId`: the member's accounts; choosing one opens its agreement or overview. */
export function SelectAccountPage() {
  const memberId = parsePositiveId(useParams().memberId);
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useAccountListQuery(memberId ? { variables: { memberId } } : skipToken);

  if (memberId === null) return <Navigate to="/nomember/0" replace />;
  if (loading) {
    return (
      <Page title="Select an account">
        <Loading label="Loading your accounts…" />
      </Page>
    );
  }
  if (error || !data) {
    return (
      <Page title="Select an account">
        <LoadFailed what="your accounts" error={error} onRetry={() => void refetch()} />
      </Page>
    );
  }
  const accounts = visibleAccounts(data.accountList);
  if (accounts.length === 0) return <Navigate to={`/nomember/${memberId}`} replace />;

  return (
    <Page title="Select an account">
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Your accounts">
        {accounts.map((account) => (
          <Box as="li" key={account.accountId} borderWidth="1px" borderRadius="md" p="4">
            <Stack gap="3">
              <HStack justify="space-between" align="start" wrap="wrap" gap="2">
                <Box>
                  <Text fontWeight="semibold">{account.productName}</Text>
                  <Text color="fg.muted">Account {account.accountNumber}</Text>
                </Box>
                <Badge colorPalette={account.statusName === 'Active' ? 'green' : 'gray'} size="md">
                  {account.statusName}
                </Badge>
              </HStack>
              {!account.isActive && <StatusAlert status="warning">{INACTIVE_ACCOUNT_WARNING}</StatusAlert>}
              <Button
                alignSelf={{ base: 'stretch', sm: 'start' }}
                colorPalette="brand"
                onClick={() => navigate(accountDestination(memberId, account))}
                aria-label={`Open account ${account.accountNumber}`}
              >
                Open
              </Button>
            </Stack>
          </Box>
        ))}
      </Stack>
    </Page>
  );
}
