import { Box, Button, Flex, HStack, Link, Spacer, Text, VisuallyHidden } from '@chakra-ui/react';
import { Suspense, lazy, useState } from 'react';
import { Link as RouterLink, useLocation, useMatch } from 'react-router-dom';
import { displayNameOf, isReadOnly, isStaff, landingPath } from '../../auth/session-rules';
import { useLogout } from '../../auth/useLogout';
import { useSession } from '../../auth/useSession';
import { useClientSettingsQuery } from '../../gql/hooks';
import { useMobileWebView } from '../../shared/device';
import { parsePositiveId } from '../../shared/route-ids';
import { PRODUCT_FALLBACK_NAME } from '../../shared/ui/usePageTitle';
import { AgreementMenu, ExternalLinks, onBrand, type ExternalLink } from './header-parts';
import { MobileNav } from './MobileNav';
import { useHeaderContext } from './useHeaderContext';

/** Staff only: a lazy chunk, so members and the login page never load the search (and its dialog). */
const MemberSearchDialog = lazy(() =>
  import('../../features/staff/MemberSearchDialog').then((module) => ({ default: module.MemberSearchDialog })),
);

const ContactSupportDialog = lazy(() =>
  import('../../features/support/ContactSupportDialog').then((module) => ({ default: module.ContactSupportDialog })),
);

const SIGN_IN_PAGES = new Set(['/', '/unauthorized', '/locked', '/expired']);

export function Header() {
  const session = useSession();
  const { pathname } = useLocation();
  const { agreementEntries, memberSearch, approvals, reports } = useHeaderContext();
  const accountMatch = useMatch('/member/:memberId/account/:accountId/*')?.params;
  const accountId = parsePositiveId(accountMatch?.accountId);
  const memberId = parsePositiveId(accountMatch?.memberId);
  const { data } = useClientSettingsQuery();
  const inWebView = useMobileWebView();
  const logout = useLogout();
  const settings = data?.clientSettings;
  const productName = settings?.productName || PRODUCT_FALLBACK_NAME;
  // Help is the institution's help link (client settings); Support opens the contact-support dialog (spec 1 §2).
  const helpUrl = settings?.helpUrl ?? '';
  const links: ExternalLink[] = helpUrl ? [{ label: 'Help', href: helpUrl }] : [];
  const [supportOpen, setSupportOpen] = useState(false);
  const openSupport = () => setSupportOpen(true);
  // A banking app's web view often cannot open new windows, and our own pages open in place: stay there.
  const newTab = !inWebView && !helpUrl.startsWith('/');
  // Who is signed in, and Log out: only with a session (without one there is no name to show, not even 'Agent').
  const showUser = session !== null && !SIGN_IN_PAGES.has(pathname);
  const displayName = displayNameOf(session);
  const onLogout = session ? () => void logout() : undefined;

  return (
    <Box as="header" bg="brand.solid" color="white" data-webview={inWebView || undefined}>
      <Flex maxW="6xl" mx="auto" minH="15" px={{ base: '4', md: '6' }} py="3" align="center" gap="3">
        <Link asChild fontWeight="bold" fontSize={{ base: 'md', md: 'lg' }} {...onBrand} px="1" borderRadius="sm">
          <RouterLink to={session ? landingPath(session) : '/'}>{productName}</RouterLink>
        </Link>
        <HStack as="nav" aria-label="Main" gap="1" hideBelow="md">
          <AgreementMenu entries={agreementEntries} />
          {approvals && (
            <Link asChild px="2" py="1" borderRadius="sm" {...onBrand}>
              <RouterLink to={approvals.to}>{approvals.label}</RouterLink>
            </Link>
          )}
          {reports.map((entry) => (
            <Link key={entry.to} asChild px="2" py="1" borderRadius="sm" {...onBrand}>
              <RouterLink to={entry.to}>{entry.label}</RouterLink>
            </Link>
          ))}
          <ExternalLinks links={links} newTab={newTab} />
          <Button variant="ghost" size="sm" fontSize="md" fontWeight="normal" {...onBrand} onClick={openSupport}>
            Support
          </Button>
        </HStack>
        <Spacer />
        {memberSearch && session && (
          <Suspense fallback={null}>
            <MemberSearchDialog triggerProps={{ variant: 'outline', borderColor: 'whiteAlpha.700', ...onBrand }} />
          </Suspense>
        )}
        {showUser && (
          <HStack gap="3" hideBelow="md">
            <Text fontSize="sm">
              {session && <VisuallyHidden>Signed in as </VisuallyHidden>}
              {displayName}
            </Text>
            {onLogout && (
              <Button size="sm" variant="outline" borderColor="whiteAlpha.700" {...onBrand} onClick={onLogout}>
                Log out
              </Button>
            )}
          </HStack>
        )}
        <MobileNav
          entries={agreementEntries}
          approvals={approvals}
          reports={reports}
          links={links}
          newTab={newTab}
          displayName={showUser ? displayName : null}
          onLogout={showUser ? onLogout : undefined}
          onSupport={openSupport}
        />
      </Flex>
      {supportOpen && (
        <Suspense fallback={null}>
          <ContactSupportDialog
            accountId={accountId}
            memberId={session !== null && !isStaff(session.roles) ? memberId : null}
            supportEmail={settings?.supportEmail ?? ''}
            signedIn={session !== null}
            readOnly={session !== null && isReadOnly(session.roles)}
            onClose={() => setSupportOpen(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
