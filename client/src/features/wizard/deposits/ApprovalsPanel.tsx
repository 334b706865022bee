import { Box, Button, Field, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import {
  useDepositsApprovalsChangedSubscription,
  useDepositsApprovalsQuery,
  useRequestDepositsApprovalMutation,
  useSignDepositsApprovalMutation,
} from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { StatusAlert } from '../../../shared/ui/StatusAlert';

const TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'Overdraw beyond the approved amount (type 1)',
  2: 'Agreement over the upper limit (type 2)',
};

interface ApprovalsPanelProps {
  agreementId: number;
  /** The approval types the saved deposits need. */
  needed: readonly number[];
  /** Tells the step whether every needed approval is granted. */
  onState: (canProceed: boolean) => void;
}

/**
 * The approvals the saved deposits need (spec 3 §4, DOMAIN checks 2 and 3), as the approval module (lifecycle) keeps
 * them: the agent asks a manager (the queue), or a manager signs here with their own sign-in; a refusal stays and the
 * agent must step back. Continuing waits until every needed approval is granted.
 */
export function ApprovalsPanel({ agreementId, needed, onState }: ApprovalsPanelProps) {
  const { data, error, refetch } = useDepositsApprovalsQuery({
    variables: { agreementId },
    fetchPolicy: 'network-only',
  });
  // A manager's decision (from the queue, in another browser) is pushed here: no polling. The subscription's answer
  // is the same cached object as the query's (keyed by contractId), so `data` follows it.
  useDepositsApprovalsChangedSubscription({ variables: { agreementId } });
  const [request, requesting] = useRequestDepositsApprovalMutation();
  const [sign, signing] = useSignDepositsApprovalMutation();
  const [note, setNote] = useState('');
  const [manager, setManager] = useState({ username: '', password: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const state = data?.agreementApprovals;
  const canProceed = state?.canProceed ?? false;
  useEffect(() => onState(canProceed), [canProceed, onState]);

  if (error && !state) return <StatusAlert status="warning">{serverMessage(error)}</StatusAlert>;
  const kinds = (state?.kinds ?? []).filter((kind) => kind.needed || needed.includes(kind.approvalType));

  const run = async (work: () => Promise<{ errors: { message: string }[] } | null | undefined>) => {
    setProblem(null);
    try {
      const result = await work();
      if (result && result.errors.length > 0) setProblem(result.errors[0].message);
      await refetch();
    } catch (caught) {
      setProblem(serverMessage(caught));
    }
  };

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="deposits-approvals">
      <Heading as="h3" size="sm">
        Approvals
      </Heading>
      {kinds.map((kind) => (
        <Box key={kind.approvalType}>
          <Text fontWeight="medium">{TYPE_NAMES[kind.approvalType] ?? `Type ${kind.approvalType}`}</Text>
          <Text fontSize="sm" data-testid={`approval-${kind.approvalType}-decision`}>
            {kind.decision === 'Granted'
              ? `Granted${kind.managerName ? ` by ${kind.managerName}` : ''}.`
              : kind.decision === 'Refused'
                ? `Refused${kind.managerName ? ` by ${kind.managerName}` : ''}.`
                : kind.decision === 'Pending'
                  ? 'Asked: waiting for a manager.'
                  : 'Not asked yet.'}
          </Text>
          {/* The server's sentence: the decision's, or while undecided the approver role text (spec 3 §6). */}
          {kind.message && (
            <Text fontSize="sm" color="fg.muted" data-testid={`approval-${kind.approvalType}-message`}>
              {kind.message}
            </Text>
          )}
        </Box>
      ))}
      {state && !state.canProceed && kinds.some((kind) => kind.decision === 'None' || kind.decision === 'Pending') && (
        <Stack gap="3">
          <Field.Root>
            <Field.Label>Note for the manager</Field.Label>
            <Textarea value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          </Field.Root>
          <HStack gap="3" wrap="wrap">
            {kinds
              .filter((kind) => kind.decision === 'None')
              .map((kind) => (
                <Button
                  key={kind.approvalType}
                  variant="outline"
                  loading={requesting.loading}
                  onClick={() =>
                    void run(async () => {
                      const answer = await request({
                        variables: { agreementId, approvalType: kind.approvalType, note },
                      });
                      return answer.data?.requestAgreementApproval;
                    })
                  }
                >
                  Ask a manager (type {kind.approvalType})
                </Button>
              ))}
          </HStack>
          <Box as="fieldset" borderWidth="0" p="0" m="0" minW="0">
            <Text as="legend" fontWeight="medium" mb="2">
              Or a manager signs here
            </Text>
            <Stack direction={{ base: 'column', md: 'row' }} gap="3">
              <Field.Root>
                <Field.Label>Manager username</Field.Label>
                <Input
                  autoComplete="off"
                  value={manager.username}
                  onChange={(e) => setManager({ ...manager, username: e.target.value })}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Manager password</Field.Label>
                <Input
                  type="password"
                  autoComplete="off"
                  value={manager.password}
                  onChange={(e) => setManager({ ...manager, password: e.target.value })}
                />
              </Field.Root>
            </Stack>
            <HStack gap="3" wrap="wrap" mt="3">
              {kinds
                .filter((kind) => kind.decision !== 'Granted' && kind.decision !== 'Refused')
                .flatMap((kind) =>
                  [true, false].map((granted) => (
                    <Button
                      key={`${kind.approvalType}-${granted}`}
                      variant={granted ? 'solid' : 'outline'}
                      colorPalette={granted ? 'brand' : 'red'}
                      loading={signing.loading}
                      onClick={() =>
                        void run(async () => {
                          const answer = await sign({
                            variables: {
                              input: {
                                agreementId,
                                approvalType: kind.approvalType,
                                approvalGranted: granted,
                                managerUsername: manager.username,
                                managerPassword: manager.password,
                                note,
                              },
                            },
                          });
                          setManager({ username: manager.username, password: '' });
                          return answer.data?.overrideAgreementApproval;
                        })
                      }
                    >
                      {granted ? 'Grant' : 'Refuse'} type {kind.approvalType}
                    </Button>
                  )),
                )}
            </HStack>
          </Box>
        </Stack>
      )}
      <div aria-live="polite">{problem && <StatusAlert status="error">{problem}</StatusAlert>}</div>
    </Stack>
  );
}
