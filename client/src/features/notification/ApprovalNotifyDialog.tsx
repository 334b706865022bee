import { Box, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useContractApprovingPreviewQuery, useSendManualNotificationMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { Loading } from '../../shared/ui/Loading';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { NOTIFICATION_FAILED } from './contact-member';

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
  const [send, sendState] = useSendManualNotificationMutation();
  const [error, setError] = useState<string | null>(null);
  const view = preview.data?.contractApprovingPreview ?? null;

  const submit = async () => {
    if (!view) return;
    setError(null);
    try {
      const { data } = await send({
        variables: {
          input: {
            accountId: view.accountId,
            memberId: view.memberId,
            contractId: view.contractId,
            templateId: view.templateId,
            notificationName: view.templateName,
            emailSubject: view.emailSubject,
            emailBody: view.emailBody,
            smsBody: view.smsBody,
          },
        },
      });
      const result = data?.sendManualNotification;
      if (!result || result.errors.length > 0) return setError(result?.errors[0]?.message ?? NOTIFICATION_FAILED);
      notify.success(result.message ?? 'Notification has been successfully queued and will be sent shortly.');
      onClose();
    } catch (caught) {
      setError(serverMessage(caught, NOTIFICATION_FAILED));
    }
  };

  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} closeOnInteractOutside={false} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="approval-notify-dialog">
            <Dialog.Header>
              <Dialog.Title>Notify the member</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {preview.loading && <Loading label="Loading the notification…" />}
              {preview.error && (
                <StatusAlert status="error">{serverMessage(preview.error, NOTIFICATION_FAILED)}</StatusAlert>
              )}
              {view && (
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">
                    The member is asked to approve the agreement, by their preferred contact method: e-mail, or SMS.
                  </Text>
                  <Box>
                    <Text fontWeight="semibold">E-mail subject</Text>
                    <Text data-testid="approval-email-subject">{view.emailSubject}</Text>
                  </Box>
                  <Box>
                    <Text fontWeight="semibold">E-mail text</Text>
                    <Text whiteSpace="pre-wrap" data-testid="approval-email-body">
                      {view.emailBody}
                    </Text>
                  </Box>
                  <Box>
                    <Text fontWeight="semibold">SMS text</Text>
                    <Text whiteSpace="pre-wrap" data-testid="approval-sms-body">
                      {view.smsBody}
                    </Text>
                  </Box>
                  <div aria-live="polite">{error && <StatusAlert status="error">{error}</StatusAlert>}</div>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette="brand" disabled={!view} loading={sendState.loading} onClick={() => void submit()}>
                Send notification
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
