import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAgreementChangeWaitingQuery } from '../../../gql/hooks';
import { StatusAlert } from '../../../shared/ui/StatusAlert';

/**
 * The overview's word on a modification or renewal on its way (issue 26 item 3): the member is asked to review one
 * staff sent them; staff see that it waits for the member (or is still being prepared). The words are the server's.
 */
export function ChangeWaitingNotice({
  memberId,
  accountId,
  isStaff,
}: {
  memberId: number;
  accountId: number;
  isStaff: boolean;
}) {
  const { data } = useAgreementChangeWaitingQuery({ variables: { accountId }, fetchPolicy: 'cache-and-network' });
  const waiting = data?.agreementChangeWaiting;
  if (!waiting) return null;
  const review = `/member/${memberId}/account/${accountId}/viewagreement/${waiting.agreementId}`;
  return (
    <StatusAlert status={waiting.waitingForMember && !isStaff ? 'warning' : 'info'}>
      <Text data-testid="change-waiting">
        {waiting.message}{' '}
        {waiting.waitingForMember && (
          <Link asChild color="brand.fg" textDecoration="underline" fontWeight="semibold">
            <RouterLink to={review}>{isStaff ? 'See the changes' : 'Review the changes'}</RouterLink>
          </Link>
        )}
      </Text>
    </StatusAlert>
  );
}
