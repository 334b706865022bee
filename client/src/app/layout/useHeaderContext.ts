import { useMatch, useSearchParams } from 'react-router-dom';
import { isStaff } from '../../auth/session-rules';
import { useSession } from '../../auth/useSession';
import { parsePositiveId } from '../../shared/route-ids';
import { headerMenus, type MenuEntry } from './menu';

export interface HeaderContext {
  /** The agreement dropdown's entries; empty outside a member's account or when menus are hidden. */
  agreementEntries: MenuEntry[];
  /** Staff can open the member search from the header (not in hideMenus mode). */
  memberSearch: boolean;
  /** The managers' approval queue link (MANAGER, ADMIN). */
  approvals: MenuEntry | null;
  hideMenus: boolean;
}

export function useHeaderContext(): HeaderContext {
  const match = useMatch('/member/:memberId/account/:accountId/*');
  const [search] = useSearchParams();
  const session = useSession();
  const hideMenus = search.get('viewMode') === 'hideMenus';
  const menus = headerMenus({
    memberId: parsePositiveId(match?.params.memberId),
    accountId: parsePositiveId(match?.params.accountId),
    hideMenus,
    isStaff: session ? isStaff(session.roles) : false,
    roles: session?.roles ?? [],
  });
  return { ...menus, hideMenus };
}
