import { Box, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { notify } from '../../shared/notify/notify';
import { useIframeHeight } from '../../shared/iframe/useIframeHeight';
import { useInstitutionTimeZone } from '../useInstitutionTimeZone';
import { Footer } from './Footer';
import { Header } from './Header';
import { lowerCasedPath } from './menu';

/**
 * The page frame: skip link, header, main landmark, footer; toasts are cleared on every route change, but the notice
 * a screen made for this one (`notify.successAfterNavigation(to, message)` before `navigate(to)`).
 */
export function RootLayout() {
  const location = useLocation();
  useIframeHeight();
  useInstitutionTimeZone();
  useEffect(() => {
    notify.clearFor(location.pathname);
  }, [location.pathname]);

  const lower = lowerCasedPath(location.pathname);
  if (lower) return <Navigate to={{ pathname: lower, search: location.search, hash: location.hash }} replace />;

  return (
    <>
      <SkipNavLink>Skip to main content</SkipNavLink>
      <Header />
      <SkipNavContent asChild>
        <Box as="main" flex="1" width="full" minWidth="0" tabIndex={-1} _focus={{ outline: 'none' }}>
          <Outlet />
        </Box>
      </SkipNavContent>
      <Footer />
    </>
  );
}
