import { Box, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { notify, noticeOf } from '../../shared/notify/notify';
import { useIframeHeight } from '../../shared/iframe/useIframeHeight';
import { useInstitutionTimeZone } from '../useInstitutionTimeZone';
import { Footer } from './Footer';
import { Header } from './Header';
import { lowerCasedPath } from './menu';

/**
 * The page frame: skip link, header, main landmark, footer; toasts are cleared on every route change, then the notice
 * a screen navigated here with (`navigate(to, { state: withNotice(message) })`) is shown, once.
 */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  useIframeHeight();
  useInstitutionTimeZone();
  useEffect(() => {
    notify.clear();
  }, [location.pathname]);
  const notice = noticeOf(location.state);
  useEffect(() => {
    if (!notice) return;
    // A tick after the clear above (the toaster's removal of every toast would take a toast made at once with it).
    const timer = setTimeout(() => {
      notify.success(notice);
      // Dropped from the history entry, so that a reload or going back does not show it again.
      void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
    }, 0);
    return () => clearTimeout(timer);
  }, [notice, navigate, location.pathname, location.search, location.hash]);

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
