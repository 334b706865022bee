import { Box, Text } from '@chakra-ui/react';
import { useContractApprovingPreviewQuery } from '../../gql/hooks';
import { notificationInput, SendNotificationDialog } from './SendNotificationDialog';

interface ApprovalNotifyDialogProps {
  contractId: number;
  onClose: () => void;
}

/**
 * The confirm page's Notify dialog (spec 3 §2, §3): the approval notification (ContractApprovingNotification) as
 * the member will read it (GetContractApprovingPreview), sent through the outbox by their preferred contact method.
 */
export function ApprovalNotifyDialog({ contractId, onClose }: ApprovalNotifyDialogProps) {
  const preview = useContractApprovingPreviewQuery({ variables: { contractId }, fetchPolicy: 'network-only' });
  const view = preview.data?.contractApprovingPreview ?? null;

  return (
    <SendNotificationDialog
      title="Notify the member"
      testId="approval-notify-dialog"
      loadingLabel="Loading the notification…"
      loading={preview.loading}
      loadError={preview.error}
      input={view && notificationInput(view)}
      onClose={onClose}
      onSent={onClose}
    >
      <Text fontSize="sm" color="fg.muted">
        The member is asked to approve the agreement, by their preferred contact method: e-mail, or SMS.
      </Text>
      <Box>
        <Text fontWeight="semibold">E-mail subject</Text>
        <Text data-testid="approval-email-subject">{view?.emailSubject}</Text>
      </Box>
      <Box>
        <Text fontWeight="semibold">E-mail text</Text>
        <Text whiteSpace="pre-wrap" data-testid="approval-email-body">
          {view?.emailBody}
        </Text>
      </Box>
      <Box>
        <Text fontWeight="semibold">SMS text</Text>
        <Text whiteSpace="pre-wrap" data-testid="approval-sms-body">
          {view?.smsBody}
        </Text>
      </Box>
    </SendNotificationDialog>
  );
}
