import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAgreementWizardEntriesQuery, useStartAgreementModificationMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { useMemberContext } from '../member/member-context';
import { SigningRulesNotice } from './SigningRulesNotice';
import { wizardPaths } from './wizard-frame';

/**
 * member.modifyagreement: starts a modification (a new version copied from the one in force, which keeps running),
 * continued at the billers list (`contract/continue?flow=modify`). A modification while another change is open is
 * refused with the server's message.
 */
export function ModifyAgreementScreen() {
  const { memberId, accountId } = useMemberContext();
  const paths = wizardPaths(memberId, accountId);
  const entries = useAgreementWizardEntriesQuery({ variables: { memberId, accountId }, fetchPolicy: 'network-only' });
  const [start, starting] = useStartAgreementModificationMutation({ refetchQueries: ['AgreementWizardEntries'] });
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();

  if (entries.loading) return <Loading label="Loading…" />;
  const modify = entries.data?.agreementWizardEntries.modify;
  const next = entries.data?.agreementWizardEntries.continue;

  const begin = async () => {
    setError(null);
    try {
      const result = (await start({ variables: { memberId, accountId } })).data?.startAgreementModification;
      if (!result?.wizard) return setError(result?.errors[0]?.message ?? 'An error has occurred.');
      void navigate(paths.continue('modify'), { replace: true });
    } catch (caught) {
      setError(serverMessage(caught));
    }
  };

  return (
    <Page title="Modify agreement">
      {entries.error && <StatusAlert status="error">{serverMessage(entries.error)}</StatusAlert>}
      {modify && !modify.allowed && (
        <StatusAlert status="warning">
          {modify.refusal?.message}{' '}
          {next?.allowed && <RouterLink to={paths.continue()}>Continue the open change</RouterLink>}
        </StatusAlert>
      )}
      {modify?.allowed && (
        <Stack gap="3">
          <Text>
            The agreement in force keeps running while you change it; the changes apply once they are approved.
          </Text>
          <SigningRulesNotice />
          <div aria-live="polite">{error && <StatusAlert status="error">{error}</StatusAlert>}</div>
          <Button alignSelf="start" colorPalette="brand" loading={starting.loading} onClick={() => void begin()}>
            Start the modification
          </Button>
        </Stack>
      )}
    </Page>
  );
}
