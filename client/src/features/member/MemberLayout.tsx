import { Container, Stack } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { skipToken } from '@apollo/client/react';
import { useEffect } from 'react';
import { Outlet, useParams, useSearchParams } from 'react-router-dom';
import { useMemberAccountQuery } from '../../gql/hooks';
import { appEvents } from '../../shared/event-bus';
import { SERVER_ERROR } from '../../shared/messages';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { INACTIVE_ACCOUNT_WARNING } from '../accounts/select-account';
import type { MemberContext } from './member-context';
import {
  MEMBER_MESSAGES,
  checkAccountId,
  checkMemberId,
  createMemberChangeTracker,
  memberAccountStanding,
} from './member-account';

const memberChanged = createMemberChangeTracker();

function loadFailure(error: unknown): string {
  const notFound =
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => item.extensions?.code === 'NOT_FOUND' || item.extensions?.code === 'FORBIDDEN');
  return notFound ? MEMBER_MESSAGES.memberNotFound : SERVER_ERROR;
}

function Problem({ message }: { message: string }) {
  return (
    <Page title="Member overview">
      <StatusAlert status="error">{message}</StatusAlert>
    </Page>
  );
}

/**
 * `/member/:memberId/account/:accountId` (spec 1 §2): loads the account and the member-account link (from the
 * cache while the ids match), announces a change of member or account, and stops at the spec's blocking messages.
 */
export function MemberLayout() {
  const params = useParams();
  const [search] = useSearchParams();
  const memberCheck = checkMemberId(params.memberId);
  const accountCheck = checkAccountId(params.accountId);
  const memberId = memberCheck.ok ? memberCheck.id : null;
  const accountId = accountCheck.ok ? accountCheck.id : null;
  const ids = memberId !== null && accountId !== null ? { memberId, accountId } : null;
  const { data, loading, error } = useMemberAccountQuery(ids ? { variables: ids } : skipToken);

  useEffect(() => {
    if (memberId !== null && accountId !== null && memberChanged(memberId, accountId)) {
      appEvents.emit('member-changed', { memberId, accountId });
    }
  }, [memberId, accountId]);

  if (!accountCheck.ok) return <Problem message={accountCheck.message} />;
  if (!memberCheck.ok || !ids)
    return <Problem message={memberCheck.ok ? MEMBER_MESSAGES.memberNotFound : memberCheck.message} />;
  // Only the first load blocks: a refetch (after an applied change) keeps the screen and its state mounted.
  if (loading && !data) {
    return (
      <Container maxW="5xl" py="10">
        <Loading label="Loading the account…" />
      </Container>
    );
  }
  if (error || !data) return <Problem message={loadFailure(error)} />;

  const account = data.memberAccount;
  const standing = memberAccountStanding(account, ids.memberId);
  if (standing.blocked) return <Problem message={standing.blocked} />;

  const context: MemberContext = { ...ids, account, hideMenus: search.get('viewMode') === 'hideMenus' };
  const notices = [standing.suspended, account.isActive ? null : INACTIVE_ACCOUNT_WARNING].filter(Boolean);
  return (
    <>
      {notices.length > 0 && (
        <Container maxW="5xl" px={{ base: '4', md: '6' }} pt="6">
          <Stack gap="3">
            {notices.map((notice) => (
              <StatusAlert key={notice} status="warning">
                {notice}
              </StatusAlert>
            ))}
          </Stack>
        </Container>
      )}
      <Outlet context={context} />
    </>
  );
}
