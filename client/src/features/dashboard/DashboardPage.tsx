import { Badge, Box, Button, Flex, Link, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { displayNameOf } from '../../auth/session-rules';
import { useSession } from '../../auth/useSession';
import {
  useDashboardApprovalsQuery,
  useDashboardAtRiskQuery,
  useDashboardFailedNotificationsQuery,
  useStaffDashboardPageQuery,
} from '../../gql/hooks';
import { formatDate, formatDateTime } from '../../shared/dates';
import { serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData, Section } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { DEFAULT_WEEKS, riskLabel } from '../risk/at-risk';
import { agreementApprovalLabel, countLine, dashboardPanels, DASHBOARD_TOP } from './dashboard';

function Failed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <StatusAlert status="error">
      {serverMessage(error)}{' '}
      <Button size="xs" variant="outline" onClick={retry}>
        Try again
      </Button>
    </StatusAlert>
  );
}

function FullListLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" minH="11" display="inline-flex" alignItems="center">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

function Item({ children }: { children: ReactNode }) {
  return (
    <Box as="li" listStyleType="none" borderBottomWidth="1px" py="2" minW="0" overflowWrap="anywhere">
      {children}
    </Box>
  );
}

/** Approvals waiting for a manager: the queues of arrears payments and of agreement approvals. */
function ApprovalsPanel() {
  const { data, loading, error, refetch } = useDashboardApprovalsQuery({ fetchPolicy: 'cache-and-network' });
  const arrears = data?.arrearsApprovalQueue ?? [];
  const agreements = data?.agreementApprovalQueue ?? [];
  const total = arrears.length + agreements.length;
  return (
    <Section title="Approvals waiting" id="dashboard-approvals">
      {loading && !data && <Loading label="Loading the approvals queue…" />}
      {error && <Failed error={error} retry={() => void refetch()} />}
      {data && (
        <>
          <Text aria-live="polite">
            {countLine(Math.min(total, DASHBOARD_TOP), total > DASHBOARD_TOP, 'approval waiting', 'approvals waiting')}
          </Text>
          {total > 0 && (
            <Stack as="ul" gap="0" m="0" p="0">
              {arrears.slice(0, DASHBOARD_TOP).map((approval) => (
                <Item key={`a${approval.approvalId}`}>
                  <Text fontWeight="medium">
                    Pay bill {approval.billId} of agreement {approval.contractId} in Missed Deposit
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    Requested by {approval.requestedBy ?? 'an agent'}
                    {approval.note ? `: “${approval.note}”` : ''}
                  </Text>
                </Item>
              ))}
              {agreements.slice(0, Math.max(0, DASHBOARD_TOP - arrears.length)).map((approval) => (
                <Item key={`g${approval.approvalId}`}>
                  <Text fontWeight="medium">
                    {agreementApprovalLabel(approval.approvalType)}: agreement {approval.contractId}
                    {approval.amount ? ` (${formatMoney(approval.amount)})` : ''}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    Requested by {approval.requestedBy ?? 'an agent'}
                  </Text>
                </Item>
              ))}
            </Stack>
          )}
          <FullListLink to="/approvals">Open the approvals queue</FullListLink>
        </>
      )}
    </Section>
  );
}

/** The at-risk worklist's worst few (its own query and order), with the way to the whole list. */
function AtRiskPanel() {
  const { data, loading, error, refetch } = useDashboardAtRiskQuery({
    variables: { weeks: DEFAULT_WEEKS },
    fetchPolicy: 'cache-and-network',
  });
  const list = data?.atRiskAgreements;
  const items = list?.items ?? [];
  return (
    <Section title="Agreements at risk" id="dashboard-at-risk">
      {loading && !list && <Loading label="Working out the forecasts…" />}
      {error && <Failed error={error} retry={() => void refetch()} />}
      {list && (
        <>
          <Text aria-live="polite">
            {items.length === 0
              ? `None of the ${list.checked} active agreements goes short within ${list.weeks} weeks.`
              : `${items.length} of ${list.checked} active agreements go short within ${list.weeks} weeks; the worst first.`}
          </Text>
          {items.length > 0 && (
            <Stack as="ul" gap="0" m="0" p="0">
              {items.slice(0, DASHBOARD_TOP).map((item) => (
                <Item key={item.agreementId}>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Link asChild color="brand.fg" fontWeight="medium">
                      <RouterLink to={`/member/${item.memberId}/account/${item.accountId}/overview`}>
                        {item.memberName} ({item.memberNumber})
                      </RouterLink>
                    </Link>
                    <Badge colorPalette={item.level === 'BeyondApprovedOverdraw' ? 'red' : 'orange'}>
                      {riskLabel(item.level)}
                    </Badge>
                  </Flex>
                  <Text fontSize="sm" color="fg.muted">
                    Agreement {item.agreementId}: short by {formatMoney(item.depth)} first on{' '}
                    {formatDate(item.firstShortDate)}
                  </Text>
                </Item>
              ))}
            </Stack>
          )}
          <FullListLink to="/atrisk">All agreements at risk</FullListLink>
        </>
      )}
    </Section>
  );
}

