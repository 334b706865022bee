import { Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isReadOnly } from '../../auth/session-rules';
import { useIsStaff } from '../../auth/useIsStaff';
import { useSession } from '../../auth/useSession';
import { useHardshipCaseQuery } from '../../gql/hooks';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { useMemberContext } from '../member/member-context';
import { HardshipCaseCard } from './HardshipCaseCard';
import { HardshipRequestForm, StaffHardshipActions } from './HardshipForms';

/** The free National Debt Helpline, offered to every member in difficulty. */
function HelplineNote() {
  return (
    <Text fontSize="sm" color="fg.muted">
      You can also talk to a free, independent financial counsellor at the National Debt Helpline on{' '}
      <Link href="tel:1800007007" color="brand.fg" fontWeight="semibold">
        1800 007 007
      </Link>
      .
    </Text>
  );
}

/**
 * `member/hardship` (issue 24 item 4): "I'm having trouble paying". The member says what is going on and may ask
 * for a deposit holiday or a lower deposit; they then see their request and what was arranged. Staff see the same
 * request with the financial-counselling note and record an arrangement or close it (the reporter only reads).
 */
export function HardshipScreen() {
  const { memberId, accountId } = useMemberContext();
  const isStaff = useIsStaff();
  const session = useSession();
  const mayAct = isStaff && session !== null && !isReadOnly(session.roles);
  const query = useHardshipCaseQuery({ variables: { memberId, accountId }, fetchPolicy: 'cache-and-network' });
  const [announcement, setAnnouncement] = useState('');
  const hardship = query.data?.hardshipCase ?? null;
  const active = hardship !== null && hardship.followUpPaused;
  const overview = `/member/${memberId}/account/${accountId}/overview`;

  return (
    <Page title={isStaff ? 'Help with payments' : 'I’m having trouble paying'} narrow>
      <Text role="status" aria-live="polite" fontWeight="medium" color="fg.success" data-testid="hardship-announcement">
        {announcement}
      </Text>
      {query.loading && !query.data && <Loading label="Loading the request for help…" />}
      {query.error && !query.data && (
        <LoadFailed what="the request for help" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        <Stack gap="5">
          {!isStaff && !active && (
            <Text>
              If your circumstances have changed and the deposits are hard to keep up, tell us. We will contact you to
              work out a way through: a short break from deposits, a lower deposit for a while, or just a talk about
              your options. Asking does not cost anything.
            </Text>
          )}
          {hardship && <HardshipCaseCard hardship={hardship} isStaff={isStaff} />}
          {!isStaff && active && (
            <StatusAlert status="info" title="We have your request">
              Someone from the bank will contact you. You do not need to do anything else now.
            </StatusAlert>
          )}
          {!isStaff && !active && (
            <HardshipRequestForm
              memberId={memberId}
              accountId={accountId}
              onOpened={() => {
                setAnnouncement('Your request for help is sent. We will contact you.');
                void query.refetch();
              }}
            />
          )}
          {isStaff && !active && <Text>There is no open request for help on this account.</Text>}
          {mayAct && !active && (
            <HardshipRequestForm
              staff
              memberId={memberId}
              accountId={accountId}
              onOpened={() => {
                setAnnouncement('The request for help is open. Record what you arrange with the member below.');
                void query.refetch();
              }}
            />
          )}
          {mayAct && active && hardship && (
            <StaffHardshipActions
              hardship={hardship}
              onChanged={(message) => {
                setAnnouncement(message);
                void query.refetch();
              }}
            />
          )}
          {!isStaff && <HelplineNote />}
          <Link asChild color="brand.fg">
            <RouterLink to={overview}>Back to the agreement summary</RouterLink>
          </Link>
        </Stack>
      )}
    </Page>
  );
}
