import { Button, Checkbox, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useAgreementCapacityQuery, useSaveAgreementCapacityMutation } from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { CONTRACT_LOAD_ERROR } from '../../../shared/messages';
import { Loading } from '../../../shared/ui/Loading';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import type { StepProps } from '../step-registry';
import { TickList } from '../TickList';
import { stepBy } from '../wizard-frame';

/**
 * Create step 5 (spec 3 §2, §4): the agent confirms the member's capacity to pay (required: the client setting's
 * warning otherwise), may tick the optional questions of the client settings and type a note, added to the
 * agreement. The server saves the confirmation and the ticked questions with the agreement only when they changed;
 * reopening the step shows them ticked again.
 */
export function CapacityStep({ session, readOnly, go }: StepProps) {
  const contractId = session.agreementId;
  const { data, loading, error } = useAgreementCapacityQuery({
    variables: { contractId },
    fetchPolicy: 'network-only',
  });
  const [save, saving] = useSaveAgreementCapacityMutation();
  const [confirmed, setConfirmed] = useState(false);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const capacity = data?.agreementCapacity;

  useEffect(() => {
    if (!capacity) return;
    setConfirmed(capacity.paymentCapacityConfirmed);
    // The answers saved with the agreement, ticked again when the step reopens.
    const saved = new Set(capacity.checkedQuestions);
    setTicked(new Set(capacity.questions.flatMap((question, i) => (saved.has(question) ? [i] : []))));
  }, [capacity]);

  if (loading) return <Loading label="Loading the capacity check…" />;
  if (error || !capacity) return <StatusAlert status="error">{serverMessage(error, CONTRACT_LOAD_ERROR)}</StatusAlert>;

  const next = async () => {
    setProblem(null);
    if (!confirmed) return setProblem(capacity.warning);
    try {
      const result = (
        await save({
          variables: {
            input: {
              contractId,
              paymentCapacityConfirmed: confirmed,
              newNoteText: note,
              checkedQuestions: capacity.questions.filter((_question, i) => ticked.has(i)),
            },
          },
        })
      ).data?.saveAgreementCapacity;
      if (!result || result.errors.length > 0) return setProblem(result?.errors[0]?.message ?? 'Server error.');
      setNote('');
      go(stepBy(session, 1));
    } catch (caught) {
      setProblem(serverMessage(caught));
    }
  };

  return (
    <Stack gap="4" data-testid="wizard-step-capacity">
      <Checkbox.Root
        checked={confirmed}
        disabled={readOnly}
        invalid={problem === capacity.warning}
        onCheckedChange={(e) => setConfirmed(e.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{capacity.confirmationText}</Checkbox.Label>
      </Checkbox.Root>
      {capacity.questions.length > 0 && (
        <Stack gap="2">
          <Text fontWeight="medium">Checks (optional)</Text>
          <TickList statements={capacity.questions} ticked={ticked} onChange={setTicked} disabled={readOnly} />
        </Stack>
      )}
      <Field.Root>
        <Field.Label>Note for the agreement (optional)</Field.Label>
        <Textarea value={note} maxLength={4000} disabled={readOnly} onChange={(e) => setNote(e.target.value)} />
        <Field.HelperText>Added to the agreement’s notes when you continue.</Field.HelperText>
      </Field.Root>
      <div aria-live="polite">{problem && <StatusAlert status="warning">{problem}</StatusAlert>}</div>
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" disabled={readOnly} onClick={() => go(stepBy(session, -1))}>
          Back
        </Button>
        <Button colorPalette="brand" disabled={readOnly} loading={saving.loading} onClick={() => void next()}>
          Next
        </Button>
      </HStack>
    </Stack>
  );
}
