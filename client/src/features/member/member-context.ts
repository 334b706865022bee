import { useOutletContext } from 'react-router-dom';
import type { MemberAccountQuery } from '../../gql/graphql';

export interface MemberContext {
  memberId: number;
  accountId: number;
  account: MemberAccountQuery['memberAccount'];
  /** True when the page was opened with viewMode=hideMenus. */
  hideMenus: boolean;
}

/** The member and account loaded by the parent route, for its child screens. */
export function useMemberContext(): MemberContext {
  return useOutletContext<MemberContext>();
}
