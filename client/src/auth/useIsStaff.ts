import { isStaff } from './session-rules';
import { useSession } from './useSession';

/** True when the signed-in user is staff (an agent); members and signed-out users are not. */
export function useIsStaff(): boolean {
  const session = useSession();
  return session ? isStaff(session.roles) : false;
}
