import { Button, Dialog, Field, Heading, Portal, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  useAgreementWizardEntriesQuery,
  useLockAgreementMutation,
  useManagedAgreementQuery,
  useManagedAgreementSummaryQuery,
  useMoveAgreementEndDateMutation,
  useRenewAgreementMutation,
  useUnlockAgreementMutation,
} from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { CONTRACT_LOAD_ERROR } from '../../../shared/messages';
import { notify } from '../../../shared/notify/notify';
import { Loading } from '../../../shared/ui/Loading';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { useMemberContext } from '../../member/member-context';
import { lifecycleActions, type LifecycleActionName } from './lifecycle-actions';
import { wizardPaths } from '../wizard-frame';
import { CancelAgreementDialog } from '../../settlement/CancelAgreementDialog';
import { ClosingStatementCard } from '../../settlement/ClosingStatementCard';
import { formatDate } from '../../../shared/dates';
import { WholeDates } from '../../../shared/ui/WholeDates';
import { DateInput } from '../../../shared/ui/DateInput';

interface ActionResult {
  outcome?: { message: string } | null;
  errors: readonly { message: string }[];
}

/**
 * Staff manage the agreement in force (spec 3 §4 flows; agreement/lifecycle/README.md): lock, unlock, cancel, renew
 * and move the end date, each after a dialog; the server refuses what the agreement's status does not allow, in words.
 */
export function ManageAgreementScreen() {
  const { memberId, accountId } = useMemberContext();
  const [params] = useSearchParams();
  const accounts = useManagedAgreementQuery({ variables: { memberId }, fetchPolicy: 'network-only' });
  const inForceId = accounts.data?.accountList.find((a) => a.accountId === accountId)?.agreementId ?? null;
  const { data, loading, error, refetch } = useManagedAgreementSummaryQuery({
    variables: { agreementId: inForceId ?? 0 },
    skip: inForceId === null,
    fetchPolicy: 'network-only',
  });
  const agreement = inForceId === null ? undefined : data?.agreement.summary;
  // What may be done now is the server's one rule (the status, and a renewal or change already on its way).
  const allowed = useAgreementWizardEntriesQuery({ variables: { memberId, accountId }, fetchPolicy: 'network-only' });
  // The header's wizard entries follow the action (a renewal is continued, no longer modified or renewed again).
  const entries = { refetchQueries: ['AgreementWizardEntries'] };
  const [lock] = useLockAgreementMutation(entries);
  const [unlock] = useUnlockAgreementMutation(entries);
  const [renew] = useRenewAgreementMutation(entries);
  const [move] = useMoveAgreementEndDateMutation(entries);
  const initial = params.get('action') as LifecycleActionName | null;
  const [open, setOpen] = useState<LifecycleActionName | null>(initial);
  const navigate = useNavigate();

  // Only the first load: the actions' refetches (AgreementWizardEntries) must not unmount an open dialog.
  if (accounts.loading || loading || (allowed.loading && !allowed.data))
    return <Loading label="Loading the agreement…" />;
  const failure = accounts.error ?? error ?? allowed.error;
  if (failure) return <StatusAlert status="error">{serverMessage(failure, CONTRACT_LOAD_ERROR)}</StatusAlert>;
  // No agreement in force: a cancelled one's closing statement, as the member's overview shows it (or "none yet").
  if (!agreement)
    return (
      <Stack gap="5" maxW="3xl">
        <Heading as="h1" size="lg">
          Manage agreement
        </Heading>
        <ClosingStatementCard memberId={memberId} accountId={accountId} isStaff />
      </Stack>
    );

  const agreementId = agreement.contractId;
  const perform = async (name: LifecycleActionName, text: string): Promise<string | null> => {
    const reason = text;
    let result: ActionResult | undefined;
    try {
      if (name === 'lock') result = (await lock({ variables: { agreementId, reason } })).data?.lockAgreement;
      if (name === 'unlock') result = (await unlock({ variables: { agreementId, reason } })).data?.unlockAgreement;
      if (name === 'renew') result = (await renew({ variables: { agreementId } })).data?.renewAgreement;
      if (name === 'move')
        result = (await move({ variables: { agreementId, newEndDate: text } })).data?.moveAgreementEndDate;
    } catch (caught) {
      return serverMessage(caught);
    }
    if (!result?.outcome || result.errors.length > 0) return result?.errors[0]?.message || 'An error has occurred.';
    if (name === 'renew') {
      // The wizard opens on the renewal (its list of billers); cancelling it there discards it.
      const wizard = wizardPaths(memberId, accountId).continue('modify');
      notify.successAfterNavigation(wizard, result.outcome.message);
      void navigate(wizard);
      return null;
    }
    notify.success(result.outcome.message);
    void refetch();
    return null;
  };

  return (
    <Stack gap="5" maxW="3xl">
      <Heading as="h1" size="lg">
        Manage agreement {agreementId}
      </Heading>
      <Text>
        Status: <strong>{agreement.statusName}</strong>.{' '}
        <WholeDates>{`Ends on ${formatDate(agreement.endDate)}.`}</WholeDates>
      </Text>
      <Wrap gap="3">
        {lifecycleActions(allowed.data?.agreementWizardEntries.lifecycleActions ?? []).map((action) =>
          action.name === 'cancel' ? (
            // Cancelling also settles the agreement's money (agreement/settlement/README.md).
            <CancelAgreementDialog
              key={action.name}
              agreementId={agreementId}
              memberId={memberId}
              accountId={accountId}
              open={open === action.name}
              onOpenChange={(isOpen) => setOpen(isOpen ? action.name : null)}
              // The account has no agreement in force now: the page shows its closing statement.
              onDone={() => void accounts.refetch()}
            />
          ) : (
            <ActionDialog
              key={action.name}
              action={action}
              open={open === action.name}
              onOpenChange={(isOpen) => setOpen(isOpen ? action.name : null)}
              perform={(text) => perform(action.name, text)}
            />
          ),
        )}
      </Wrap>
    </Stack>
  );
}

function ActionDialog({
  action,
  open,
  onOpenChange,
  perform,
}: {
  action: ReturnType<typeof lifecycleActions>[number];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  perform: (text: string) => Promise<string | null>;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    const failure = await perform(text);
    setBusy(false);
    if (failure) return setProblem(failure);
    setText('');
    onOpenChange(false);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      placement="center"
      size={{ base: 'xs', sm: 'md' }}
    >
      <Dialog.Trigger asChild>
        <Button
          variant={action.name === 'cancel' ? 'outline' : 'solid'}
          colorPalette={action.name === 'cancel' ? 'red' : 'brand'}
        >
          {action.label}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{action.label}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{action.explanation}</Text>
                {action.input === 'reason' && (
                  <Field.Root required>
                    <Field.Label>Reason</Field.Label>
                    <Textarea value={text} maxLength={1000} onChange={(e) => setText(e.target.value)} />
                  </Field.Root>
                )}
                {action.input === 'date' && (
                  <DateInput
                    label="New end date"
                    required
                    requiredMessage="Please enter the new end date."
                    value={text === '' ? null : text}
                    onChange={(date, typed) => setText(date ?? typed.trim())}
                  />
                )}
                <div aria-live="polite">{problem && <StatusAlert status="error">{problem}</StatusAlert>}</div>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Back
              </Button>
              <Button colorPalette="brand" loading={busy} onClick={() => void submit()}>
                {action.confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
