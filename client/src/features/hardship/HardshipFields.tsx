import { Input, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { Field as FinalField, useField } from 'react-final-form';
import { DateInput } from '../../shared/ui/DateInput';
import { FieldFrame } from '../../shared/ui/form-field';
import { KIND_CHOICES, type HardshipKindName } from './hardship-form';

/** Final-form turns an emptied box into undefined: the forms keep text, '' for an empty box. */
const keepText = (value: string | undefined) => value ?? '';

type Meta = {
  error?: unknown;
  submitError?: unknown;
  touched?: boolean;
  submitFailed?: boolean;
  dirtySinceLastSubmit?: boolean;
};

/** A field's message: its own check once touched or after a failed submit; the server's refusal until changed. */
function shown(meta: Meta): string | undefined {
  if (typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit) return meta.submitError;
  if ((meta.touched || meta.submitFailed) && typeof meta.error === 'string') return meta.error;
  return undefined;
}

/** A bounded free text with its count of characters. */
export function LongTextField({ name, label, max, help }: { name: string; label: string; max: number; help: string }) {
  return (
    <FinalField<string> name={name} parse={keepText}>
      {({ input, meta }) => (
        <FieldFrame
          label={label}
          required
          error={shown(meta)}
          helperText={`${help} ${input.value.length} of ${max} characters.`}
        >
          <Textarea {...input} rows={5} maxLength={max} />
        </FieldFrame>
      )}
    </FinalField>
  );
}

/** What is asked for (the member) or arranged (staff): no change, a deposit holiday, a lower deposit. */
export function KindField({ label, staff }: { label: string; staff: boolean }) {
  const { input, meta } = useField<HardshipKindName>('kind');
  const error = shown(meta);
  return (
    <Stack as="fieldset" gap="2">
      <Text as="legend" fontWeight="medium" mb="2">
        {label}
      </Text>
      <RadioGroup.Root
        name="kind"
        value={input.value || ''}
        onValueChange={(event) => input.onChange(event.value as HardshipKindName)}
      >
        <Stack gap="3">
          {KIND_CHOICES.map((choice) => (
            <RadioGroup.Item key={choice.kind} value={choice.kind} alignItems="flex-start" minH="11">
              <RadioGroup.ItemHiddenInput onBlur={input.onBlur} />
              <RadioGroup.ItemIndicator mt="1" />
              <RadioGroup.ItemText>
                <Text as="span" display="block">
                  {staff ? choice.staff : choice.member}
                </Text>
                <Text as="span" display="block" fontSize="sm" color="fg.muted">
                  {choice.help}
                </Text>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {error && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A date, typed DD-MM-YYYY (the one date input), kept YYYY-MM-DD. */
export function DateField({ name, label, helperText }: { name: string; label: string; helperText?: string }) {
  return (
    <FinalField<string> name={name} parse={keepText}>
      {({ input, meta }) => (
        <DateInput
          label={label}
          name={input.name}
          value={input.value === '' ? null : input.value}
          onChange={(date, text) => input.onChange(date ?? text.trim())}
          onBlur={() => input.onBlur()}
          required
          requiredMessage={`Please enter the ${label.toLowerCase()}.`}
          error={shown(meta)}
          helperText={helperText}
        />
      )}
    </FinalField>
  );
}

/** The deposit asked for, in dollars and cents. */
export function AmountField({ name, label, helperText }: { name: string; label: string; helperText: string }) {
  return (
    <FinalField<string> name={name} parse={keepText}>
      {({ input, meta }) => (
        <FieldFrame label={label} required error={shown(meta)} helperText={helperText}>
          <Input {...input} inputMode="decimal" autoComplete="off" placeholder="0.00" />
        </FieldFrame>
      )}
    </FinalField>
  );
}
