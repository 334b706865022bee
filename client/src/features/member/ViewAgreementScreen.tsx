import { Box, Button, Dialog, Link, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { AgreementStatus } from '@shared/agreement-status.js';
import { codeOf } from '@shared/code-names.js';
import { useIsStaff } from '../../auth/useIsStaff';
import { useAgreementViewQuery, useApproveAgreementMutation } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { failureNotice, serverMessage } from '../../shared/errors';
import { CONTRACT_LOAD_ERROR } from '../../shared/messages';
import { notify } from '../../shared/notify/notify';
import { parsePositiveId } from '../../shared/route-ids';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData, Section } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { AgreementSummaryCard } from '../overview/AgreementSummaryCard';
import { BillersTable } from '../overview/BillersTable';
import { ChangeReview } from './change-review/ChangeReview';

// The deposit review (issue 24 item 2) loads after the page: its table is long and the page is read without it.
const DepositReviewPanel = lazy(() =>
  import('../deposit-review/DepositReviewPanel').then((m) => ({ default: m.DepositReviewPanel })),
);

/** Agreement statuses that wait for the member's approval (spec 1 §4: 0 and 9). */
const NEEDS_MEMBER_APPROVAL = new Set<AgreementStatus | null>([
  AgreementStatus.PendingApproval,
  AgreementStatus.ModificationPendingApproval,
]);

export const AGREEMENT_MESSAGES = {
  couldNotLoad: 'Could not load contract',
  // Staff activated it before the member could approve it (approval needs it sent): it is applied next.
  approved: 'Agreement approved. It is applied shortly: your overview shows it then.',
  approvedWarning: 'This agreement cannot be modified until it is active.',
  notCurrent: (current: number) => `This is not the current version of the agreement: agreement ${current} is.`,
  openCurrent: (current: number) => `Open agreement ${current}`,
} as const;

