import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { NotificationPreferenceChoice } from '../../../gql/graphql';
import { useSaveProfilePreferencesMutation } from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { notify } from '../../../shared/notify/notify';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { PreferenceChoice } from './PreferenceChoice';

export interface ProfilePreferences {
  email: boolean;
  sms: boolean;
  billReminders: boolean;
  depositReminders: boolean;
}

export function choiceOf(preferences: Pick<ProfilePreferences, 'email' | 'sms'>): NotificationPreferenceChoice {
  if (preferences.email) return 'Email';
  if (preferences.sms) return 'Sms';
  return 'None';
}

/** The member's own preferences on the profile page (spec 1 §2, 3 §8): 'You have successfully updated your profile.' */
export function ProfilePreferencesForm({
  memberId,
  accountId,
  preferences,
  readOnly = false,
}: {
  memberId: number;
  accountId: number;
  preferences: ProfilePreferences;
  /** The read-only reporting role: the preferences are shown, not offered for change. */
  readOnly?: boolean;
}) {
  const [save, saving] = useSaveProfilePreferencesMutation({ refetchQueries: ['Profile'] });
  const [choice, setChoice] = useState<NotificationPreferenceChoice>(choiceOf(preferences));
  const [deposits, setDeposits] = useState(preferences.depositReminders);
  const [bills, setBills] = useState(preferences.billReminders);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    setProblem(null);
    try {
      const result = (
        await save({
          variables: {
            input: {
              memberId,
              accountId,
              notificationPreference: choice,
              depositReminders: deposits,
              billReminders: bills,
            },
          },
        })
      ).data?.saveProfilePreferences;
      if (!result?.message) return setProblem(result?.errors[0]?.message ?? 'Server error.');
      notify.success(result.message);
    } catch (caught) {
      setProblem(serverMessage(caught));
    }
  };

  return (
    <Stack gap="3" data-testid="profile-preferences-form">
      <Text fontWeight="medium">How you are told</Text>
      <PreferenceChoice label="How you are told" value={choice} onChange={setChoice} disabled={readOnly} />
      <Checkbox.Root checked={deposits} disabled={readOnly} onCheckedChange={(e) => setDeposits(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Deposit reminders (missed deposits)</Checkbox.Label>
      </Checkbox.Root>
      <Checkbox.Root checked={bills} disabled={readOnly} onCheckedChange={(e) => setBills(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Bill reminders</Checkbox.Label>
      </Checkbox.Root>
      <div aria-live="polite">{problem && <StatusAlert status="warning">{problem}</StatusAlert>}</div>
      {readOnly ? (
        <Text color="fg.muted">Your access is read-only: the preferences cannot be changed here.</Text>
      ) : (
        <Button alignSelf="start" colorPalette="brand" loading={saving.loading} onClick={() => void submit()}>
          Save preferences
        </Button>
      )}
    </Stack>
  );
}
