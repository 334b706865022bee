import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useSendManualNotificationMutation } from '../../gql/hooks';
import type { SendManualNotificationInput } from '../../gql/graphql';
import { serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { Loading } from '../../shared/ui/Loading';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { NOTIFICATION_FAILED } from './contact-member';

/** A template's preview as both dialogs read it (ManualNotificationPreviews, ContractApprovingPreview). */
interface NotificationPreview {
  accountId: number;
  memberId: number;
  contractId: number;
  templateId: number;
  templateName: string;
  emailSubject: string;
  emailBody: string;
  smsBody: string;
}

/** What sending a preview sends: its texts as shown, or as staff edited them. */
export function notificationInput(
  preview: NotificationPreview,
  texts: Pick<NotificationPreview, 'emailSubject' | 'emailBody' | 'smsBody'> = preview,
): SendManualNotificationInput {
  return {
    accountId: preview.accountId,
    memberId: preview.memberId,
    contractId: preview.contractId,
    templateId: preview.templateId,
    notificationName: preview.templateName,
    emailSubject: texts.emailSubject,
    emailBody: texts.emailBody,
    smsBody: texts.smsBody,
  };
}

interface SendNotificationDialogProps {
  title: string;
  testId: string;
  /** The preview or templates the dialog shows, while they load and if they could not be loaded. */
  loadingLabel: string;
  loading: boolean;
  loadError: unknown;
  /** What Send notification sends; null until there is something to send (the body shows from then on). */
  input: SendManualNotificationInput | null;
  onClose: () => void;
  /** After the outbox took the notification (the toast says so). */
  onSent: () => void;
  children: ReactNode;
}

/**
 * The frame of the staff dialogs that send a member a notification through the outbox (Contact member, the confirm
 * page's Notify): one send, its error in the dialog and nothing lost, its success in a toast.
 */
export function SendNotificationDialog(props: SendNotificationDialogProps) {
  const { title, testId, loadingLabel, loading, loadError, input, onClose, onSent, children } = props;
  const [send, sendState] = useSendManualNotificationMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!input) return;
    setError(null);
    try {
      const result = (await send({ variables: { input } })).data?.sendManualNotification;
      if (!result || result.errors.length > 0) return setError(result?.errors[0]?.message ?? NOTIFICATION_FAILED);
      notify.success(result.message ?? 'Notification has been successfully queued and will be sent shortly.');
      onSent();
    } catch (caught) {
      setError(serverMessage(caught, NOTIFICATION_FAILED));
    }
  };

  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} closeOnInteractOutside={false} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {loading && <Loading label={loadingLabel} />}
              {loadError ? (
                <StatusAlert status="error">{serverMessage(loadError, NOTIFICATION_FAILED)}</StatusAlert>
              ) : null}
              {input && (
                <Stack gap="4">
                  {children}
                  <div aria-live="polite">{error && <StatusAlert status="error">{error}</StatusAlert>}</div>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette="brand" disabled={!input} loading={sendState.loading} onClick={() => void submit()}>
                Send notification
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