/** `viewagreement/:agreementId` (spec 1 §2): the agreement, read-only; a member approves one in status 0 or 9. */
export function ViewAgreementScreen() {
  const params = useParams();
  const agreementId = parsePositiveId(params.agreementId);
  const memberId = parsePositiveId(params.memberId);
  const accountId = parsePositiveId(params.accountId);
  const isStaff = useIsStaff();
  const navigate = useNavigate();
  const overview = `/member/${params.memberId ?? ''}/account/${params.accountId ?? ''}/overview`;
  const { data, loading, error } = useAgreementViewQuery(agreementId ? { variables: { agreementId } } : skipToken);
  const view = data?.agreement;
  const status = view ? codeOf(AgreementStatus, view.summary.status) : null;

  if (agreementId === null) {
    return (
      <Page title="Agreement">
        <StatusAlert status="error">{AGREEMENT_MESSAGES.couldNotLoad}</StatusAlert>
      </Page>
    );
  }
  return (
    <Page title={`Agreement ${agreementId}`}>
      {loading && <Loading label="Loading the agreement…" />}
      {error && <StatusAlert status="error">{serverMessage(error, CONTRACT_LOAD_ERROR)}</StatusAlert>}
      {view && (
        <Stack gap="5">
          {/* A version replaced while open (a review accepted, a change applied): the page says where the agreement is now. */}
          {view.currentVersionId !== null && (
            <StatusAlert status="info">
              <Text>{AGREEMENT_MESSAGES.notCurrent(view.currentVersionId)}</Text>
              <Link asChild fontWeight="medium" textDecoration="underline">
                <RouterLink
                  to={`/member/${params.memberId ?? ''}/account/${params.accountId ?? ''}/viewagreement/${view.currentVersionId}`}
                >
                  {AGREEMENT_MESSAGES.openCurrent(view.currentVersionId)}
                </RouterLink>
              </Link>
            </StatusAlert>
          )}
          {status === AgreementStatus.Approved && (
            <StatusAlert status="info">{AGREEMENT_MESSAGES.approvedWarning}</StatusAlert>
          )}
          {/* A modification or renewal of the running agreement: the member reviews what it changes. */}
          {status === AgreementStatus.ModificationPendingApproval ? (
            <ChangeReview
              agreementId={agreementId}
              onDecided={(message) => {
                // Told on the overview, where the member goes next (the notice is kept by the route change).
                notify.successAfterNavigation(overview, message);
                void navigate(overview);
              }}
            />
          ) : (
            !isStaff &&
            view.canApprove &&
            NEEDS_MEMBER_APPROVAL.has(status) && <ApproveAgreement agreementId={agreementId} />
          )}
          {status === AgreementStatus.PendingApproval && (
            <>
              <Section title="Bills you pay yourself" id="agreement-paid-by-hand">
                {view.paidByHand.length === 0 ? (
                  <Text>None: the agreement pays all your bills.</Text>
                ) : (
                  <Stack gap="2">
                    <Text>You pay these bills yourself when they come; the agreement does not pay them for you.</Text>
                    <Box as="ul" aria-label="Bills you pay yourself" ps="5" listStyleType="disc">
                      {view.paidByHand.map((biller) => (
                        <li key={biller.billerId}>
                          {biller.nickname}: {formatMoney(biller.amount)} {biller.frequencyName}
                        </li>
                      ))}
                    </Box>
                  </Stack>
                )}
              </Section>
              <Section title="Forecast" id="agreement-forecast">
                <StatusAlert status={view.forecast.onTrack ? 'success' : 'warning'} title={view.forecast.headline}>
                  {view.forecast.details.map((sentence) => (
                    <Text key={sentence}>{sentence}</Text>
                  ))}
                </StatusAlert>
              </Section>
            </>
          )}
          <Section title="Summary" id="agreement-summary">
            <AgreementSummaryCard summary={view.summary} wide />
          </Section>
          <BillersTable title="Billers" billers={view.billers} id="agreement-billers" />
          {memberId !== null && accountId !== null && (
            <Suspense fallback={null}>
              <DepositReviewPanel memberId={memberId} accountId={accountId} agreementId={agreementId} />
            </Suspense>
          )}
          <Section title="Next deposit dates" id="deposit-dates">
            {view.depositDates.length === 0 ? (
              <NoData />
            ) : (
              <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, sm: 3, md: 4 }} gap="2">
                {view.depositDates.map((date) => (
                  <Box
                    as="li"
                    key={date}
                    bg="brand.subtle"
                    borderRadius="md"
                    px="3"
                    py="1"
                    fontVariantNumeric="tabular-nums"
                  >
                    {formatDate(date)}
                  </Box>
                ))}
              </SimpleGrid>
            )}
          </Section>
        </Stack>
      )}
    </Page>
  );
}

/** The member's approval, after the 'Confirm before member approval' dialog. */
function ApproveAgreement({ agreementId }: { agreementId: number }) {
  const [open, setOpen] = useState(false);
  const [approve, { loading }] = useApproveAgreementMutation();

  const confirm = async () => {
    try {
      const { data } = await approve({ variables: { agreementId } });
      const result = data?.approveAgreement;
      if (result?.ok) {
        notify.success(AGREEMENT_MESSAGES.approved);
        setOpen(false);
        return;
      }
      notify.alert(failureNotice('The agreement was not approved.', result?.errors[0]?.message));
    } catch (error) {
      notify.alert(failureNotice('The agreement was not approved.', error));
    }
    setOpen(false);
  };

  return (
    <Box borderWidth="1px" borderColor="brand.emphasized" bg="brand.subtle" borderRadius="lg" p="4">
      <Stack gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }}>
        <Text>Please review your agreement below. When you are happy with it, approve it.</Text>
        <Dialog.Root
          open={open}
          onOpenChange={(details) => setOpen(details.open)}
          role="alertdialog"
          placement="center"
          size={{ base: 'xs', sm: 'md' }}
        >
          <Dialog.Trigger asChild>
            <Button colorPalette="brand" flexShrink={0}>
              Approve agreement
            </Button>
          </Dialog.Trigger>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>Approve this agreement?</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>
                    By approving, you agree to the deposits and bill payments set out in agreement {agreementId}.
                  </Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" disabled={loading}>
                      Cancel
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button colorPalette="brand" loading={loading} onClick={() => void confirm()}>
                    Approve
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      </Stack>
    </Box>
  );
}
