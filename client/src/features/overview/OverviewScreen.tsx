import { Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useIsStaff } from '../../auth/useIsStaff';
import { useOverviewPageQuery } from '../../gql/hooks';
import { failureNotice } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { Section } from '../../shared/ui/Section';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { ActivityPanel } from '../activity/ActivityPanel';
import { useMemberContext } from '../member/member-context';
import { AgreementSummaryCard } from './AgreementSummaryCard';
import { AutoBillersSection, ManualBillersSection } from './OverviewBillers';
import { ActivityOverview, AllocationSection, HistoryLink, OverviewSkeleton } from './OverviewParts';
import { OVERVIEW_ACTIVITY_PAGE_SIZE, overviewPageVariables } from './overview-loader';
import { agreementBanner, overviewPayPath } from './overview-rules';
import { useQueuedChange } from './useQueuedChange';
import { announcedFor, figuresRefresherOf } from '../../app/live-figures';
import { SavedForLaterNotice } from '../wizard/activate/SavedForLaterNotice';
import { ChangeWaitingNotice } from '../member/change-review/ChangeWaitingNotice';
import { UpcomingBillsTable } from './UpcomingBillsTable';
import { TonightSection } from './TonightSection';
import { HomeSummary } from './HomeSummary';
import { ArrearsFacts, canCatchUp } from './ArrearsFacts';
import { failedPart, overviewFailures, type OverviewPart } from './overview-failures';
// A way through hardship (issue 24 item 4), part of the page's first render: its case comes with the page's query, and
// a chunk of its own made the phone's first paint wait one more round trip (issue 23 item 1).
import { HardshipEntry } from '../hardship/HardshipEntry';

// Staff's parts of the page (notes, contacting the member) load once the page has rendered, and only for staff: a
// member's first load does not carry them (issue 13 item 7: at most 250 KB of compressed script).
const StaffContactActions = lazy(() =>
  import('../notification/StaffContactActions').then((m) => ({ default: m.StaffContactActions })),
);
const NotesSection = lazy(() => import('./NotesSection').then((m) => ({ default: m.NotesSection })));
// An account without an agreement (cancelled, or none yet) is rare: its closing statement loads when it is needed.
const ClosingStatementCard = lazy(() =>
  import('../settlement/ClosingStatementCard').then((m) => ({ default: m.ClosingStatementCard })),
);

// The queued-change dialog (spec 1 §4) shows only while a change is on its way: its view loads when one first is (its
// subscription, useQueuedChange, is the page's from the start).
const QueuedChangeDialog = lazy(() => import('./QueuedChangeDialog').then((m) => ({ default: m.QueuedChangeDialog })));

// The term-end choice shows only while the agreement is due for renewal (the server says so: termEndDue).
const TermEndPanel = lazy(() => import('./TermEndPanel').then((m) => ({ default: m.TermEndPanel })));

/**
 * `member.overview` (spec 1 §2): what's next (the next deposit and bills, the forecast's verdict, the primary
 * actions), the agreement summary, allocation, bills, activities; staff also see notes. The long sections fold
 * (folded at first on a phone).
 */
