import { Badge, Button, HStack, List, Stack, Table, Text } from '@chakra-ui/react';
import { useBankJobsQuery, useDemoClockQuery, useRunNextDemoDayMutation } from '../../gql/hooks';
import type { DemoDayRunFieldsFragment } from '../../gql/graphql';
import { formatDate, formatDateTime } from '../../shared/dates';
import { serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData, Section } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { WholeDates } from '../../shared/ui/WholeDates';
import { formatDuration, jobLabel, scheduleLabel, shownFigures, stateColour, stateLabel, stepLabel } from './bank-jobs';

const RUNS_SHOWN = 20;

function DaySummary({ run, title }: { run: DemoDayRunFieldsFragment; title: string }) {
  const figures = shownFigures(run.figures);
  return (
    <Stack gap="2" data-testid="demo-day-summary">
      <Text fontWeight="semibold">
        <WholeDates>{`${title} ${formatDate(run.date)} (${formatDuration(run.durationMs)})`}</WholeDates>
      </Text>
      {figures.length === 0 ? (
        <Text>Nothing was due on this day.</Text>
      ) : (
        <List.Root ps="5">
          {figures.map((figure) => (
            <List.Item key={figure.label}>
              {figure.label}: {figure.count}
              {figure.amount ? ` (${formatMoney(figure.amount)})` : ''}
            </List.Item>
          ))}
        </List.Root>
      )}
      {run.details.length > 0 && (
        <List.Root ps="5" color="red.fg">
          {run.details.map((line) => (
            <List.Item key={line}>
              <WholeDates>{line}</WholeDates>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

/** Demo mode's clock: the bank's today and "Run the next day" (the section shows only when demo mode is on). */
function DemoClockSection({ onRan }: { onRan: () => void }) {
  const { data, startPolling, stopPolling, refetch } = useDemoClockQuery({ fetchPolicy: 'cache-and-network' });
  const [run, { data: ran, loading, error }] = useRunNextDemoDayMutation();
  const clock = data?.demoClock;
  if (!clock?.enabled) return null;
  const running = clock.running;
  const lastRun = ran?.runNextDemoDay ?? clock.lastRun;
  const onRun = async () => {
    startPolling(400); // the step being run, while the mutation works
    try {
      await run();
    } catch {
      // shown below from the mutation's error
    } finally {
      stopPolling();
      await refetch();
      onRan();
    }
  };
  return (
    <Section title="Demo clock">
      <Text>
        Demo mode: the bank’s today is{' '}
        <strong>
          <WholeDates>{formatDate(clock.today)}</WholeDates>
        </strong>
        {clock.daysAhead > 0
          ? ` (${clock.daysAhead} ${clock.daysAhead === 1 ? 'day' : 'days'} ahead of the real date)`
          : ''}
        . Running the next day moves the clock forward one day and runs what that day holds — deposits, automatic
        payments, the bills’ calendar and both pending windows — through the bank’s own jobs.
      </Text>
      <HStack>
        <Button colorPalette="brand" onClick={() => void onRun()} loading={loading} loadingText="Running the day…">
          Run the next day
        </Button>
      </HStack>
      <Text aria-live="polite" data-testid="demo-day-progress">
        <WholeDates>{running ? `Running ${formatDate(running.date)}: ${stepLabel(running.step)}…` : ''}</WholeDates>
      </Text>
      {error && <StatusAlert status="error">{serverMessage(error)}</StatusAlert>}
      {lastRun && !loading && (
        <div aria-live="polite">
          <DaySummary run={lastRun} title="Last day run:" />
        </div>
      )}
    </Section>
  );
}

/** `/bankjobs` (staff, reporting): the bank's jobs, their runs and failures; in demo mode, run the next day. */
export function BankJobsPage() {
  const { data, previousData, loading, error, refetch } = useBankJobsQuery({
    variables: { runs: RUNS_SHOWN },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const view = data ?? previousData;
  const jobs = view?.bankJobs ?? [];
  const runs = view?.bankJobRuns ?? [];
  return (
    <Page title="Bank jobs">
      <Text color="fg.muted">
        The jobs that move the money on their own: the bank day (deposits in, automatic payments, the bills’ calendar,
        expiry) and the pending windows (payments answered and sent).
      </Text>
      <DemoClockSection onRan={() => void refetch()} />
      {loading && !view && <Loading label="Loading the bank’s jobs…" />}
      {error && (
        <StatusAlert status="error">
          {serverMessage(error)}{' '}
          <Button size="xs" variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </StatusAlert>
      )}
      {view && (
        <Section title="Jobs">
          <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="The bank’s jobs">
            <Table.Root size="sm" data-testid="bank-jobs">
              <Table.Caption srOnly>The bank’s jobs</Table.Caption>
              <Table.Header>
                <Table.Row bg="gray.50">
                  <Table.ColumnHeader scope="col">Job</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Last run</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Next run</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col" textAlign="end">
                    Duration
                  </Table.ColumnHeader>
                  <Table.ColumnHeader scope="col" textAlign="end">
                    Items done
                  </Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Failures</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {jobs.map((job) => (
                  <Table.Row key={job.name} data-job={job.name}>
                    <Table.Cell>
                      <Text fontWeight="semibold">{jobLabel(job.name)}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {job.title}, {scheduleLabel(job.schedule)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      {job.lastRun ? (
                        <>
                          <WholeDates>{formatDateTime(job.lastRun.startedOn ?? job.lastRun.createdOn)}</WholeDates>{' '}
                          <Badge colorPalette={stateColour(job.lastRun.state)}>{stateLabel(job.lastRun.state)}</Badge>
                        </>
                      ) : (
                        'Never'
                      )}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(job.nextRunAt, '—')}</Table.Cell>
                    <Table.Cell textAlign="end">{formatDuration(job.lastRun?.durationMs)}</Table.Cell>
                    <Table.Cell textAlign="end">{job.lastRun?.itemsDone ?? '—'}</Table.Cell>
                    <Table.Cell>
                      {job.failedRuns === 0 && !job.lastFailure ? (
                        'None'
                      ) : (
                        <Text color="red.fg">
                          <WholeDates>{`${job.failedRuns} failed${
                            job.lastFailure
                              ? ` — last ${formatDateTime(job.lastFailure.createdOn)}: ${job.lastFailure.error ?? ''}`
                              : ''
                          }`}</WholeDates>
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Section>
      )}
      {view && (
        <Section title="Latest runs">
          {runs.length === 0 ? (
            <NoData>No job has run yet.</NoData>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="Latest runs">
              <Table.Root size="sm" data-testid="bank-job-runs">
                <Table.Caption srOnly>The latest runs of the bank’s jobs, newest first</Table.Caption>
                <Table.Header>
                  <Table.Row bg="gray.50">
                    <Table.ColumnHeader scope="col">Job</Table.ColumnHeader>
                    <Table.ColumnHeader scope="col">Started</Table.ColumnHeader>
                    <Table.ColumnHeader scope="col">State</Table.ColumnHeader>
                    <Table.ColumnHeader scope="col" textAlign="end">
                      Duration
                    </Table.ColumnHeader>
                    <Table.ColumnHeader scope="col" textAlign="end">
                      Items done
                    </Table.ColumnHeader>
                    <Table.ColumnHeader scope="col" textAlign="end">
                      Items failed
                    </Table.ColumnHeader>
                    <Table.ColumnHeader scope="col">Error</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {runs.map((run) => (
                    <Table.Row key={run.id}>
                      <Table.Cell>{jobLabel(run.name)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatDateTime(run.startedOn ?? run.createdOn)}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={stateColour(run.state)}>{stateLabel(run.state)}</Badge>
                        {run.retryCount > 0 ? ` (retry ${run.retryCount})` : ''}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{formatDuration(run.durationMs)}</Table.Cell>
                      <Table.Cell textAlign="end">{run.itemsDone ?? '—'}</Table.Cell>
                      <Table.Cell textAlign="end">{run.itemsFailed ?? '—'}</Table.Cell>
                      <Table.Cell color="red.fg">{run.error ?? ''}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Section>
      )}
    </Page>
  );
}
