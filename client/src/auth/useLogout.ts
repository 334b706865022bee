import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../gql/hooks';
import { sessionStore } from './session';

/** Ends the server session, then leaves for the site root and forgets the local session. */
export function useLogout(): () => Promise<void> {
  const [logout] = useLogoutMutation({ context: { skipAuthRecovery: true } });
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
    } catch {
      // An already-expired session cannot be ended twice: the local logout below is what matters.
    }
    // Leave first, so that no member screen is left mounted to refetch without a session.
    await navigate('/', { replace: true });
    sessionStore.clear();
  };
}
