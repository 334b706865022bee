import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  useActivateAgreementMutation,
  useChangeNeedsMemberQuery,
  useSaveAllAgreementChangesMutation,
} from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { notify } from '../../../shared/notify/notify';
import { useMemberContext } from '../../member/member-context';
import type { StepProps } from '../step-registry';
import { stepBy, wizardPaths } from '../wizard-frame';
import { ACTIVATION_MESSAGES, activationFailure, confirmStepOf, lastStepWords } from './activation-messages';
import { SaveForLaterButton } from './SaveForLaterButton';

/**
 * Create step 8 (activate) and modify step 7 (save all), spec 3 §2, §4, §8. Setup: staff activate; the agreement then
 * waits for the member's approval. Modify: the change is queued and applied shortly; the user returns to the overview
 * with 'Activation received…'. A renewal is sent to the member for approval, as a new agreement is. A failure returns to the confirm step with the server's message or the spec's fallback.
 */
export function ActivationStep({ session, readOnly, go }: StepProps) {
  const { memberId, accountId } = useMemberContext();
  const navigate = useNavigate();
  const overview = wizardPaths(memberId, accountId).overview;
  const [activate, activating] = useActivateAgreementMutation({ refetchQueries: ['AgreementWizardEntries'] });
  const [saveAll, saving] = useSaveAllAgreementChangesMutation({ refetchQueries: ['AgreementWizardEntries'] });
  const [busy, setBusy] = useState(false);
  const isNew = session.kind === 'Create';
  // A modification goes to the member or is applied by staff alone: the server's rule, from the change's review.
  const needsMember = useChangeNeedsMemberQuery(
    isNew || session.isRenewal ? skipToken : { variables: { agreementId: session.agreementId } },
  ).data?.agreementChangeReview.needsMemberApproval;
  const words = lastStepWords(session.kind, session.isRenewal, needsMember);

  const run = async () => {
    setBusy(true);
    try {
      const variables = { agreementId: session.agreementId };
      const result = isNew
        ? (await activate({ variables })).data?.activateAgreement
        : (await saveAll({ variables })).data?.saveAllAgreementChanges;
      if (!result?.outcome || result.errors.length > 0) {
        notify.alert(activationFailure(result));
        go({ step: confirmStepOf(session.kind), threeStepFlow: session.threeStepFlow });
        return;
      }
      // The server says what happened: activated (a new agreement), sent to the member, or queued to be applied.
      notify.successAfterNavigation(overview, result.outcome.message || ACTIVATION_MESSAGES.received);
      void navigate(overview);
    } catch (caught) {
      notify.alert(activationFailure(null, serverMessage(caught, '')));
      go({ step: confirmStepOf(session.kind), threeStepFlow: session.threeStepFlow });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4" data-testid="wizard-step-activate">
      <Text>{words.explanation}</Text>
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" disabled={readOnly || busy} onClick={() => go(stepBy(session, -1))}>
          Back
        </Button>
        <SaveForLaterButton agreementId={session.agreementId} overview={overview} disabled={readOnly || busy} />
        <Button
          colorPalette="brand"
          disabled={readOnly}
          loading={busy || activating.loading || saving.loading}
          onClick={() => void run()}
        >
          {words.button}
        </Button>
      </HStack>
    </Stack>
  );
}
