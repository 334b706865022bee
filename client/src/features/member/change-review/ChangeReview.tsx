import { Box, Button, Dialog, Portal, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { AgreementChangeReviewQuery } from '../../../gql/graphql';
import {
  useAgreementChangeReviewQuery,
  useApproveAgreementMutation,
  useDeclineAgreementChangeMutation,
} from '../../../gql/hooks';
import { formatDate } from '../../../shared/dates';
import { failureNotice, serverMessage } from '../../../shared/errors';
import { formatMoney } from '../../../shared/money';
import { notify } from '../../../shared/notify/notify';
import { Loading } from '../../../shared/ui/Loading';
import { Section } from '../../../shared/ui/Section';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { WholeDates } from '../../../shared/ui/WholeDates';
import { reviewWords, type ReviewWords } from './review-words';
import { WithdrawChange } from './WithdrawChange';

type Review = AgreementChangeReviewQuery['agreementChangeReview'];
type Line = Review['added'][number];
type FieldChange = Review['depositChanges'][number];

/**
 * A modification or renewal as the member reviews it (issue 26 items 3 and 6): what changes, the deposits, the bills
 * they pay by hand, and the forecast as approving would make it — every figure and sentence is the server's — then
 * approve or decline. Staff see the same, without the buttons.
 */
export function ChangeReview({
  agreementId,
  onDecided,
}: {
  agreementId: number;
  /** Called with the words to tell once the member decided or staff withdrew it (the page moves on to the overview). */
  onDecided: (message: string) => void;
}) {
  const { data, loading, error } = useAgreementChangeReviewQuery({
    variables: { agreementId },
    fetchPolicy: 'cache-and-network',
  });
  const review = data?.agreementChangeReview;
  if (loading && !review) return <Loading label="Loading the changes…" />;
  if (error && !review)
    return <StatusAlert status="error">{serverMessage(error, 'Could not load the changes.')}</StatusAlert>;
  if (!review) return null;
  const words = reviewWords(review.isRenewal);
  return (
    <Stack gap="5" data-testid="change-review">
      {review.waitingForMember ? (
        <StatusAlert status="info" title={words.waitingTitle}>
          {words.waitingIntro}
        </StatusAlert>
      ) : null}
      <Section title="What changes" id="change-what">
        <ChangeLists review={review} />
      </Section>
      <Section title="Your deposits" id="change-deposits">
        <Stack gap="2">
          <Text data-testid="change-deposit">
            <WholeDates>{`${formatMoney(review.deposit.amount)} ${review.deposit.frequency.toLowerCase()}${
              review.deposit.firstDate ? `, the first on ${formatDate(review.deposit.firstDate)}` : ''
            }.`}</WholeDates>
          </Text>
          {review.depositChanges.length > 0 ? (
            <ChangesTable label="Deposit changes" changes={review.depositChanges} />
          ) : (
            <Text color="fg.muted">Your deposits do not change.</Text>
          )}
          {review.termEnd ? (
            <Text data-testid="change-term-end">
              <WholeDates>{review.termEnd.message}</WholeDates>
            </Text>
          ) : null}
        </Stack>
      </Section>
      <Section title="Bills you pay yourself" id="change-paid-by-hand">
        {review.paidByHand.length === 0 ? (
          <Text>None: the agreement pays all your bills.</Text>
        ) : (
          <Stack gap="2">
            <Text>You pay these bills yourself when they come; the agreement does not pay them for you.</Text>
            <LineList lines={review.paidByHand} label="Bills you pay yourself" />
          </Stack>
        )}
      </Section>
      <Section title="Forecast" id="change-forecast">
        <StatusAlert status={review.forecast.onTrack ? 'success' : 'warning'} title={review.forecast.headline}>
          {review.forecast.details.map((sentence) => (
            <Text key={sentence}>
              <WholeDates>{sentence}</WholeDates>
            </Text>
          ))}
        </StatusAlert>
      </Section>
      {review.canDecide && <Decision agreementId={agreementId} words={words} onDecided={onDecided} />}
      {review.canWithdraw && <WithdrawChange agreementId={agreementId} words={words} onWithdrawn={onDecided} />}
    </Stack>
  );
}

function ChangeLists({ review }: { review: Review }) {
  const nothing = review.added.length + review.removed.length + review.reinstated.length + review.changed.length === 0;
  return (
    <Stack gap="3">
      {nothing && <Text>No biller changes.</Text>}
      {review.added.length > 0 && <LineList lines={review.added} label="Billers added" />}
      {review.removed.length > 0 && <LineList lines={review.removed} label="Billers removed" />}
      {review.reinstated.length > 0 && <LineList lines={review.reinstated} label="Billers reinstated" />}
      {review.changed.map((item) => (
        <ChangesTable key={item.name} label={`${item.name}: what changes`} changes={item.changes} />
      ))}
    </Stack>
  );
}

function LineList({ lines, label }: { lines: readonly Line[]; label: string }) {
  return (
    <Box>
      <Text fontWeight="semibold">{label}</Text>
      <Box as="ul" aria-label={label} ps="5" listStyleType="disc">
        {lines.map((line) => (
          <li key={`${line.name}-${line.amount}`}>
            {line.name}: {formatMoney(line.amount)} {line.frequency}
            {line.paidByHand ? ' (you pay it yourself)' : ' (paid by the agreement)'}
          </li>
        ))}
      </Box>
    </Box>
  );
}

function ChangesTable({ label, changes }: { label: string; changes: readonly FieldChange[] }) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label={label}>
        <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold">
          {label}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>What</Table.ColumnHeader>
            <Table.ColumnHeader>Before</Table.ColumnHeader>
            <Table.ColumnHeader>After</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {changes.map((change) => (
            <Table.Row key={change.field}>
              <Table.Cell>{change.field}</Table.Cell>
              <Table.Cell>
                <WholeDates>{change.before ?? '—'}</WholeDates>
              </Table.Cell>
              <Table.Cell>
                <WholeDates>{change.after ?? '—'}</WholeDates>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Approve (after the spec's confirm dialog) or decline (with an optional reason). */
function Decision({
  agreementId,
  words,
  onDecided,
}: {
  agreementId: number;
  words: ReviewWords;
  onDecided: (message: string) => void;
}) {
  const [open, setOpen] = useState<'approve' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const [approve, approving] = useApproveAgreementMutation();
  const [decline, declining] = useDeclineAgreementChangeMutation();
  const busy = approving.loading || declining.loading;

  const confirm = async () => {
    const deciding = open;
    try {
      if (deciding === 'approve') {
        const result = (await approve({ variables: { agreementId } })).data?.approveAgreement;
        if (!result?.ok) {
          notify.alert(failureNotice(words.notApproved, result?.errors[0]?.message));
          return;
        }
        onDecided(words.approved);
      } else if (deciding === 'decline') {
        const result = (await decline({ variables: { agreementId, reason: reason.trim() || null } })).data
          ?.declineAgreementChange;
        if (!result?.ok) {
          notify.alert(failureNotice(words.notDeclined, result?.errors[0]?.message));
          return;
        }
        onDecided(words.declined);
      }
    } catch (caught) {
      notify.alert(failureNotice(deciding === 'approve' ? words.notApproved : words.notDeclined, caught));
    } finally {
      setOpen(null);
    }
  };

  return (
    <Box borderWidth="1px" borderColor="brand.emphasized" bg="brand.subtle" borderRadius="lg" p="4">
      <Stack gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }}>
        <Text>{words.decide}</Text>
        <Stack direction="row" gap="2" flexShrink={0}>
          <Button variant="outline" colorPalette="red" onClick={() => setOpen('decline')}>
            Decline the {words.what}
          </Button>
          <Button colorPalette="brand" onClick={() => setOpen('approve')}>
            Approve the {words.what}
          </Button>
        </Stack>
      </Stack>
      <Dialog.Root
        open={open !== null}
        onOpenChange={(details) => !details.open && setOpen(null)}
        role="alertdialog"
        placement="center"
        size={{ base: 'xs', sm: 'md' }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>
                  {open === 'decline' ? `Decline the ${words.what}?` : `Approve the ${words.what}?`}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {open === 'decline' ? (
                  <Stack gap="2">
                    <Text>{words.declineEffect} You may tell us why (optional).</Text>
                    <Textarea
                      aria-label="Why you decline (optional)"
                      value={reason}
                      maxLength={500}
                      onChange={(event) => setReason(event.target.value)}
                    />
                  </Stack>
                ) : (
                  <Text>
                    By approving, you agree to {words.agreeTo} {agreementId}.
                  </Text>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" disabled={busy}>
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  colorPalette={open === 'decline' ? 'red' : 'brand'}
                  loading={busy}
                  onClick={() => void confirm()}
                >
                  {open === 'decline' ? 'Decline' : 'Approve'}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}
