import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { skipToken } from '@apollo/client/react';
import { isReadOnly } from '../../../auth/session-rules';
import { useSession } from '../../../auth/useSession';
import { useAgreementSavedForLaterQuery } from '../../../gql/hooks';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { continueLink } from './activation-messages';

/**
 * The overview's saved-for-later message with the link to continue (spec 3 §2); nothing when none is saved. Not asked
 * for the read-only reporter: the server refuses it the wizard (as the header's wizard entries, useHeaderContext).
 */
export function SavedForLaterNotice({ memberId, accountId }: { memberId: number; accountId: number }) {
  const session = useSession();
  const ask = session !== null && !isReadOnly(session.roles);
  const { data } = useAgreementSavedForLaterQuery(
    ask ? { variables: { accountId }, fetchPolicy: 'cache-and-network' } : skipToken,
  );
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
