import { Badge, Button, Field, HStack, Link, NativeSelect, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAtRiskAgreementsQuery } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { atRiskCsv, DEFAULT_WEEKS, riskLabel, WEEK_CHOICES } from './at-risk';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * `/atrisk` (staff): active agreements whose forecast goes below zero within the chosen weeks, before any
 * deposit is missed, worst first, with what would avoid it (issue 11 item 7).
 */
export function AtRiskPage() {
  const [weeks, setWeeks] = useState(DEFAULT_WEEKS);
  const { data, previousData, loading, error, refetch } = useAtRiskAgreementsQuery({
    variables: { weeks },
    notifyOnNetworkStatusChange: true,
  });
  const list = (data ?? previousData)?.atRiskAgreements;
  const items = list?.items ?? [];
  return (
    <Page title="Agreements at risk">
      <Text color="fg.muted">
        Active agreements whose forecast goes below zero within the weeks chosen, before any deposit is missed. The
        forecast is the one the member’s graphs page shows: today’s balance, the deposits and the expected bills.
      </Text>
      <HStack gap="4" align="end" wrap="wrap">
        <Field.Root maxW="xs">
          <Field.Label>Look ahead</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={String(weeks)} onChange={(event) => setWeeks(Number(event.target.value))}>
              {WEEK_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice === 1 ? '1 week' : `${choice} weeks`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button
          variant="outline"
          disabled={items.length === 0}
          onClick={() => download('Agreements_At_Risk.csv', atRiskCsv(items))}
        >
          Download CSV
        </Button>
      </HStack>
      {loading && <Loading label="Working out every active agreement’s forecast…" />}
      {error && (
        <StatusAlert status="error">
          {serverMessage(error)}{' '}
          <Button size="xs" variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </StatusAlert>
      )}
      {list && (
        <Text aria-live="polite">
          {items.length === 0
            ? `None of the ${list.checked} active agreements goes short within ${list.weeks === 1 ? '1 week' : `${list.weeks} weeks`}.`
            : `${items.length} of ${list.checked} active agreements go short within ${list.weeks === 1 ? '1 week' : `${list.weeks} weeks`} (as of ${formatDate(list.asOf)}).`}
          {list.notForecast.length > 0 &&
            ` ${list.notForecast.length} could not be forecast (their data needs a look).`}
        </Text>
      )}
      {list && items.length === 0 && <NoData>No agreement is at risk in this time.</NoData>}
      {items.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" data-testid="at-risk">
            <Table.Caption srOnly>Agreements at risk, worst first</Table.Caption>
            <Table.Header>
              <Table.Row bg="gray.50">
                <Table.ColumnHeader scope="col">Member</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Risk</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">First short day</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Lowest point
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Top-up to avoid
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Deposit now → to avoid
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((item) => (
                <Table.Row key={item.agreementId}>
                  <Table.Cell>
                    <Link asChild color="brand.fg">
                      <RouterLink to={`/member/${item.memberId}/account/${item.accountId}/overview`}>
                        {item.memberName}
                      </RouterLink>
                    </Link>
                    <Text fontSize="xs" color="fg.muted">
                      {item.memberNumber} · account {item.accountNumber}
                      {item.branchName ? ` · ${item.branchName}` : ''}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={item.level === 'BeyondApprovedOverdraw' ? 'red' : 'orange'}>
                      {riskLabel(item.level)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{formatDate(item.firstShortDate)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {formatMoney(item.lowestPoint.balance)} on {formatDate(item.lowestPoint.date)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(item.topUpToAvoid)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {formatMoney(item.depositAmount)} →{' '}
                    {item.depositToAvoid ? formatMoney(item.depositToAvoid) : 'a top-up only'}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Page>
  );
}
