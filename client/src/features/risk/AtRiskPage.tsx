import { useApolloClient } from '@apollo/client/react';
import { Badge, Button, Field, HStack, Link, NativeSelect, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AtRiskAgreementsFileDocument, type ExportFormat } from '../../gql/graphql';
import { useAtRiskAgreementsQuery } from '../../gql/hooks';
import { downloadBase64 } from '../../shared/download';
import { formatDate } from '../../shared/dates';
import { serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData } from '../../shared/ui/Section';
import { SortableColumnHeader } from '../../shared/ui/SortableColumnHeader';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { ContactMemberDialog } from '../notification/ContactMemberDialog';
import {
  DEFAULT_AT_RISK_SORT,
  DEFAULT_WEEKS,
  nextAtRiskSort,
  riskLabel,
  rowKeys,
  SORT_COLUMNS,
  sortAtRisk,
  sortDescription,
  WEEK_CHOICES,
} from './at-risk';
import { WholeDates } from '../../shared/ui/WholeDates';

/**
 * `/atrisk` (staff): active agreements whose forecast first goes below zero within the chosen weeks, before any
 * deposit is missed, with what would avoid it (issue 11 item 7), every figure the member's overview's verdict (the
 * server's): sortable by each column (worst first at first), exported as CSV or PDF in the screen's sort, and a
 * Contact member action per row (the notification dialog, filled for that member and agreement).
 */
export function AtRiskPage() {
  const [weeks, setWeeks] = useState(DEFAULT_WEEKS);
  const { data, previousData, loading, error, refetch } = useAtRiskAgreementsQuery({
    variables: { weeks },
    notifyOnNetworkStatusChange: true,
  });
  const client = useApolloClient();
  const [sort, setSort] = useState(DEFAULT_AT_RISK_SORT);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [contact, setContact] = useState<{ accountId: number; memberId: number; agreementId: number } | null>(null);
  const list = (data ?? previousData)?.atRiskAgreements;
  const items = useMemo(() => sortAtRisk(list?.items ?? [], sort, rowKeys), [list, sort]);

  const download = async (format: ExportFormat) => {
    setExporting(format);
    setExportError(null);
    try {
      const { data: file } = await client.query({
        query: AtRiskAgreementsFileDocument,
        variables: { weeks, format, sort },
        fetchPolicy: 'no-cache',
      });
      if (!file) throw new Error('The file could not be made. Please try again.');
      downloadBase64(file.atRiskAgreementsFile);
    } catch (caught) {
      setExportError(serverMessage(caught));
    } finally {
      setExporting(null);
    }
  };
  return (
    <Page title="Agreements at risk">
      <Text color="fg.muted">
        Active agreements whose forecast first goes below zero within the weeks chosen, before any deposit is missed.
        Each row is the member’s own forecast, as their overview shows it (today’s balance, the deposits and the
        expected bills): the lowest point, the top-up today and the deposit that avoid it are to the agreement’s end
        date, not only the weeks chosen.
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
          disabled={items.length === 0 || exporting !== null}
          loading={exporting === 'CSV'}
          onClick={() => void download('CSV')}
        >
          Export CSV
        </Button>
        <Button
          variant="outline"
          disabled={items.length === 0 || exporting !== null}
          loading={exporting === 'PDF'}
          onClick={() => void download('PDF')}
        >
          Export PDF
        </Button>
      </HStack>
      <div aria-live="polite">{exportError && <StatusAlert status="error">{exportError}</StatusAlert>}</div>
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
          <WholeDates>
            {items.length === 0
              ? `None of the ${list.checked} active agreements goes short within ${list.weeks === 1 ? '1 week' : `${list.weeks} weeks`}.`
              : `${items.length} of ${list.checked} active agreements go short within ${list.weeks === 1 ? '1 week' : `${list.weeks} weeks`} (as of ${formatDate(list.asOf)}).`}
          </WholeDates>
          {list.notForecast.length > 0 &&
            ` ${list.notForecast.length} could not be forecast (their data needs a look).`}
        </Text>
      )}
      {list && items.length === 0 && <NoData>No agreement is at risk in this time.</NoData>}
      {items.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" position="relative">
          <Table.Root size="sm" data-testid="at-risk">
            <Table.Caption srOnly>Agreements at risk, {sortDescription(sort)}</Table.Caption>
            <Table.Header>
              <Table.Row bg="gray.50">
                {SORT_COLUMNS.map(({ field, label, end }) => (
                  <SortableColumnHeader
                    key={field}
                    field={field}
                    label={label}
                    end={end}
                    sort={sort}
                    onSort={(column) => setSort(nextAtRiskSort(sort, column))}
                  />
                ))}
                <Table.ColumnHeader scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
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
                  <Table.Cell whiteSpace="nowrap">
                    {formatDate(item.firstShortDate)}
                    <Text fontSize="xs" color="fg.muted">
                      short by {formatMoney(item.firstShortfall)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <WholeDates>{`${formatMoney(item.lowestPoint.balance)} on ${formatDate(item.lowestPoint.date)}`}</WholeDates>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(item.topUpToAvoid)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {formatMoney(item.depositAmount)} →{' '}
                    {item.depositToAvoid ? formatMoney(item.depositToAvoid) : 'a top-up only'}
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={`Contact member ${item.memberName}, agreement ${item.agreementId}`}
                      onClick={() =>
                        setContact({
                          accountId: item.accountId,
                          memberId: item.memberId,
                          agreementId: item.agreementId,
                        })
                      }
                    >
                      Contact member
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {contact && (
        <ContactMemberDialog
          accountId={contact.accountId}
          memberId={contact.memberId}
          contractId={contact.agreementId}
          onClose={() => setContact(null)}
          onSent={() => setContact(null)}
        />
      )}
    </Page>
  );
}
