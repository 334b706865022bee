import { useMatch, useSearchParams } from 'react-router-dom';
import { parsePositiveId } from '../../shared/route-ids';
import { agreementMenu, visibleEntries, type MenuEntry } from './menu';

export interface HeaderContext {
  /** The agreement dropdown's entries; empty outside a member's account or when menus are hidden. */
  agreementEntries: MenuEntry[];
  hideMenus: boolean;
}

export function useHeaderContext(): HeaderContext {
  const match = useMatch('/member/:memberId/account/:accountId/*');
  const [search] = useSearchParams();
  const hideMenus = search.get('viewMode') === 'hideMenus';
  const memberId = parsePositiveId(match?.params.memberId);
  const accountId = parsePositiveId(match?.params.accountId);
  const agreementEntries =
    hideMenus || memberId === null || accountId === null ? [] : visibleEntries(agreementMenu(memberId, accountId));
  return { agreementEntries, hideMenus };
}
