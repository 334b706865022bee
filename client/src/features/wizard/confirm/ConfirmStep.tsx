import { Badge, Button, DataList, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Fragment, useState } from 'react';
import type { AgreementConfirmationQuery, ConfirmItemFieldsFragment } from '../../../gql/graphql';
import { useAgreementConfirmationQuery } from '../../../gql/hooks';
import { useIsStaff } from '../../../auth/useIsStaff';
import { ApprovalNotifyDialog } from '../../notification/ApprovalNotifyDialog';
import { formatDate } from '../../../shared/dates';
import { WholeDates } from '../../../shared/ui/WholeDates';
import { serverMessage } from '../../../shared/errors';
import { CONTRACT_LOAD_ERROR } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import { Loading } from '../../../shared/ui/Loading';
import { Section } from '../../../shared/ui/Section';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import type { StepProps } from '../step-registry';
import { SigningRulesNotice } from '../SigningRulesNotice';
import { TickList } from '../TickList';
import { checklistComplete, stepBy } from '../wizard-frame';
import { occurrencesLine, paymentDetailsLine } from './confirm-rows';
import { downloadContractPdf } from './download';

type Confirmation = AgreementConfirmationQuery['agreementConfirmation'];

const HIGHLIGHT_COLOURS: Readonly<Record<string, string>> = {
  Added: 'green',
  Edited: 'blue',
  Deleted: 'red',
  Enabled: 'purple',
  'Final bill': 'orange',
};