export function OverviewScreen() {
  const { memberId, accountId, account } = useMemberContext();
  const isStaff = useIsStaff();
  const client = useApolloClient();
  const [announcement, setAnnouncement] = useState('');
  // The page's one query (overview.graphql), as the route's loader asked it: on the first page, the answer is in the
  // cache. Never joined to a request already in flight: a refetch asked for when a change is applied must read after
  // it (one started just before the commit, e.g. for the approval's activity, still answers the queued version).
  // Its parts (the activities, staff's notes, the change waiting, the hardship case) may fail alone: the server answers
  // the rest, which is shown, and each failed part says so with its own retry (errorPolicy 'all': overview-failures.ts).
  const overview = useOverviewPageQuery({
    variables: overviewPageVariables({ memberId, accountId }, isStaff),
    context: { queryDeduplication: false },
    errorPolicy: 'all',
  });

  // A queued change is pushed by the server; once applied, everything of the account on screen reloads in place (the
  // page's query carries the member layout's account too), through the one refresher that the server's announcements
  // of the same change also go through: asked once, and after any request already in flight.
  const refresh = useCallback(() => {
    void figuresRefresherOf(client)({ accountIds: new Set([accountId]) });
  }, [client, accountId]);
  // The server announces the applied change's figures (FiguresWatcher) before its APPLIED, on the same socket, and
  // that announcement has asked every screen of the account again: the page is asked once. Asked here only when no
  // such announcement came since the change began applying (one missed: delivery is at most once).
  const announcedWhenApplying = useRef<number | null>(null);
  const heard = useCallback(
    (stage: string) => {
      if (stage === 'APPLYING') announcedWhenApplying.current = announcedFor(client, accountId);
    },
    [client, accountId],
  );
  const onApplied = useCallback(() => {
    setAnnouncement('The agreement change has been applied. The overview has been updated.');
    const since = announcedWhenApplying.current;
    announcedWhenApplying.current = null;
    if (since !== null && announcedFor(client, accountId) > since) return;
    refresh();
  }, [refresh, client, accountId]);
  const queued = useQueuedChange(accountId, onApplied, {
    status: overview.data?.accountOverview.agreement?.status,
    refresh,
    heard,
  });
  // Once opened, the dialog stays mounted: it closes as a dialog does (its outcome, the focus given back).
  const [dialogWanted, setDialogWanted] = useState(false);
  if (queued.state.open && !dialogWanted) setDialogWanted(true);

  // While the page is asked again (a live refresh, or Try again), Apollo drops the last answer's error but keeps its
  // data: the page goes on showing that answer, its failures included, until the new one replaces it (a failed part
  // read as failed without the server's message, and a failed page as loading).
  const [settledError, setSettledError] = useState(overview.error);
  if (!overview.loading && overview.error !== settledError) setSettledError(overview.error);
  const error = overview.loading ? settledError : overview.error;
  // Asking again because the person pressed Try again (not a live refresh in the background): the button says so.
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void overview.refetch().finally(() => setRetrying(false));
  };

  const failures = overviewFailures(error);
  // The page's core failed (the summary, billers, account, settings): the page fails as before.
  const pageFailed = failures.core || (error !== undefined && !overview.data?.accountOverview);
  useEffect(() => {
    // Spec 1 §8: overview loading failures show the server's message as a toast (a part's own failure shows in place).
    if (pageFailed) notify.alert(failureNotice('We could not load the overview.', error));
  }, [pageFailed, error]);

  const page = pageFailed ? undefined : overview.data;
  const data = page?.accountOverview ?? undefined;
  /** A part's failure (its message), or undefined when it loaded. */
  const partFailure = (part: OverviewPart) => failedPart(part, page, failures, isStaff);
  const partFailed = (part: OverviewPart, what: string) => {
    const message = partFailure(part);
    return message === undefined ? null : (
      <LoadFailed what={what} error={message} onRetry={retry} retrying={retrying} />
    );
  };
  const agreement = data?.agreement ?? null;
  const agreementStatus = agreement?.status ?? account.agreementStatus;
  const base = `/member/${memberId}/account/${accountId}`;
  const banner = agreementBanner(
    agreementStatus,
    isStaff,
    page?.clientSettings,
    page?.agreementChangeWaiting?.waitingForMember === true,
  );
  // A member's new agreement staff are still preparing: no forecast, shortfall fixes or hardship entry for it.
  const preparing = banner?.kind === 'preparing';
  const supportEmail = page?.clientSettings.supportEmail ?? '';
  const name = `${account.member.firstName} ${account.member.lastName}`;

  return (
    <Page title="Agreement summary">
      <Text color="fg.muted" mt="-3">
        {name} · Account {account.accountNumber}
      </Text>
      <Text role="status" aria-live="polite" data-testid="overview-announcement" fontWeight="medium" color="fg.success">
        {announcement}
      </Text>
      {banner && (
        <StatusAlert
          status={banner.kind === 'locked' ? 'error' : banner.kind === 'preparing' ? 'info' : 'warning'}
          title={banner.title}
        >
          {banner.text}
          {banner.kind === 'missedDeposit' && data?.projection?.arrears && (
            <ArrearsFacts
              arrears={data.projection.arrears}
              contractId={agreement?.contractId ?? null}
              canCatchUp={canCatchUp(agreementStatus, isStaff, account.member?.isResigned === true)}
              isStaff={isStaff}
            />
          )}
          {supportEmail && (
            <Text mt="1">
              {banner.kind === 'missedDeposit' && !isStaff
                ? 'If you cannot pay it all now, ask us about your options: '
                : 'To get in touch: '}
              choose Support in the menu, or email{' '}
              <Link href={`mailto:${supportEmail}`} fontWeight="semibold" textDecoration="underline">
                {supportEmail}
              </Link>
              .
            </Text>
          )}
        </StatusAlert>
      )}
      {/* Once the page's query has answered: the entry's case came with it (no request of its own). */}
      {page &&
        !preparing &&
        partFailed('hardship', isStaff ? 'the member’s request for help with payments' : 'your request for help')}
      {agreementStatus && page && !preparing && partFailure('hardship') === undefined && (
        <HardshipEntry
          memberId={memberId}
          accountId={accountId}
          isStaff={isStaff}
          inArrears={banner?.kind === 'missedDeposit'}
        />
      )}
      <SavedForLaterNotice memberId={memberId} accountId={accountId} />
      {page && partFailed('changeWaiting', 'the agreement change waiting for approval')}
      <ChangeWaitingNotice
        memberId={memberId}
        accountId={accountId}
        isStaff={isStaff}
        waiting={page?.agreementChangeWaiting ?? null}
      />
      {overview.loading && !data && !pageFailed && (
        <>
          <Loading label="Loading the overview…" />
          <OverviewSkeleton />
        </>
      )}
      {pageFailed && <LoadFailed what="the overview" error={error} onRetry={retry} retrying={retrying} />}
      {page && data && (
        <Stack gap="5">
          {!preparing && (
            <HomeSummary
              memberId={memberId}
              accountId={accountId}
              overview={data}
              isStaff={isStaff}
              resigned={account.member?.isResigned === true}
            />
          )}
          {agreement?.termEndDue && (
            <Suspense fallback={<Loading label="Loading your term-end choice…" />}>
              <TermEndPanel memberId={memberId} accountId={accountId} />
            </Suspense>
          )}
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" alignItems="start">
            <Section title="Agreement" id="agreement-summary">
              {agreement ? (
                <AgreementSummaryCard summary={agreement} />
              ) : (
                <Suspense fallback={<Loading />}>
                  <ClosingStatementCard memberId={memberId} accountId={accountId} isStaff={isStaff} />
                </Suspense>
              )}
            </Section>
            <AllocationSection allocation={data.allocationByCategory} foldable />
          </SimpleGrid>
          <UpcomingBillsTable
            bills={data.upcomingBills}
            payPath={(bill) =>
              overviewPayPath(base, agreementStatus, { billId: bill.billId, variant: 'bill', onHold: bill.onHold })
            }
          />
          {agreement && <TonightSection memberId={memberId} accountId={accountId} />}
          <AutoBillersSection
            billers={data.autoBillers}
            memberId={memberId}
            accountId={accountId}
            agreementStatus={agreementStatus}
          />
          <ManualBillersSection
            billers={data.manualBillers}
            memberId={memberId}
            accountId={accountId}
            agreementStatus={agreementStatus}
          />
          {/* The list's totals when it loaded (a new activity asks the list alone: live-figures.ts PARTS_OF). */}
          <ActivityOverview totals={page.activities?.totals ?? data.activityTotals} isStaff={isStaff} />
          {page.activities && partFailure('activities') === undefined ? (
            <ActivityPanel
              memberId={memberId}
              accountId={accountId}
              pageSize={OVERVIEW_ACTIVITY_PAGE_SIZE}
              firstPage={page.activities}
              foldable
            />
          ) : (
            <Section title="Activities" id="activities">
              {partFailed('activities', 'the activities')}
            </Section>
          )}
          <HistoryLink to={`/member/${memberId}/account/${accountId}/member/accounthistory`} />
          {isStaff && (
            <Suspense fallback={<Loading label="Loading the staff actions…" />}>
              <StaffContactActions accountId={accountId} status={agreement?.status ?? null} />
              {partFailure('notes') !== undefined && (
                <Section title="Agreement notes" id="notes">
                  {partFailed('notes', 'the agreement notes')}
                </Section>
              )}
              {data.notes && (
                // A note is no figure: the server announces none, so the page asks its query again (a note's activity is
                // announced on its own: activityAdded asks the list).
                <NotesSection notes={data.notes} contractId={agreement?.contractId ?? null} onChanged={retry} />
              )}
            </Suspense>
          )}
        </Stack>
      )}
      {dialogWanted && (
        <Suspense fallback={null}>
          <QueuedChangeDialog state={queued.state} memberId={memberId} onClose={queued.close} />
        </Suspense>
      )}
    </Page>
  );
}
