import { HStack, RadioGroup } from '@chakra-ui/react';
import type { NotificationPreferenceChoice } from '../../../gql/graphql';

export const PREFERENCE_CHOICES: readonly { value: NotificationPreferenceChoice; label: string }[] = [
  { value: 'Email', label: 'Email' },
  { value: 'Sms', label: 'SMS' },
  { value: 'None', label: 'None' },
];

/** Email / Sms / None for one member (spec 3 §3), as a labelled radio group. */
export function PreferenceChoice({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: NotificationPreferenceChoice;
  onChange: (value: NotificationPreferenceChoice) => void;
  disabled?: boolean;
}) {
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value}
      disabled={disabled}
      onValueChange={(e) => onChange(e.value as NotificationPreferenceChoice)}
    >
      <HStack gap="4" wrap="wrap">
        {PREFERENCE_CHOICES.map((choice) => (
          <RadioGroup.Item key={choice.value} value={choice.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}
