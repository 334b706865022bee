import { Box, Button, Flex, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { displayNameOf } from '../../auth/session-rules';
import { useSession } from '../../auth/useSession';
import { useStaffDashboardPageQuery, useStaffWorklistQuery } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData, Section } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { WholeDates } from '../../shared/ui/WholeDates';
import { openLine } from '../worklist/worklist';
import { dashboardPanels, DASHBOARD_TOP } from './dashboard';

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

/**
 * What needs a person today (issue 22 item 3): the worklist's counts and its most urgent rows, from the same list
 * the worklist page shows, so the two never disagree.
 */
function WorklistPanel() {
  const { data, loading, error, refetch } = useStaffWorklistQuery({ fetchPolicy: 'cache-and-network' });
  const list = data?.staffWorklist;
  const open = (list?.items ?? []).filter((item) => !item.done);
  return (
    <Section title="Needs attention" id="dashboard-worklist">
      {loading && !list && <Loading label="Working out what needs you…" />}
      {error && !list && <Failed error={error} retry={() => void refetch()} />}
      {list && (
        <Stack gap="3">
          <Text aria-live="polite">{openLine(list.counts)}</Text>
          <Flex as="ul" gap="2" wrap="wrap" m="0" p="0" aria-label="Rows by kind">
            {list.counts
              .filter((count) => count.open > 0)
              .map((count) => (
                <Box as="li" listStyleType="none" key={count.kind} data-count={count.kind}>
                  <Link asChild color="brand.fg" minH="11" display="inline-flex" alignItems="center">
                    <RouterLink to={`/worklist?kind=${count.kind}`}>
                      {count.label}: {count.open}
                    </RouterLink>
                  </Link>
                </Box>
              ))}
          </Flex>
          {open.length > 0 && (
            <Stack as="ul" gap="0" m="0" p="0" aria-label="Most urgent">
              {open.slice(0, DASHBOARD_TOP).map((item) => (
                <Item key={item.key}>
                  <Text fontWeight="medium">
                    <WholeDates>{item.title}</WholeDates>
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {item.kindLabel}
                    {item.memberName ? ` · ${item.memberName} (${item.memberNumber})` : ''}
                  </Text>
                </Item>
              ))}
            </Stack>
          )}
          <Flex gap="4" wrap="wrap">
            <FullListLink to="/worklist">Open the worklist</FullListLink>
            <FullListLink to="/atrisk">All agreements at risk</FullListLink>
          </Flex>
        </Stack>
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
 * `/dashboard` (agent.myDashboard; issue 11 item 8, issue 22 item 3): where staff land after signing in. What needs
 * them (the worklist's counts and most urgent rows), the way to the member search, and the institution's page from
 * client settings with the release shown.
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
      {panels.worklist && <WorklistPanel />}
      {panels.approvalsNote && (
        <Text color="fg.muted">
          Managers decide approvals: a request you send waits in their queue until one decides it.
        </Text>
      )}
      <InstitutionPanel />
    </Page>
  );
}
