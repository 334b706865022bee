import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActivateAgreementMutation, useSaveAllAgreementChangesMutation } from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { notify } from '../../../shared/notify/notify';
import { useMemberContext } from '../../member/member-context';
import type { StepProps } from '../step-registry';
import { stepBy, wizardPaths } from '../wizard-frame';
import { ACTIVATION_MESSAGES, activationFailure, confirmStepOf } from './activation-messages';
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
      <Text>
        {isNew
          ? 'Activate the agreement. It is then sent to the member, who approves it in the member portal; once approved it is applied shortly.'
          : session.isRenewal
            ? 'Send the renewal to the member, who approves it in the member portal; once approved it takes over the day after the current agreement ends.'
            : 'Save all the changes. They are applied to the agreement shortly; the overview shows when they are done.'}
      </Text>
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
          {isNew ? 'Activate agreement' : session.isRenewal ? 'Send for the member’s approval' : 'Save all changes'}
        </Button>
      </HStack>
    </Stack>
  );
}
