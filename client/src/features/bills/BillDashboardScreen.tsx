import { Badge, Box, Button, ButtonGroup, HStack, IconButton, Pagination, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBillDashboardQuery } from '../../gql/hooks';
import type { BillForPaymentFieldsFragment } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { WholeDates } from '../../shared/ui/WholeDates';
import { serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { AgreementStatus } from '@shared/agreement-status.js';
import { codeOf } from '@shared/code-names.js';
import { BillStatus, isOverdue } from '@shared/bill/bill-status.rules.js';
import { MoneyMovement, moneyRefusal } from '@shared/money-movement.rules.js';
import { InArrearsNotice } from './InArrearsNotice';
import { ManagerApprovalDialog } from './ManagerApprovalDialog';
import { TopUpRainyDayDialog } from './TopUpRainyDayDialog';
import { BILL_MESSAGES } from './bill-messages';
import { billOrAllocationOf, canTopUpRainyDay, dashboardAction, visibleDashboardBills } from './bill-rules';
import { useBillContext } from './use-bill-context';
import { useInstitutionToday } from './useInstitutionToday';

const PAGE_SIZE = 20;

/** Phones get 44 px tap targets (WCAG 2.5.5); desktops keep the compact row buttons. */
const PHONE_TAP_TARGET = { minH: { base: '11', md: '0' }, minW: { base: '11', md: '0' } } as const;
/** The server's sentence for a biller on hold (spec 1 §4): the overview shows the same one. */
function onHoldMessage(
  bill: BillForPaymentFieldsFragment,
  onHold: readonly { billerId: number; message: string }[],
): string | null {
  return onHold.find((item) => item.billerId === bill.billerId)?.message ?? null;
}

/** `paybill` (spec 1 §2 "Bill dashboard"): bills due for payment, 20 a page, due date descending. */
export function BillDashboardScreen() {
  const context = useBillContext();
  const { memberId, accountId, isStaff, base, agreement, agreementStatus, resigned } = context;
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [approvalBill, setApprovalBill] = useState<BillForPaymentFieldsFragment | null>(null);
  const [topUpOpen, setTopUpOpen] = useState(false);
  const { data, loading, error, refetch } = useBillDashboardQuery({ variables: { memberId, accountId, page } });
  const onHold = agreement?.billersOnHold ?? [];
  const today = useInstitutionToday();
  // Why this member cannot pay at all now (arrears, a lock, a resigned membership …): the money rule's words.
  const standing = moneyRefusal(MoneyMovement.PayBill, {
    status: codeOf(AgreementStatus, agreementStatus),
    mover: isStaff ? 'staff' : 'member',
    resigned,
    managerApproval: true,
  })?.message;

  const open = (bill: BillForPaymentFieldsFragment, action: 'pay' | 'reimburse') => {
    const decision = dashboardAction(
      {
        action,
        agreementStatus,
        isStaff,
        resigned,
        disableSubmit: bill.disableSubmit,
        onHoldMessage: action === 'pay' ? onHoldMessage(bill, onHold) : null,
        billerAddedDate: bill.billerAddedDate,
        today,
      },
      { billerAddedToday: BILL_MESSAGES.billerAddedToday },
    );
    if (decision.kind === 'blocked') return void notify.warning(decision.message);
    if (decision.kind === 'inArrears') return setNotice(decision.message);
    if (decision.kind === 'needsApproval') return setApprovalBill(bill);
    navigate(`${base}/paybill/${action}/${bill.billId}/${billOrAllocationOf(bill.paymentType)}`);
  };

  const loaded = data?.billsDueForPayment;
  // Spec 1 §4: the member portal hides reimbursement bills (the page counts stay the server's).
  const page_ = loaded && { ...loaded, items: visibleDashboardBills(loaded.items, isStaff) };
  return (
    <Page title="Pay a bill">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="fg.muted">
          {agreement ? `Agreement ${agreement.contractId}: ${agreement.statusName}` : ' '}
          {agreement && ` · Rainy day ${formatMoney(agreement.balances.rainyDay)}`}
        </Text>
        {canTopUpRainyDay(agreementStatus, isStaff, resigned) && agreement && (
          <Button variant="outline" onClick={() => setTopUpOpen(true)}>
            Top up rainy day
          </Button>
        )}
      </HStack>
      {onHold.map((hold) => (
        <StatusAlert key={hold.billerId} status="warning">
          {hold.message}
        </StatusAlert>
      ))}
      {standing && <StatusAlert status="warning">{standing}</StatusAlert>}
      {loading && <Loading label="Loading bills…" />}
      {error && <StatusAlert status="error">{serverMessage(error, BILL_MESSAGES.loadBills)}</StatusAlert>}
      {page_ && page_.items.length === 0 && <NoData>No bills are due for payment.</NoData>}
      {page_ && page_.items.length > 0 && (
        <Stack as="ul" gap="3" hideFrom="md" aria-label="Bills due for payment" listStyleType="none">
          {page_.items.map((bill) => (
            <Box as="li" key={bill.billId} borderWidth="1px" borderRadius="md" p="3" data-testid="bill-card">
              <HStack justify="space-between" align="start" gap="3">
                <Stack gap="0.5">
                  <Text fontWeight="medium">{bill.nickname}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    <WholeDates>{`Due ${formatDate(bill.expectedDueDate)} · ${bill.paymentMethodName}`}</WholeDates>
                  </Text>
                  <BillBadges bill={bill} onHold={Boolean(onHoldMessage(bill, onHold))} />
                </Stack>
                <Text fontWeight="medium">{formatMoney(bill.amountAllocated)}</Text>
              </HStack>
              <HStack mt="3" justify="end">
                <BillActions bill={bill} onOpen={open} />
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
      {page_ && page_.items.length > 0 && (
        <Box overflowX="auto" hideBelow="md">
          <Table.Root size="sm" aria-label="Bills due for payment">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Due date</Table.ColumnHeader>
                <Table.ColumnHeader>Bill</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Category</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Type</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Set aside</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {page_.items.map((bill) => (
                <Table.Row key={bill.billId} data-testid="bill-row">
                  <Table.Cell whiteSpace="nowrap">{formatDate(bill.expectedDueDate)}</Table.Cell>
                  <Table.Cell>
                    <Stack gap="0.5">
                      <Text fontWeight="medium">{bill.nickname}</Text>
                      <BillBadges bill={bill} onHold={Boolean(onHoldMessage(bill, onHold))} />
                    </Stack>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{bill.categoryName}</Table.Cell>
                  <Table.Cell hideBelow="md">{bill.paymentMethodName}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(bill.amountAllocated)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <BillActions bill={bill} onOpen={open} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {page_ && page_.total > PAGE_SIZE && (
        <Pagination.Root count={page_.total} pageSize={PAGE_SIZE} page={page} onPageChange={(e) => setPage(e.page)}>
          <ButtonGroup variant="ghost" size="sm">
            <Pagination.PrevTrigger asChild>
              <IconButton aria-label="Previous page">‹</IconButton>
            </Pagination.PrevTrigger>
            <Pagination.PageText />
            <Pagination.NextTrigger asChild>
              <IconButton aria-label="Next page">›</IconButton>
            </Pagination.NextTrigger>
          </ButtonGroup>
        </Pagination.Root>
      )}
      <InArrearsNotice message={notice} onClose={() => setNotice(null)} />
      {approvalBill && (
        <ManagerApprovalDialog
          bill={approvalBill}
          onClose={() => setApprovalBill(null)}
          onApproved={() => {
            const bill = approvalBill;
            setApprovalBill(null);
            navigate(`${base}/paybill/pay/${bill.billId}/${billOrAllocationOf(bill.paymentType)}`);
          }}
        />
      )}
      {topUpOpen && agreement && (
        <TopUpRainyDayDialog
          contractId={agreement.contractId}
          onClose={() => setTopUpOpen(false)}
          onDone={() => {
            setTopUpOpen(false);
            void refetch();
            void context.refetchAgreement();
          }}
        />
      )}
    </Page>
  );
}

function BillBadges({ bill, onHold }: { bill: BillForPaymentFieldsFragment; onHold: boolean }) {
  return (
    <HStack gap="1" wrap="wrap">
      {isOverdue(codeOf(BillStatus, bill.status)) && <Badge colorPalette="red">Overdue</Badge>}
      {bill.isEarlyPayment && <Badge colorPalette="gray">Not yet due</Badge>}
      {onHold && <Badge colorPalette="orange">On hold</Badge>}
    </HStack>
  );
}

function BillActions({
  bill,
  onOpen,
}: {
  bill: BillForPaymentFieldsFragment;
  onOpen: (bill: BillForPaymentFieldsFragment, action: 'pay' | 'reimburse') => void;
}) {
  const label = `${bill.nickname} due ${formatDate(bill.expectedDueDate)}`;
  return (
    <HStack gap="1" justify="end">
      <Button
        size="xs"
        {...PHONE_TAP_TARGET}
        colorPalette="brand"
        onClick={() => onOpen(bill, 'pay')}
        aria-label={`Pay ${label}`}
      >
        Pay
      </Button>
      <Button
        size="xs"
        {...PHONE_TAP_TARGET}
        variant="outline"
        onClick={() => onOpen(bill, 'reimburse')}
        aria-label={`Reimburse ${label}`}
      >
        Reimburse
      </Button>
    </HStack>
  );
}
