import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { isReadOnly } from '../../auth/session-rules';
import { useIsStaff } from '../../auth/useIsStaff';
import { useSession } from '../../auth/useSession';
import type { DepositReviewQuery } from '../../gql/graphql';
import {
  useAcceptDepositReviewMutation,
  useDismissDepositReviewMutation,
  useReferDepositReviewMutation,
} from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { failureNotice } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { WholeDates } from '../../shared/ui/WholeDates';

type OpenReview = NonNullable<NonNullable<DepositReviewQuery['depositReview']>['open']>;

export const REVIEW_ACTION_WORDS = {
  accept: 'Accept the new deposit',
  send: 'Send it to the member to approve',
  refer: 'Ask us about it',
  referred: 'You asked us about this review: we will be in touch. You can still accept it.',
  referredStaff: 'The member asked us to look at this review with them.',
  failed: 'The review was not answered.',
  dismiss: 'Dismiss the review',
  dismissReason: 'Why is it dismissed?',
  dismissConfirm: 'Dismiss it',
  cancel: 'Keep it open',
} as const;

/**
 * The open review the scheduled job recorded (issue 24 item 2): the member accepts its deposit in one tap (the server
 * makes the change and takes the tap as their approval) or asks staff about it; staff send it to the member to
 * approve, or dismiss it saying why (the member then sees it closed). The answer's words are the server's; the open
 * screens refresh on the figures announcement.
 */
export function DepositReviewActions({
  memberId,
  accountId,
  open,
}: {
  memberId: number;
  accountId: number;
  open: OpenReview;
}) {
  const isStaff = useIsStaff();
  const session = useSession();
  const mayAct = !isStaff || (session !== null && !isReadOnly(session.roles));
  const [accept, accepting] = useAcceptDepositReviewMutation();
  const [refer, referring] = useReferDepositReviewMutation();
  const [dismiss, dismissing] = useDismissDepositReviewMutation();
  const [said, setSaid] = useState('');
  const [dismissOpen, setDismissOpen] = useState(false);
  const [reason, setReason] = useState('');
  const variables = { memberId, accountId, reviewId: open.reviewId };
  const answer = async (run: () => Promise<{ ok: boolean; message: string | null; errors: { message: string }[] }>) => {
    try {
      const result = await run();
      if (result.ok) {
        setSaid(result.message ?? '');
        notify.success(result.message ?? '');
      } else notify.alert(failureNotice(REVIEW_ACTION_WORDS.failed, result.errors[0]?.message));
    } catch (caught) {
      notify.alert(failureNotice(REVIEW_ACTION_WORDS.failed, caught));
    }
  };
  return (
    <Stack gap="2" data-testid="deposit-review-open">
      <Text>
        <WholeDates>{`The review of ${formatDate(open.reviewedOn)} proposes a deposit of ${formatMoney(open.proposedDeposit)}.`}</WholeDates>
      </Text>
      {open.referred && (
        <Text fontSize="sm">{isStaff ? REVIEW_ACTION_WORDS.referredStaff : REVIEW_ACTION_WORDS.referred}</Text>
      )}
      <Text role="status" aria-live="polite" fontWeight="medium">
        {said}
      </Text>
      {mayAct && open.proposedDeposit !== null && (
        <HStack gap="3" flexWrap="wrap">
          <Button
            colorPalette="brand"
            minH="11"
            loading={accepting.loading}
            onClick={() => void answer(async () => (await accept({ variables })).data!.acceptDepositReview)}
          >
            {isStaff ? REVIEW_ACTION_WORDS.send : REVIEW_ACTION_WORDS.accept}
          </Button>
          {isStaff && !dismissOpen && (
            <Button variant="outline" minH="11" onClick={() => setDismissOpen(true)}>
              {REVIEW_ACTION_WORDS.dismiss}
            </Button>
          )}
          {!isStaff && !open.referred && (
            <Button
              variant="outline"
              minH="11"
              loading={referring.loading}
              onClick={() => void answer(async () => (await refer({ variables })).data!.referDepositReview)}
            >
              {REVIEW_ACTION_WORDS.refer}
            </Button>
          )}
        </HStack>
      )}
      {mayAct && isStaff && dismissOpen && (
        <Stack gap="2" data-testid="deposit-review-dismiss">
          <Field.Root required>
            <Field.Label>{REVIEW_ACTION_WORDS.dismissReason}</Field.Label>
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={1000} />
          </Field.Root>
          <HStack gap="3" flexWrap="wrap">
            <Button
              colorPalette="red"
              minH="11"
              loading={dismissing.loading}
              onClick={() =>
                void answer(
                  async () => (await dismiss({ variables: { ...variables, reason } })).data!.dismissDepositReview,
                )
              }
            >
              {REVIEW_ACTION_WORDS.dismissConfirm}
            </Button>
            <Button variant="ghost" minH="11" onClick={() => setDismissOpen(false)}>
              {REVIEW_ACTION_WORDS.cancel}
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
