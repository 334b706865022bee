import { RadioGroup, Stack, Text } from '@chakra-ui/react';
import { WholeDates } from './WholeDates';

/** One choice: its value, what it is in words and, below it, what choosing it does. */
export interface ExplainedChoice<V extends string> {
  value: V;
  words: string;
  explanation: string;
}

/**
 * A labelled radio group whose every choice says what it is and what choosing it does (the shortfall's fixes, the
 * term-end choice): each item at least 44 px high, the explanation muted under the words. The words are the server's,
 * their dates kept on one line.
 */
export function ExplainedChoices<V extends string>({
  label,
  value,
  choices,
  disabled,
  onChange,
}: {
  label: string;
  value: V | null;
  choices: readonly ExplainedChoice<V>[];
  disabled?: boolean;
  onChange: (value: V) => void;
}) {
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value ?? ''}
      disabled={disabled}
      onValueChange={(event) => onChange(event.value as V)}
    >
      <Stack gap="3">
        {choices.map((choice) => (
          <RadioGroup.Item key={choice.value} value={choice.value} alignItems="flex-start" minH="11">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator mt="1" />
            <RadioGroup.ItemText>
              <Text as="span" display="block">
                <WholeDates>{choice.words}</WholeDates>
              </Text>
              <Text as="span" display="block" fontSize="sm" color="fg.muted">
                <WholeDates>{choice.explanation}</WholeDates>
              </Text>
            </RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}
