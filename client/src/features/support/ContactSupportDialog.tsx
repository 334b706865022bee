import { Button, Dialog, Field, Link, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSendSupportMessageMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { hardshipPath } from '../hardship/hardship-form';

interface ContactSupportDialogProps {
  /** The account the message is about (the one on screen), or null outside an account. */
  accountId: number | null;
  /** A member on their account: the dialog also offers the way to ask for help with payments (issue 24 item 4). */
  memberId?: number | null;
  /** The institution's support address (client settings): always shown, the way in when sending is not possible. */
  supportEmail: string;
  /** Signed out, a message cannot be sent: the dialog gives the address instead. */
  signedIn: boolean;
  /** The read-only reporting role: the server refuses its messages, so the dialog gives the address. */
  readOnly?: boolean;
  onClose: () => void;
}

/** The most a message may hold (the server's limit). */
const MESSAGE_LIMIT = 4000;

/** Contact support (spec 1 §2 "Modals"): a message to the support team with the account; 'Message sent' on success. */
export function ContactSupportDialog({
  accountId,
  memberId = null,
  supportEmail,
  signedIn,
  readOnly = false,
  onClose,
}: ContactSupportDialogProps) {
  const canSend = signedIn && !readOnly;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [send, { loading }] = useSendSupportMessageMutation();

  const submit = async () => {
    if (loading) return;
    if (!text.trim()) {
      setError('Please write your message.');
      return;
    }
    try {
      const { data } = await send({ variables: { accountId, message: text } });
      const result = data?.sendSupportMessage;
      if (result && result.errors.length === 0) setSent(result.message ?? 'Message sent.');
      else setError(result?.errors[0]?.message ?? 'Could not send the message. Please try again later.');
    } catch (caught) {
      setError(serverMessage(caught, 'Could not send the message. Please try again, or email us.'));
    }
  };

  const emailUs = (
    <Text fontSize="sm">
      You can also email{' '}
      <Link href={`mailto:${supportEmail}`} color="brand.fg" fontWeight="semibold">
        {supportEmail}
      </Link>
      .
    </Text>
  );

  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Contact support</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {sent ? (
                    <StatusAlert status="success" title="Message sent">
                      {sent} The support team will reply by email or phone.
                    </StatusAlert>
                  ) : canSend ? (
                    <>
                      <Text>
                        Write to the support team{accountId !== null ? ' about this account' : ''}; they will reply by
                        email or phone.
                      </Text>
                      <Field.Root required invalid={Boolean(error)}>
                        <Field.Label>Your message</Field.Label>
                        <Textarea
                          value={text}
                          rows={5}
                          maxLength={MESSAGE_LIMIT}
                          onChange={(event) => {
                            setText(event.target.value);
                            setError(null);
                          }}
                        />
                        {error ? (
                          <Field.ErrorText role="alert">{error}</Field.ErrorText>
                        ) : (
                          <Field.HelperText>
                            {text.length} of {MESSAGE_LIMIT} characters
                          </Field.HelperText>
                        )}
                      </Field.Root>
                    </>
                  ) : (
                    <Text>
                      {readOnly
                        ? 'Your access is read-only: write to the support team by email.'
                        : 'Log in to send a message from here.'}
                    </Text>
                  )}
                  {emailUs}
                  {memberId !== null && accountId !== null && !sent && (
                    <Text fontSize="sm" data-testid="support-hardship">
                      Having trouble paying your deposits?{' '}
                      <Link asChild color="brand.fg" fontWeight="semibold">
                        <RouterLink to={hardshipPath(memberId, accountId)} onClick={onClose}>
                          I’m having trouble paying
                        </RouterLink>
                      </Link>
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={onClose}>
                  {sent || !canSend ? 'Close' : 'Cancel'}
                </Button>
                {canSend && !sent && (
                  <Button type="submit" colorPalette="brand" loading={loading}>
                    Send message
                  </Button>
                )}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
