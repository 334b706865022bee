import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../gql/hooks';
import { setLoggingOut } from './guards';
import { sessionStore } from './session';
import { sessionRecovery } from './session-recovery';

/**
 * Leaves for the login page first (no member screen stays mounted to refetch or resubscribe once the server has
 * ended the session: those requests would fail and could land on "Not authorised"), then ends the server session and
 * forgets the local one.
 */
export function useLogout(): () => Promise<void> {
  const [logout] = useLogoutMutation({ context: { skipAuthRecovery: true } });
  const navigate = useNavigate();
  return async () => {
    setLoggingOut(true);
    // Requests still in flight with this session's token will be refused once it ends: that is not news.
    sessionRecovery.loggingOut();
    try {
      // flushSync: the member screens unmount now, not in a later transition that a slow device may delay.
      await navigate('/', { replace: true, flushSync: true });
      await logout();
    } catch {
      // An already-expired session cannot be ended twice: the local logout below is what matters.
    } finally {
      sessionStore.clear();
      setLoggingOut(false);
    }
  };
}
