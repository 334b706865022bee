import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isStaff } from '../../auth/session-rules';
import { useSession } from '../../auth/useSession';
import { useAgreementWizardEntriesQuery, useStartNewAgreementMutation, useWizardChecklistQuery } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { Section } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { useMemberContext } from '../member/member-context';
import { checklistComplete, wizardPaths } from './wizard-frame';

/**
 * member.newagreement (staff): the before-you-proceed checklist from the client settings (spec 3 §9), then a new
 * pending agreement, continued at its first step (`contract/continue?flow=new`).
 */
export function NewAgreementScreen() {
  const { memberId, accountId } = useMemberContext();
  const session = useSession();
  const paths = wizardPaths(memberId, accountId);
  const entries = useAgreementWizardEntriesQuery({ variables: { memberId, accountId }, fetchPolicy: 'network-only' });
  const checklist = useWizardChecklistQuery();
  const [start, starting] = useStartNewAgreementMutation({ refetchQueries: ['AgreementWizardEntries'] });
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();

  if (!session || !isStaff(session.roles)) {
    return (
      <Page title="New agreement">
        <StatusAlert status="error">Only staff can set up a new agreement.</StatusAlert>
      </Page>
    );
  }
  if (entries.loading || checklist.loading) return <Loading label="Loading…" />;
  const create = entries.data?.agreementWizardEntries.create;
  const next = entries.data?.agreementWizardEntries.continue;
  const statements = checklist.data?.clientSettings.beforeYouProceedChecklist ?? [];

  const begin = async () => {
    setError(null);
    try {
      const result = (await start({ variables: { memberId, accountId } })).data?.startNewAgreement;
      if (!result?.wizard) return setError(result?.errors[0]?.message ?? 'An error has occurred.');
      void navigate(paths.continue('new'), { replace: true });
    } catch (caught) {
      setError(serverMessage(caught));
    }
  };

  return (
    <Page title="New agreement">
      {entries.error && <StatusAlert status="error">{serverMessage(entries.error)}</StatusAlert>}
      {create && !create.allowed && (
        <StatusAlert status="info">
          {create.refusal?.message}{' '}
          {next?.allowed && <RouterLink to={paths.continue()}>Continue the agreement being set up</RouterLink>}
        </StatusAlert>
      )}
      {create?.allowed && (
        <Section title="Before you proceed">
          <Stack gap="3">
            <Text>Confirm each of these with the member before starting the application.</Text>
            {statements.map((statement, i) => (
              <Checkbox.Root
                key={statement}
                checked={ticked.has(i)}
                onCheckedChange={(e) =>
                  setTicked((was) => {
                    const now = new Set(was);
                    if (e.checked === true) now.add(i);
                    else now.delete(i);
                    return now;
                  })
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{statement}</Checkbox.Label>
              </Checkbox.Root>
            ))}
            <div aria-live="polite">{error && <StatusAlert status="error">{error}</StatusAlert>}</div>
            <Button
              alignSelf="start"
              colorPalette="brand"
              disabled={!checklistComplete(statements, ticked)}
              loading={starting.loading}
              onClick={() => void begin()}
            >
              Start the agreement
            </Button>
          </Stack>
        </Section>
      )}
    </Page>
  );
}
