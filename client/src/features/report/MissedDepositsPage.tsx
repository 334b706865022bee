import { skipToken, useApolloClient } from '@apollo/client/react';
import { Box, Button, Checkbox, HStack, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MissedDepositReportFileDocument, type ExportFormat } from '../../gql/graphql';
import { useMissedDepositReportQuery, useReportBranchesQuery } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { DateInput } from '../../shared/ui/DateInput';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import {
  allChosen,
  branchRows,
  downloadBase64,
  reportFormError,
  reportInput,
  toggled,
  type ReportForm,
} from './missed-deposits';

type ReportInput = ReturnType<typeof reportInput>;

/**
 * `/misseddeposits` (staff): the missed-deposit report (spec 3 §2, §4): branches five to a row with select all, the
 * missed deposits' dates, generate; the agreements in arrears by branch, each branch collapsible, with totals; the
 * same report as Missed_Deposits_Report.csv and .pdf.
 */
export function MissedDepositsPage() {
  const branches = useReportBranchesQuery();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [input, setInput] = useState<ReportInput | null>(null);
  const report = useMissedDepositReportQuery(input ? { variables: { input }, fetchPolicy: 'network-only' } : skipToken);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const client = useApolloClient();
  const formId = useId();
  const list = branches.data?.reportBranches ?? [];
  const ids = list.map((b) => b.id);
  const all = allChosen(chosen, ids);
  const result = report.data?.missedDepositReport;

  const generate = (event: FormEvent) => {
    event.preventDefault();
    const form: ReportForm = { branchIds: [...chosen], startDate, endDate };
    const error = reportFormError(form);
    setFormError(error);
    if (error) return;
    setCollapsed(new Set());
    setExportError(null);
    const next = reportInput(form);
    if (JSON.stringify(next) === JSON.stringify(input)) void report.refetch();
    else setInput(next);
  };

  const download = async (format: ExportFormat) => {
    if (!input) return;
    setExporting(format);
    setExportError(null);
    try {
      const { data } = await client.query({
        query: MissedDepositReportFileDocument,
        variables: { input, format },
        fetchPolicy: 'no-cache',
      });
      if (!data) throw new Error('The file could not be made. Please try again.');
      downloadBase64(data.missedDepositReportFile);
    } catch (error) {
      setExportError(serverMessage(error));
    } finally {
      setExporting(null);
    }
  };

  return (
    <Page title="Missed deposits report">
      <Text color="fg.muted">
        Agreements in arrears: deposits the bank did not receive on their date and still short, by branch.
      </Text>
      {branches.loading && <Loading label="Loading the branches…" />}
      {branches.error && (
        <StatusAlert status="error">
          {serverMessage(branches.error)}{' '}
          <Button size="xs" variant="outline" onClick={() => void branches.refetch()}>
            Try again
          </Button>
        </StatusAlert>
      )}
      {branches.data && (
        <form id={formId} onSubmit={generate} noValidate>
          <Stack gap="4">
            <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4">
              <Box as="legend" px="1" fontWeight="semibold">
                Branches
              </Box>
              {list.length === 0 ? (
                <NoData>No branches are set up.</NoData>
              ) : (
                <Stack gap="2">
                  <Checkbox.Root
                    checked={all}
                    onCheckedChange={(e) => setChosen(e.checked === true ? new Set(ids) : new Set())}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="semibold">Select all</Checkbox.Label>
                  </Checkbox.Root>
                  {branchRows(list).map((row) => (
                    <SimpleGrid key={row[0].id} columns={{ base: 2, md: 5 }} gap="2" data-testid="branch-row">
                      {row.map((branch) => (
                        <Checkbox.Root
                          key={branch.id}
                          checked={chosen.has(branch.id)}
                          onCheckedChange={(e) =>
                            setChosen((current) => toggled(current, branch.id, e.checked === true))
                          }
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{branch.name}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </SimpleGrid>
                  ))}
                </Stack>
              )}
            </Box>
            <HStack gap="4" align="end" wrap="wrap">
              {/* The shared date input (issue 26 item 9): DD-MM-YYYY and a Monday-first calendar, not the browser's. */}
              <DateInput
                label="Missed from"
                value={startDate === '' ? null : startDate}
                onChange={(date, text) => setStartDate(date ?? text.trim())}
              />
              <DateInput
                label="Missed up to"
                value={endDate === '' ? null : endDate}
                onChange={(date, text) => setEndDate(date ?? text.trim())}
              />
              <Button type="submit" colorPalette="brand" loading={report.loading} loadingText="Generating…">
                Generate
              </Button>
            </HStack>
            <div aria-live="polite">{formError && <StatusAlert status="error">{formError}</StatusAlert>}</div>
          </Stack>
        </form>
      )}
      {report.loading && <Loading label="Generating the report…" />}
      {report.error && !report.loading && (
        <StatusAlert status="error">
          {serverMessage(report.error)}{' '}
          <Button size="xs" variant="outline" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </StatusAlert>
      )}
      {result && !report.loading && (
        <Stack gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Text aria-live="polite" data-testid="report-summary">
              {result.agreementCount === 0
                ? 'No agreement is in arrears in these branches.'
                : `${result.agreementCount} agreement${result.agreementCount === 1 ? '' : 's'} in arrears, total ${formatMoney(result.totalValueInArrears)}`}
            </Text>
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => setCollapsed(new Set())}>
                Expand all
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setCollapsed(new Set(result.groups.map((g) => g.branchId)))}
              >
                Collapse all
              </Button>
              <Button
                size="sm"
                variant="outline"
                loading={exporting === 'CSV'}
                disabled={exporting !== null}
                onClick={() => void download('CSV')}
              >
                Export CSV
              </Button>
              <Button
                size="sm"
                variant="outline"
                loading={exporting === 'PDF'}
                disabled={exporting !== null}
                onClick={() => void download('PDF')}
              >
                Export PDF
              </Button>
            </HStack>
          </HStack>
          <div aria-live="polite">{exportError && <StatusAlert status="error">{exportError}</StatusAlert>}</div>
          {result.groups.length === 0 && <NoData>No missed deposits in these branches for these dates.</NoData>}
          {result.groups.map((group) => {
            const open = !collapsed.has(group.branchId);
            const bodyId = `${formId}-branch-${group.branchId}`;
            return (
              <Box key={group.branchId} borderWidth="1px" borderRadius="md" data-testid="branch-group">
                <Box as="h2" m="0">
                  <Button
                    variant="ghost"
                    width="full"
                    justifyContent="space-between"
                    aria-expanded={open}
                    aria-controls={bodyId}
                    onClick={() => setCollapsed((current) => toggled(current, group.branchId, open))}
                    whiteSpace="normal"
                    textAlign="start"
                    h="auto"
                    py="2"
                  >
                    <span>
                      <span aria-hidden="true">{open ? '▾' : '▸'} </span>
                      {group.branchName} ({group.records.length})
                    </span>
                    <span data-testid="branch-total">{formatMoney(group.totalValueInArrears)}</span>
                  </Button>
                </Box>
                <Box id={bodyId} hidden={!open}>
                  <Table.ScrollArea>
                    <Table.Root size="sm">
                      <Table.Caption srOnly>{group.branchName}: agreements in arrears</Table.Caption>
                      <Table.Header>
                        <Table.Row bg="gray.50">
                          <Table.ColumnHeader scope="col">Account</Table.ColumnHeader>
                          <Table.ColumnHeader scope="col">Members</Table.ColumnHeader>
                          <Table.ColumnHeader scope="col">Agreement</Table.ColumnHeader>
                          <Table.ColumnHeader scope="col">Deposit frequency</Table.ColumnHeader>
                          <Table.ColumnHeader scope="col">Next deposit</Table.ColumnHeader>
                          <Table.ColumnHeader scope="col">Renewal date</Table.ColumnHeader>
                          <Table.ColumnHeader scope="col" textAlign="end">
                            Total in arrears
                          </Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {group.records.map((record) => (
                          <Table.Row key={record.agreementNumber}>
                            <Table.Cell>{record.formattedAccount}</Table.Cell>
                            <Table.Cell>
                              <Link asChild color="brand.fg">
                                <RouterLink to={`/member/${record.memberId}/account/${record.accountId}/overview`}>
                                  {record.members}
                                </RouterLink>
                              </Link>
                            </Table.Cell>
                            <Table.Cell>{record.agreementNumber}</Table.Cell>
                            <Table.Cell>{record.depositFrequency}</Table.Cell>
                            <Table.Cell whiteSpace="nowrap">{formatDate(record.nextDepositDate, '—')}</Table.Cell>
                            <Table.Cell whiteSpace="nowrap">{formatDate(record.renewalDate)}</Table.Cell>
                            <Table.Cell textAlign="end">{formatMoney(record.totalValueInArrears)}</Table.Cell>
                          </Table.Row>
                        ))}
                        <Table.Row fontWeight="semibold" bg="gray.50">
                          <Table.Cell colSpan={6}>Branch total</Table.Cell>
                          <Table.Cell textAlign="end">{formatMoney(group.totalValueInArrears)}</Table.Cell>
                        </Table.Row>
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                </Box>
              </Box>
            );
          })}
          {result.groups.length > 0 && (
            <HStack justify="space-between" fontWeight="bold" px="4" data-testid="report-total">
              <Text>Total ({result.agreementCount})</Text>
              <Text>{formatMoney(result.totalValueInArrears)}</Text>
            </HStack>
          )}
        </Stack>
      )}
    </Page>
  );
}
