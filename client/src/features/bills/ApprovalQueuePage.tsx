import { Button, Card, DataList, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isApprover } from '../../auth/session-rules';
import { useSession } from '../../auth/useSession';
import {
  useAgreementApprovalQueueQuery,
  useArrearsApprovalQueueQuery,
  useDecideAgreementApprovalMutation,
  useDecideArrearsApprovalMutation,
} from '../../gql/hooks';
import type { AgreementApprovalRequestFieldsFragment, ArrearsApprovalFieldsFragment } from '../../gql/graphql';
import { formatDate, formatDateTime } from '../../shared/dates';
import { WholeDates } from '../../shared/ui/WholeDates';
import { failureNotice, serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';

const DECISION_NOT_SAVED = 'The decision was not saved.';

/**
 * A request's decision: an optional note, then Approve or Decline. `decide` sends it and answers the mutation's
 * outcome; a refusal or a failure is shown and nothing else happens, a decision is announced and reported.
 */
function Decision({
  label,
  decide,
  loading,
  announce,
  onDecided,
}: {
  /** The note field's accessible name: what is decided. */
  label: string;
  decide: (approvalGranted: boolean, note: string) => Promise<{ errors: { message: string }[] } | null | undefined>;
  loading: boolean;
  announce: (approvalGranted: boolean) => string;
  onDecided: () => void;
}) {
  const [note, setNote] = useState('');
  const send = async (approvalGranted: boolean) => {
    try {
      const result = await decide(approvalGranted, note);
      if (!result || result.errors.length > 0)
        return void notify.alert(failureNotice(DECISION_NOT_SAVED, result?.errors[0]?.message));
      notify.success(announce(approvalGranted));
      onDecided();
    } catch (caught) {
      notify.alert(failureNotice(DECISION_NOT_SAVED, caught));
    }
  };
  return (
    <>
      <Input
        aria-label={label}
        placeholder="Note (optional)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <HStack gap="2" wrap="wrap">
        <Button colorPalette="green" loading={loading} onClick={() => void send(true)}>
          Approve
        </Button>
        <Button variant="outline" colorPalette="red" loading={loading} onClick={() => void send(false)}>
          Decline
        </Button>
      </HStack>
    </>
  );
}

function Request({ approval, onDecided }: { approval: ArrearsApprovalFieldsFragment; onDecided: () => void }) {
  const who = approval.memberName ?? 'the member';
  const [decide, { loading }] = useDecideArrearsApprovalMutation();
  return (
    <Card.Root as="li" listStyleType="none" data-testid="approval-request">
      <Card.Body>
        <Stack gap="3">
          <Text as="h2" fontWeight="semibold" fontSize="lg">
            Pay {approval.billerName} for {who}
          </Text>
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            <DataList.Item>
              <DataList.ItemLabel>Member</DataList.ItemLabel>
              <DataList.ItemValue>
                {approval.memberId !== null ? (
                  <Link asChild color="brand.fg" textDecoration="underline">
                    <RouterLink to={`/member/${approval.memberId}/account/${approval.accountId}/overview`}>
                      {who}, account {approval.accountNumber}
                    </RouterLink>
                  </Link>
                ) : (
                  `Account ${approval.accountNumber}`
                )}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Bill</DataList.ItemLabel>
              <DataList.ItemValue>
                <WholeDates>{`${approval.billerName}: ${formatMoney(approval.amount)} due ${formatDate(approval.dueDate)}`}</WholeDates>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Agreement</DataList.ItemLabel>
              <DataList.ItemValue>
                {approval.contractId}: {approval.agreementStatusName}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Asked by</DataList.ItemLabel>
              <DataList.ItemValue>
                <WholeDates>{`${approval.requestedBy ?? 'an agent'} on ${formatDateTime(approval.requestedAt)}`}</WholeDates>
              </DataList.ItemValue>
            </DataList.Item>
            {approval.note && (
              <DataList.Item>
                <DataList.ItemLabel>Reason</DataList.ItemLabel>
                <DataList.ItemValue>“{approval.note}”</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
          <Decision
            label={`Note for paying ${approval.billerName} for ${who}`}
            loading={loading}
            decide={async (approvalGranted, note) =>
              (await decide({ variables: { approvalId: approval.approvalId, approvalGranted, note } })).data
                ?.decideArrearsApproval
            }
            announce={(approvalGranted) =>
              approvalGranted
                ? `Approval granted: the agent can now pay ${approval.billerName} for ${who}.`
                : `Approval declined: ${approval.billerName} for ${who} stays unpaid.`
            }
            onDecided={onDecided}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** What each agreement approval is about (spec 3 §4: the deposits step's checks 2 and 3). */
export const AGREEMENT_APPROVAL_TITLES: Readonly<Record<number, string>> = {
  1: 'Overdraw beyond the approved amount (type 1)',
  2: 'Agreement over the upper limit (type 2)',
};

/** An agent's request that a manager approve an agreement's overdraw (type 1) or upper limit (type 2). */
function AgreementRequest({
  approval,
  onDecided,
}: {
  approval: AgreementApprovalRequestFieldsFragment;
  onDecided: () => void;
}) {
  const [decide, { loading }] = useDecideAgreementApprovalMutation();
  const title = AGREEMENT_APPROVAL_TITLES[approval.approvalType] ?? `Approval type ${approval.approvalType}`;
  return (
    <Card.Root as="li" listStyleType="none" data-testid="agreement-approval-request">
      <Card.Body>
        <Stack gap="3">
          {/* Who, which agreement and how much (issue 26 item 7: it said only "Agreement 9"). */}
          <Text fontWeight="medium">
            {approval.memberName ?? 'A member'}
            {approval.memberNumber ? ` (member ${approval.memberNumber})` : ''}: agreement {approval.contractId} on
            account {approval.accountNumber}
            {approval.amount ? `, ${formatMoney(approval.amount)}` : ''}
          </Text>
          <Text>{title}</Text>
          <Text fontSize="sm" color="fg.muted">
            Requested by {approval.requestedBy ?? 'an agent'}
            {approval.note ? `: “${approval.note}”` : ''}
          </Text>
          <Decision
            label={`Note for agreement request ${approval.approvalId}`}
            loading={loading}
            decide={async (approvalGranted, note) =>
              (await decide({ variables: { approvalId: approval.approvalId, approvalGranted, note } })).data
                ?.decideAgreementApproval
            }
            announce={(approvalGranted) =>
              approvalGranted
                ? 'Approval granted: the agent can go on with the agreement.'
                : 'Approval declined: the agreement cannot go ahead as it is.'
            }
            onDecided={onDecided}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** `/approvals`: the manager's queue of arrears payment requests (MANAGER and ADMIN). */
export function ApprovalQueuePage() {
  const session = useSession();
  const allowed = session ? isApprover(session.roles) : false;
  const { data, loading, error, refetch } = useArrearsApprovalQueueQuery({ skip: !allowed, pollInterval: 15_000 });
  const queue = data?.arrearsApprovalQueue ?? [];
  const agreements = useAgreementApprovalQueueQuery({ skip: !allowed, pollInterval: 15_000 });
  const agreementQueue = agreements.data?.agreementApprovalQueue ?? [];
  return (
    <Page title="Approvals">
      {!allowed && <StatusAlert status="error">Only managers and administrators can grant approvals.</StatusAlert>}
      {loading && <Loading label="Loading requests…" />}
      {error && <StatusAlert status="error">{serverMessage(error)}</StatusAlert>}
      {allowed && data && agreements.data && queue.length === 0 && agreementQueue.length === 0 && (
        <NoData>No requests are waiting.</NoData>
      )}
      {agreements.error && <StatusAlert status="error">{serverMessage(agreements.error)}</StatusAlert>}
      {agreementQueue.length > 0 && (
        <Stack as="ul" gap="3" aria-label="Agreement approval requests">
          {agreementQueue.map((approval) => (
            <AgreementRequest
              key={approval.approvalId}
              approval={approval}
              onDecided={() => void agreements.refetch()}
            />
          ))}
        </Stack>
      )}
      {queue.length > 0 && (
        <Stack as="ul" gap="3" aria-label="Pending requests">
          {queue.map((approval) => (
            <Request key={approval.approvalId} approval={approval} onDecided={() => void refetch()} />
          ))}
        </Stack>
      )}
    </Page>
  );
}
