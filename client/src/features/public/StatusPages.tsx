import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { withReturnTo } from '../../auth/session-rules';
import { Page } from '../../shared/ui/Page';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { SESSION_TIMED_OUT, messageFromState } from './messages';
import { useInstitutionName } from './useInstitutionName';

/** The login page, bringing the person back to the page they asked for (`returnTo`) once signed in. */
function LoginAgain() {
  const returnTo = useSearchParams()[0].get('returnTo');
  return (
    <Text>
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={withReturnTo('/', returnTo)}>Go to the login page</RouterLink>
      </Link>
    </Text>
  );
}

function ServerMessage() {
  const message = messageFromState(useLocation().state);
  return message ? <StatusAlert status="error">{message}</StatusAlert> : null;
}

/** spec 1 §2 unauthorized.error: no session, or the server refused it. */
export function UnauthorizedPage() {
  const institution = useInstitutionName();
  return (
    <Page title="Not authorised" narrow>
      <ServerMessage />
      <Text>You are not authorised to view this page. Please log in to {institution} bill smoothing.</Text>
      <LoginAgain />
    </Page>
  );
}

/** spec 1 §2 unauthorizedlocked. */
export function LockedPage() {
  const institution = useInstitutionName();
  return (
    <Page title="Access locked" narrow>
      <ServerMessage />
      <Text>Access to bill smoothing has been locked for this membership. Please contact {institution} for help.</Text>
    </Page>
  );
}

/** spec 1 §2 unauthorizedexpired. */
export function ExpiredPage() {
  const institution = useInstitutionName();
  return (
    <Page title="Session timed out" narrow>
      <StatusAlert status="warning">{SESSION_TIMED_OUT}</StatusAlert>
      <ServerMessage />
      <Text>Log in again to keep using {institution} bill smoothing.</Text>
      <LoginAgain />
    </Page>
  );
}
