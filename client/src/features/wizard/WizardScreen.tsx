import { Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useAgreementWizardToContinueQuery, useSaveAgreementWizardPositionMutation } from '../../gql/hooks';
import { failureNotice, serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { Section } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { useMemberContext } from '../member/member-context';
import { stepOf } from './step-registry';
import { WizardCancelButton } from './WizardCancelButton';
import { WizardNavigation } from './WizardNavigation';
import { UnsavedEditsGuard } from './unsaved/unsaved-edits';
import { cancelFlowOf, flowOf, wizardPaths, type Position } from './wizard-frame';

/**
 * member.continue, `/member/{memberId}/account/{accountId}/contract/continue` (spec 3 §2): the account's agreement
 * open in the wizard, at the step saved on the server. `?flow=new|modify` right after a start picks the cancel.
 */
const STEP_NOT_SAVED = 'Your place in the agreement was not saved.';

export function WizardScreen() {
  const { memberId, accountId } = useMemberContext();
  const [search] = useSearchParams();
  const flow = flowOf(search.get('flow'));
  const paths = wizardPaths(memberId, accountId);
  const { data, loading, error } = useAgreementWizardToContinueQuery({
    variables: { memberId, accountId },
    fetchPolicy: 'network-only',
  });
  const [save, saving] = useSaveAgreementWizardPositionMutation();

  if (loading && !data) return <Loading label="Loading the agreement…" />;
  const answer = data?.agreementWizardToContinue;
  const session = answer?.wizard;
  if (error || !session) {
    return (
      <Page title="Continue agreement">
        <StatusAlert status="error">{error ? serverMessage(error) : answer?.errors[0]?.message}</StatusAlert>
        <Text>
          <RouterLink to={paths.overview}>Back to the overview</RouterLink>
        </Text>
      </Page>
    );
  }

  const { title, Body } = stepOf(session.kind, session.step, session.mode);
  const readOnly = session.lock !== null || saving.loading;
  const go = async (position: Position) => {
    try {
      const result = (await save({ variables: { agreementId: session.agreementId, position } })).data
        ?.saveAgreementWizardPosition;
      if (result && result.errors.length > 0) notify.alert(failureNotice(STEP_NOT_SAVED, result.errors[0].message));
    } catch (caught) {
      notify.alert(failureNotice(STEP_NOT_SAVED, caught));
    }
  };

  return (
    <UnsavedEditsGuard>
      <Page
        title={session.isRenewal ? 'Renew agreement' : session.kind === 'Modify' ? 'Modify agreement' : 'New agreement'}
      >
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <WizardNavigation session={session} />
          <WizardCancelButton
            agreementId={session.agreementId}
            flow={cancelFlowOf(flow, session.kind)}
            kind={session.kind}
            to={paths.overview}
          />
        </Flex>
        {session.lock && (
          <StatusAlert status="warning" title="Read only">
            {session.lock.message}
          </StatusAlert>
        )}
        <Section title={title} id="wizard-step">
          <Stack gap="3" data-step={session.step} data-mode={session.mode ?? undefined}>
            <Body session={session} title={title} readOnly={readOnly} go={(position) => void go(position)} />
          </Stack>
        </Section>
      </Page>
    </UnsavedEditsGuard>
  );
}
