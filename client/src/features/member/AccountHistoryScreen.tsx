import { Text } from '@chakra-ui/react';
import { Page } from '../../shared/ui/Page';
import { ActivityPanel } from '../activity/ActivityPanel';
import { ACTIVITY_PAGE_SIZE } from '../activity/activity-filters';
import { useMemberContext } from './member-context';

/** `member/accounthistory` (spec 1 §2): the full activity history, 25 a page. */
export function AccountHistoryScreen() {
  const { memberId, accountId, account } = useMemberContext();
  return (
    <Page title="Account history">
      <Text color="fg.muted" mt="-3">
        Account {account.accountNumber}
      </Text>
      <ActivityPanel memberId={memberId} accountId={accountId} title="Activity history" pageSize={ACTIVITY_PAGE_SIZE} />
    </Page>
  );
}
