import { Box, Button, Dialog, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useIsStaff } from '../../auth/useIsStaff';
import { useAgreementViewQuery, useApproveAgreementMutation } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { failureNotice, serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { parsePositiveId } from '../../shared/route-ids';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData, Section } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { AgreementSummaryCard } from '../overview/AgreementSummaryCard';
import { BillersTable } from '../overview/BillersTable';

/** Agreement statuses that wait for the member's approval (spec 1 §4). */
const NEEDS_MEMBER_APPROVAL = new Set([0, 9]);
/** Status 1: approved, not active yet. */
const APPROVED = 1;

export const AGREEMENT_MESSAGES = {
  couldNotLoad: 'Could not load contract',
  approved: 'Agreement approved. It will start once it is activated.',
  approvedWarning: 'This agreement cannot be modified until it is active.',
} as const;

/** `viewagreement/:agreementId` (spec 1 §2): the agreement, read-only; a member approves one in status 0 or 9. */
export function ViewAgreementScreen() {
  const agreementId = parsePositiveId(useParams().agreementId);
  const isStaff = useIsStaff();
  const { data, loading, error } = useAgreementViewQuery(agreementId ? { variables: { agreementId } } : skipToken);
  const view = data?.agreement;

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
      {error && <StatusAlert status="error">{serverMessage(error, AGREEMENT_MESSAGES.couldNotLoad)}</StatusAlert>}
      {view && (
        <Stack gap="5">
          {view.summary.status === APPROVED && (
            <StatusAlert status="info">{AGREEMENT_MESSAGES.approvedWarning}</StatusAlert>
          )}
          {!isStaff && view.canApprove && NEEDS_MEMBER_APPROVAL.has(view.summary.status) && (
            <ApproveAgreement agreementId={agreementId} />
          )}
          <Section title="Summary" id="agreement-summary">
            <AgreementSummaryCard summary={view.summary} wide />
          </Section>
          <BillersTable title="Billers" billers={view.billers} id="agreement-billers" />
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