/** Messages the outbox could not deliver (its delivery status), newest first. */
function FailedNotificationsPanel() {
  const { data, loading, error, refetch } = useDashboardFailedNotificationsQuery({
    variables: { limit: DASHBOARD_TOP + 1 },
    fetchPolicy: 'cache-and-network',
  });
  const messages = data?.outboxMessages ?? [];
  const shown = messages.slice(0, DASHBOARD_TOP);
  return (
    <Section title="Notifications that failed" id="dashboard-failed-notifications">
      {loading && !data && <Loading label="Loading the outbox…" />}
      {error && <Failed error={error} retry={() => void refetch()} />}
      {data && (
        <>
          <Text aria-live="polite">
            {countLine(shown.length, messages.length > DASHBOARD_TOP, 'notification failed', 'notifications failed')}
          </Text>
          {shown.length > 0 && (
            <Stack as="ul" gap="0" m="0" p="0">
              {shown.map((message) => (
                <Item key={message.notificationId}>
                  <Text fontWeight="medium">
                    {message.name} ({message.channel}) to {message.recipient ?? 'no address'}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    Queued {formatDateTime(message.queuedAt)}; {message.attempts}{' '}
                    {message.attempts === 1 ? 'attempt' : 'attempts'}
                    {message.lastError ? `: ${message.lastError}` : ''}
                  </Text>
                </Item>
              ))}
            </Stack>
          )}
          <FullListLink to="/messages">Open the messages page</FullListLink>
        </>
      )}
    </Section>
  );
}

/** The institution's page from client settings: support e-mail shortcuts and its tabs (spec 1 §1). */
function InstitutionPanel() {
  const { data, loading, error, refetch } = useStaffDashboardPageQuery();
  const settings = data?.clientSettings.staffDashboard;
  if (loading && !settings) return <Loading label="Loading the dashboard…" />;
  if (error && !settings) return <Failed error={error} retry={() => void refetch()} />;
  if (!settings) return null;
  const tabs = settings.tabs;
  return (
    <Stack gap="5">
      <Text color="fg.muted" data-testid="dashboard-release">
        {data?.clientSettings.productName} {settings.releaseLabel}
      </Text>
      <Section title="Support">
        {settings.supportEmailShortcuts.length === 0 ? (
          <NoData />
        ) : (
          <Flex as="ul" gap="3" wrap="wrap" m="0" p="0">
            {settings.supportEmailShortcuts.map((shortcut) => (
              <Box as="li" listStyleType="none" key={shortcut.email}>
                <Button asChild variant="outline" minH="11">
                  <a href={`mailto:${shortcut.email}`}>E-mail {shortcut.label}</a>
                </Button>
              </Box>
            ))}
          </Flex>
        )}
      </Section>
      {tabs.length > 0 && (
        <Tabs.Root defaultValue={tabs[0].key} variant="enclosed">
          <Tabs.List flexWrap="wrap" aria-label="Institution news">
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.key} value={tab.key} minH="11">
                {tab.title}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.key} value={tab.key}>
              <Text whiteSpace="pre-line">{tab.body}</Text>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </Stack>
  );
}

/**
 * `/dashboard` (agent.myDashboard; issue 11 item 8, issue 8 item 7): where staff land after signing in. Their own
 * worklist (approvals waiting for approvers, agreements at risk, notifications that failed), the way to the member
 * search, and the institution's page from client settings with the release shown.
 */
export function DashboardPage() {
  const session = useSession();
  const panels = dashboardPanels(session?.roles ?? []);
  return (
    <Page title="Dashboard">
      <Flex gap="3" align="center" justify="space-between" wrap="wrap">
        <Text>Welcome, {displayNameOf(session)}. Here is what needs you today.</Text>
        <Button asChild colorPalette="brand" minH="11">
          <RouterLink to="/members">Member search</RouterLink>
        </Button>
      </Flex>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        {panels.approvals && <ApprovalsPanel />}
        {panels.atRisk && <AtRiskPanel />}
        {panels.failedNotifications && <FailedNotificationsPanel />}
        {!panels.approvals && panels.atRisk && (
          <Section title="Approvals">
            <Text>Managers decide approvals: a request you send waits in their queue until one decides it.</Text>
          </Section>
        )}
      </SimpleGrid>
      <InstitutionPanel />
    </Page>
  );
}
