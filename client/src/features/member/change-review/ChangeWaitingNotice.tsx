import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ChangeWaitingFieldsFragment } from '../../../gql/graphql';
import { StatusAlert } from '../../../shared/ui/StatusAlert';

/**
 * The overview's word on a new agreement, modification or renewal on its way (issue 26 item 3): the member is asked to
 * review one staff sent them; staff see that it waits for the member (or is still being prepared). The words are the server's,
 * from the overview's query (null: nothing on its way).
 */
export function ChangeWaitingNotice({
  memberId,
  accountId,
  isStaff,
  waiting,
}: {
  memberId: number;
  accountId: number;
  isStaff: boolean;
  waiting: ChangeWaitingFieldsFragment | null;
}) {
  if (!waiting) return null;
  const review = `/member/${memberId}/account/${accountId}/viewagreement/${waiting.agreementId}`;
  // A new agreement (it replaces none) is reviewed and approved whole; a modification or renewal by what it changes.
  const what = waiting.previousAgreementId === null ? 'the agreement' : 'the changes';
  return (
    <StatusAlert status={waiting.waitingForMember && !isStaff ? 'warning' : 'info'}>
      <Text data-testid="change-waiting">
        {waiting.message}{' '}
        {waiting.waitingForMember && (
          <Link asChild color="brand.fg" textDecoration="underline" fontWeight="semibold">
            <RouterLink to={review}>{`${isStaff ? 'See' : 'Review'} ${what}`}</RouterLink>
          </Link>
        )}
      </Text>
    </StatusAlert>
  );
}
