import { Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import { useCapturedMessagesQuery, useOutboxMessagesQuery } from '../../gql/hooks';
import { formatDateTime } from '../../shared/dates';
import { WholeDates } from '../../shared/ui/WholeDates';
import { serverMessage } from '../../shared/errors';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NO_DATA, NoData, Section } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { useSession } from '../../auth/useSession';
import { maySendMessages, deliveryStatusLine } from './outbox-status';
import { ResendButton } from './ResendButton';
import { TemplatesSection } from './TemplatesSection';

const STATUS_PALETTE: Record<string, string> = { Sent: 'green', Failed: 'red', Queued: 'gray', Sending: 'blue' };

/** Staff: every outbox message with its delivery status, and the messages the local capture caught. */
export function MessagesPage() {
  const outbox = useOutboxMessagesQuery({ variables: { limit: 100 }, fetchPolicy: 'network-only', pollInterval: 5000 });
  const captured = useCapturedMessagesQuery({
    variables: { limit: 50 },
    fetchPolicy: 'network-only',
    pollInterval: 5000,
  });
  const session = useSession();
  const mayResend = maySendMessages(session?.roles ?? []);
  const messages = outbox.data?.outboxMessages ?? [];
  const caught = captured.data?.capturedMessages ?? [];
  return (
    <Page title="Messages">
      <Section title="Delivery status" id="outbox">
        {outbox.loading && !outbox.data && <Loading label="Loading the messages…" />}
        {outbox.error && <StatusAlert status="error">{serverMessage(outbox.error)}</StatusAlert>}
        {outbox.data && messages.length === 0 && <NoData>{NO_DATA}</NoData>}
        {messages.length > 0 && (
          <Box overflowX="auto" tabIndex={0} role="region" aria-label="Delivery status, scrolls sideways">
            <Table.Root size="sm" aria-label="Delivery status">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Queued</Table.ColumnHeader>
                  <Table.ColumnHeader>Message</Table.ColumnHeader>
                  <Table.ColumnHeader>To</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Attempts</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {messages.map((m) => (
                  <Table.Row key={m.notificationId} data-notification-id={m.notificationId}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(m.queuedAt)}</Table.Cell>
                    <Table.Cell>
                      {m.subject ?? m.name}
                      <Text fontSize="xs" color="fg.muted">
                        {m.channel} · {m.sourceType}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{m.recipient}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={STATUS_PALETTE[m.status] ?? 'gray'}>{m.status}</Badge>
                      {m.lastError && (
                        <Text fontSize="xs" color="fg.error">
                          {deliveryStatusLine(m)}
                        </Text>
                      )}
                      {mayResend && m.status === 'Failed' && (
                        <ResendButton notificationId={m.notificationId} onResent={() => void outbox.refetch()} />
                      )}
                    </Table.Cell>
                    <Table.Cell>{m.attempts}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Section>
      <Section title="Captured messages" id="captured">
        <Text fontSize="sm" color="fg.muted" mb="3">
          With no SMTP server configured, e-mails and SMS stay here instead of being sent.
        </Text>
        {captured.error && <StatusAlert status="error">{serverMessage(captured.error)}</StatusAlert>}
        {captured.data && caught.length === 0 && <NoData>{NO_DATA}</NoData>}
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Captured messages">
          {caught.map((m) => (
            <Box
              as="li"
              key={m.capturedMessageId}
              borderWidth="1px"
              borderRadius="md"
              p="3"
              data-testid="captured-message"
            >
              <Text fontSize="sm" color="fg.muted">
                <WholeDates>{`${m.channel} · ${formatDateTime(m.receivedAt)} · to `}</WholeDates>
                <span data-field="recipients">{m.recipients}</span>
              </Text>
              {m.subject && (
                <Text fontWeight="semibold" data-field="subject">
                  {m.subject}
                </Text>
              )}
              <Text whiteSpace="pre-wrap" data-field="body">
                {m.body}
              </Text>
            </Box>
          ))}
        </Stack>
      </Section>
      <TemplatesSection />
    </Page>
  );
}