function ItemTable({
  title,
  id,
  items,
  finalBills,
}: {
  title: string;
  id: string;
  items: readonly ConfirmItemFieldsFragment[];
  finalBills: Confirmation['finalBills'];
}) {
  return (
    <Section title={title} id={id}>
      {/* A phone scrolls the table sideways: the keyboard can too (axe scrollable-region-focusable). */}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={`${title} table`}>
        <Table.Root size="sm" data-testid={id}>
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader scope="col">Biller</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Amount
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Frequency</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Date</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Paid by</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Bills</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Change</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={7} color="fg.muted">
                  None.
                </Table.Cell>
              </Table.Row>
            )}
            {items.map((item) => {
              const final = finalBills.find((line) => line.id === item.id && line.type === item.type);
              return (
                <Fragment key={`${item.type}-${item.id}`}>
                  <Table.Row data-highlight={item.highlight ?? undefined}>
                    <Table.Cell>{item.nickname}</Table.Cell>
                    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                      {formatMoney(item.expenseAmount)}
                    </Table.Cell>
                    <Table.Cell>{item.frequencyLabel}</Table.Cell>
                    <Table.Cell>
                      <WholeDates>{formatDate(item.dateCommencing)}</WholeDates>
                      {item.oldNextDate && (
                        <Text fontSize="sm" color="fg.muted" data-testid="confirm-old-next-date">
                          <WholeDates>{`Was next due ${formatDate(item.oldNextDate)}`}</WholeDates>
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell data-testid="confirm-paid-by">{paymentDetailsLine(item)}</Table.Cell>
                    <Table.Cell data-testid="confirm-occurrences">
                      {occurrencesLine(item.totalOccurrences, item.upcomingOccurrenceNumber)}
                    </Table.Cell>
                    <Table.Cell>
                      {item.highlight && (
                        <Badge colorPalette={HIGHLIGHT_COLOURS[item.highlight] ?? 'gray'}>{item.highlight}</Badge>
                      )}
                    </Table.Cell>
                  </Table.Row>
                  {final && (
                    <Table.Row data-highlight="Final bill">
                      <Table.Cell>{item.nickname}</Table.Cell>
                      <Table.Cell />
                      <Table.Cell />
                      <Table.Cell whiteSpace="nowrap">{formatDate(final.date)}</Table.Cell>
                      <Table.Cell />
                      <Table.Cell />
                      <Table.Cell>
                        <Badge colorPalette="orange">{final.label}</Badge>
                      </Table.Cell>
                    </Table.Row>
                  )}
                </Fragment>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Section>
  );
}

/**
 * Create step 7, Modify step 6 (spec 3 §2): the billers paid automatically and by hand, the bills outside the
 * period, the modification highlights and final-bill lines, the summary, the confirmations of the client settings
 * (all to be ticked), the zero-balance lock, and the print (Contract_Confirm.pdf), enabled once the page has loaded;
 * staff can send the member the approval notification with its preview (Notify member).
 * Continue goes on to the next step (activation / save all).
 */
export function ConfirmStep({ session, readOnly, go }: StepProps) {
  const contractId = session.agreementId;
  const { data, loading, error } = useAgreementConfirmationQuery({
    variables: { contractId },
    fetchPolicy: 'network-only',
  });
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [printing, setPrinting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notifying, setNotifying] = useState(false);
  const isStaff = useIsStaff();
  const view = data?.agreementConfirmation;

  if (loading) return <Loading label="Loading the agreement to confirm…" />;
  if (error || !view) return <StatusAlert status="error">{serverMessage(error, CONTRACT_LOAD_ERROR)}</StatusAlert>;

  const locked = view.lock !== null;
  const complete = checklistComplete(view.confirmations, ticked);
  const print = async () => {
    setProblem(null);
    setPrinting(true);
    try {
      await downloadContractPdf(contractId);
    } catch (caught) {
      setProblem(serverMessage(caught));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Stack gap="5" data-testid="wizard-step-confirm">
      {view.lock && <StatusAlert status="warning">{view.lock.message}</StatusAlert>}
      {isStaff && !view.isSetup && <SigningRulesNotice />}
      <Text>
        {view.memberNames.join(', ')} · Account {view.accountNumber}
      </Text>
      <ItemTable
        title="Billers paid automatically"
        id="confirm-automatic"
        items={view.automatic}
        finalBills={view.finalBills}
      />
      <ItemTable title="Billers paid manually" id="confirm-manual" items={view.manual} finalBills={view.finalBills} />
      {view.outsidePeriod.length > 0 && (
        <ItemTable
          title="Bills outside the agreement period"
          id="confirm-outside"
          items={view.outsidePeriod}
          finalBills={view.finalBills}
        />
      )}
      <Section title="Summary" id="confirm-summary">
        <DataList.Root orientation="horizontal" gap="2">
          <DataList.Item>
            <DataList.ItemLabel>Deposit frequency</DataList.ItemLabel>
            <DataList.ItemValue>{view.summary.frequencyLabel}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Deposit amount</DataList.ItemLabel>
            <DataList.ItemValue data-testid="confirm-deposit-amount">
              {formatMoney(view.summary.depositAmount)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{view.isSetup ? 'Start date' : 'Next deposit'}</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(view.summary.firstDepositDate, '—')}</DataList.ItemValue>
          </DataList.Item>
          {view.summary.fee !== null && (
            <DataList.Item>
              <DataList.ItemLabel>Fee per deposit</DataList.ItemLabel>
              <DataList.ItemValue data-testid="confirm-fee">{formatMoney(view.summary.fee)}</DataList.ItemValue>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.ItemLabel>End date</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(view.summary.endDate)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Text mt="2" color="fg.muted">
          {view.summary.scheduleSummary}
        </Text>
      </Section>
      <Section title="Agreement confirmation" id="confirm-checklist">
        <TickList
          statements={view.confirmations}
          ticked={ticked}
          onChange={setTicked}
          disabled={readOnly || locked}
          testId="confirm-checklist-items"
        />
      </Section>
      <div aria-live="polite">{problem && <StatusAlert status="error">{problem}</StatusAlert>}</div>
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" disabled={readOnly} onClick={() => go(stepBy(session, -1))}>
          Back
        </Button>
        <Button variant="outline" disabled={locked} loading={printing} onClick={() => void print()}>
          Print to PDF
        </Button>
        {isStaff && (
          <Button variant="outline" disabled={locked} onClick={() => setNotifying(true)}>
            Notify member
          </Button>
        )}
        <Button colorPalette="brand" disabled={readOnly || locked || !complete} onClick={() => go(stepBy(session, 1))}>
          Continue
        </Button>
      </HStack>
      {notifying && <ApprovalNotifyDialog contractId={contractId} onClose={() => setNotifying(false)} />}
    </Stack>
  );
}
