import { Box, Button, Checkbox, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { NotificationPreferenceChoice } from '../../../gql/graphql';
import { useContractPreferencesQuery, useSaveContractPreferencesMutation } from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { Loading } from '../../../shared/ui/Loading';
import { Section } from '../../../shared/ui/Section';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import type { StepProps } from '../step-registry';
import { stepBy } from '../wizard-frame';
import { PreferenceChoice } from './PreferenceChoice';

/**
 * Create step 6, Modify step 5 (spec 3 §2): each member's Email / Sms / None (the server's defaults until saved),
 * the branch, the subscribed events (all on by default) and each biller's reminders. Next saves (the first save
 * creates them) and moves on; the server's contactability messages show here.
 */
export function PreferencesStep({ session, readOnly, go }: StepProps) {
  const contractId = session.agreementId;
  const { data, loading, error } = useContractPreferencesQuery({
    variables: { contractId },
    fetchPolicy: 'network-only',
  });
  const [save, saving] = useSaveContractPreferencesMutation();
  const [members, setMembers] = useState<Record<number, NotificationPreferenceChoice>>({});
  const [events, setEvents] = useState<Record<string, boolean>>({});
  const [billers, setBillers] = useState<Record<number, boolean>>({});
  const [branchId, setBranchId] = useState<string>('');
  const [problems, setProblems] = useState<string[]>([]);
  const view = data?.contractPreferences;

  useEffect(() => {
    if (!view) return;
    setMembers(Object.fromEntries(view.members.map((m) => [m.memberId, m.notificationPreference])));
    setEvents(Object.fromEntries(view.events.map((e) => [e.key, e.subscribed])));
    setBillers(Object.fromEntries(view.billers.map((b) => [b.billerId, b.isNotificationEnabled])));
    setBranchId(view.branchId === null ? '' : String(view.branchId));
  }, [view]);

  if (loading) return <Loading label="Loading the preferences…" />;
  if (error || !view) return <StatusAlert status="error">{serverMessage(error, 'Server error.')}</StatusAlert>;

  const next = async () => {
    setProblems([]);
    try {
      const result = (
        await save({
          variables: {
            input: {
              contractId,
              branchId: branchId === '' ? null : Number(branchId),
              members: view.members.map((m) => ({
                memberId: m.memberId,
                notificationPreference: members[m.memberId] ?? m.notificationPreference,
              })),
              events: view.events.map((e) => ({ key: e.key, subscribed: events[e.key] ?? e.subscribed })),
              billers: view.billers.map((b) => ({
                billerId: b.billerId,
                isNotificationEnabled: billers[b.billerId] ?? b.isNotificationEnabled,
              })),
            },
          },
        })
      ).data?.saveContractPreferences;
      if (!result || result.errors.length > 0) {
        return setProblems(result?.errors.map((e) => e.message) ?? ['Server error.']);
      }
      go(stepBy(session, 1));
    } catch (caught) {
      setProblems([serverMessage(caught)]);
    }
  };

  return (
    <Stack gap="5" data-testid="wizard-step-preferences">
      <Section title="Member notification preferences" id="preferences-members">
        <Stack gap="4">
          {view.members.map((m) => {
            const name = `${m.firstName} ${m.lastName}`;
            return (
              <Box
                key={m.memberId}
                borderWidth="1px"
                borderRadius="md"
                p="3"
                data-testid={`preference-member-${m.memberId}`}
              >
                <Text fontWeight="medium">{name}</Text>
                <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                  Email: {m.email || '—'} · Mobile: {m.mobilePhone || '—'} · Branch: {m.branch || '—'}
                </Text>
                <Box mt="2">
                  <PreferenceChoice
                    label={`How ${name} is told`}
                    value={members[m.memberId] ?? m.notificationPreference}
                    disabled={readOnly}
                    onChange={(value) => setMembers((was) => ({ ...was, [m.memberId]: value }))}
                  />
                </Box>
              </Box>
            );
          })}
        </Stack>
      </Section>
      <Field.Root maxW="sm">
        <Field.Label>Branch</Field.Label>
        <NativeSelect.Root disabled={readOnly}>
          <NativeSelect.Field value={branchId} onChange={(e) => setBranchId(e.target.value)}>
            <option value="">No branch chosen</option>
            {view.branches.map((b) => (
              <option key={b.branchId} value={b.branchId}>
                {b.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Section title="Subscribed events" id="preferences-events">
        <Stack gap="2">
          {view.events.map((e) => (
            <Checkbox.Root
              key={e.key}
              checked={events[e.key] ?? e.subscribed}
              disabled={readOnly}
              onCheckedChange={(c) => setEvents((was) => ({ ...was, [e.key]: c.checked === true }))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{e.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </Section>
      {view.billers.length > 0 && (
        <Section title="Biller reminders" id="preferences-billers">
          <Stack gap="2">
            {view.billers.map((b) => (
              <Checkbox.Root
                key={b.billerId}
                checked={billers[b.billerId] ?? b.isNotificationEnabled}
                disabled={readOnly}
                onCheckedChange={(c) => setBillers((was) => ({ ...was, [b.billerId]: c.checked === true }))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Remind before {b.nickname} bills</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Section>
      )}
      <div aria-live="polite">
        {problems.map((p) => (
          <StatusAlert key={p} status="warning">
            {p}
          </StatusAlert>
        ))}
      </div>
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
