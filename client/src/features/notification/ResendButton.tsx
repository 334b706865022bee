import { Button } from '@chakra-ui/react';
import { useResendNotificationMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';

/** Sends a failed message again (staff, not the read-only reporter): it goes back to the queue. */
export function ResendButton({ notificationId, onResent }: { notificationId: number; onResent?: () => void }) {
  const [resend, { loading }] = useResendNotificationMutation();
  const send = async () => {
    try {
      const { data } = await resend({ variables: { notificationId } });
      const result = data?.resendNotification;
      if (!result || result.errors.length > 0) {
        notify.alert(result?.errors[0]?.message ?? 'An error has occurred.');
        return;
      }
      notify.success(result.message ?? 'The message is queued again.');
      onResent?.();
    } catch (caught) {
      notify.alert(serverMessage(caught));
    }
  };
  return (
    <Button size="xs" variant="outline" colorPalette="brand" minH="8" loading={loading} onClick={() => void send()}>
      Resend
    </Button>
  );
}
