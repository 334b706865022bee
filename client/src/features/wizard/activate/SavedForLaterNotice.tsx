import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAgreementSavedForLaterQuery } from '../../../gql/hooks';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { continueLink } from './activation-messages';

/** The overview's saved-for-later message with the link to continue (spec 3 §2); nothing when none is saved. */
export function SavedForLaterNotice({ memberId, accountId }: { memberId: number; accountId: number }) {
  const { data } = useAgreementSavedForLaterQuery({ variables: { accountId }, fetchPolicy: 'cache-and-network' });
  const saved = data?.agreementSavedForLater.saved;
  if (!saved) return null;
  return (
    <StatusAlert status="info">
      <Text>
        This agreement was saved for later: “{saved.description}”.{' '}
        <Link asChild color="brand.fg" textDecoration="underline">
          <RouterLink to={continueLink(memberId, accountId)}>Continue the agreement</RouterLink>
        </Link>
      </Text>
    </StatusAlert>
  );
}
