import { skipToken } from '@apollo/client/react';
import { useMatch, useSearchParams } from 'react-router-dom';
import { isReadOnly, isStaff } from '../../auth/session-rules';
import { useSession } from '../../auth/useSession';
import { useAgreementWizardEntriesQuery } from '../../gql/hooks';
import { parsePositiveId } from '../../shared/route-ids';
import { headerMenus, type MenuEntry } from './menu';

export interface HeaderContext {
  /** The agreement dropdown's entries; empty outside a member's account or when menus are hidden. */
  agreementEntries: MenuEntry[];
  /** Staff can open the member search from the header (not in hideMenus mode). */
  memberSearch: boolean;
  /** The managers' approval queue link (MANAGER, ADMIN). */
  approvals: MenuEntry | null;
  /** The missed-deposit report and the at-risk worklist (staff). */
  reports: readonly MenuEntry[];
  hideMenus: boolean;
}

export function useHeaderContext(): HeaderContext {
  const match = useMatch('/member/:memberId/account/:accountId/*');
  const [search] = useSearchParams();
  const session = useSession();
  const hideMenus = search.get('viewMode') === 'hideMenus';
  const memberId = parsePositiveId(match?.params.memberId);
  const accountId = parsePositiveId(match?.params.accountId);
  // The wizard's users: members and staff, not the read-only reporting role.
  const wizardUser = session !== null && session.roles.some((role) => role !== 'REPORTER');
  const ask = wizardUser && !hideMenus && memberId !== null && accountId !== null;
  const { data } = useAgreementWizardEntriesQuery(ask ? { variables: { memberId, accountId } } : skipToken);
  const entries = data?.agreementWizardEntries;
  const menus = headerMenus({
    memberId,
    accountId,
    wizard: entries
      ? {
          create: entries.create.visible,
          modify: entries.modify.visible,
          continue: entries.continue.visible,
          lifecycleActions: entries.lifecycleActions,
        }
      : undefined,
    hideMenus,
    isStaff: session ? isStaff(session.roles) : false,
    readOnly: session ? isReadOnly(session.roles) : false,
    roles: session?.roles ?? [],
  });
  return { ...menus, hideMenus };
}
