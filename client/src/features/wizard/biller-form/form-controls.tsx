import { Checkbox, Input, NativeSelect, Textarea, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Field as FinalField } from 'react-final-form';
import { AmountInput } from '../../../shared/amount/AmountInput';
import { DateInput } from '../../../shared/ui/DateInput';
import { FieldFrame } from '../../../shared/ui/form-field';

/**
 * The biller forms' controls bound to react-final-form. A field shows, in this order: a live check's answer
 * (`liveError`: BPAY, BSB, direct debit), the save's refusal for it (until it is changed again), then its help.
 */

/** Final-form turns an emptied box into undefined by default: the forms keep text, '' for an empty box. */
const keepText = (value: string | undefined) => value ?? '';

interface Shown {
  liveError?: string;
  helperText?: ReactNode;
}

function messageOf(
  meta: { submitError?: unknown; dirtySinceLastSubmit?: boolean; error?: unknown; touched?: boolean },
  liveError?: string,
) {
  if (liveError) return liveError;
  if (typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit) return meta.submitError;
  return undefined;
}

interface TextProps extends Shown, Omit<InputProps, 'name'> {
  name: string;
  label: string;
}

export function FormText({ name, label, liveError, helperText, required, ...inputProps }: TextProps) {
  return (
    <FinalField<string> name={name} parse={keepText}>
      {({ input, meta }) => {
        return (
          <FieldFrame label={label} error={messageOf(meta, liveError)} helperText={helperText} required={required}>
            <Input {...inputProps} {...input} />
          </FieldFrame>
        );
      }}
    </FinalField>
  );
}

export function FormTextArea({ name, label, helperText }: { name: string; label: string; helperText?: ReactNode }) {
  return (
    <FinalField<string> name={name} parse={keepText}>
      {({ input, meta }) => {
        return (
          <FieldFrame label={label} error={messageOf(meta)} helperText={helperText}>
            <Textarea {...input} rows={3} />
          </FieldFrame>
        );
      }}
    </FinalField>
  );
}

interface SelectProps extends Shown {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Instead of setting the value itself (a change with side effects, e.g. the payment type). */
  onChoose?: (value: string) => void;
}

export function FormSelect({ name, label, options, placeholder, required, disabled, onChoose, ...shown }: SelectProps) {
  return (
    <FinalField<string> name={name} parse={keepText}>
      {({ input, meta }) => {
        return (
          <FieldFrame
            label={label}
            error={messageOf(meta, shown.liveError)}
            helperText={shown.helperText}
            required={required}
            disabled={disabled}
          >
            <NativeSelect.Root>
              <NativeSelect.Field
                name={input.name}
                value={input.value}
                onBlur={input.onBlur}
                onChange={(event) => (onChoose ? onChoose(event.target.value) : input.onChange(event.target.value))}
              >
                {placeholder !== undefined && <option value="">{placeholder}</option>}
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FieldFrame>
        );
      }}
    </FinalField>
  );
}

export function FormCheckbox({
  name,
  label,
  disabled,
  onToggle,
}: {
  name: string;
  label: string;
  disabled?: boolean;
  onToggle?: (checked: boolean) => void;
}) {
  return (
    <FinalField<boolean> name={name} type="checkbox">
      {({ input }) => (
        <Checkbox.Root
          checked={Boolean(input.checked)}
          disabled={disabled}
          onCheckedChange={(event) =>
            onToggle ? onToggle(event.checked === true) : input.onChange(event.checked === true)
          }
        >
          <Checkbox.HiddenInput name={input.name} onBlur={input.onBlur} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      )}
    </FinalField>
  );
}

/** The shared money box (issue 8) bound to the form: the box's text is the value. */
export function FormAmount({
  name,
  label,
  helperText,
  liveError,
  required = true,
}: {
  name: string;
  label: string;
  helperText?: string;
  liveError?: string;
  required?: boolean;
}) {
  return (
    <FinalField<string> name={name} parse={keepText}>
      {({ input, meta }) => (
        <AmountInput
          label={label}
          name={input.name}
          value={input.value ?? ''}
          required={required}
          error={messageOf(meta, liveError)}
          hint={helperText}
          onChange={(change) => input.onChange(change.text)}
        />
      )}
    </FinalField>
  );
}

/**
 * A date of the forms (the shared date input, issue 26 items 7 and 9): typed DD-MM-YYYY, kept YYYY-MM-DD (the text
 * as typed while it is no date, so the save refuses it at the field). Said as it is typed: no date, a date before
 * `notBefore` (unless it is the stored one, spec 2 §5: unchanged is accepted), and an empty required box once left.
 */
export function FormDate({
  name,
  label,
  required,
  helperText,
  notBefore,
  notBeforeMessage,
  disabled,
}: {
  name: string;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  notBefore?: string | null;
  notBeforeMessage?: string;
  disabled?: boolean;
}) {
  return (
    <FinalField<string> name={name} parse={keepText}>
      {({ input, meta }) => (
        <DateInput
          label={label}
          name={input.name}
          value={input.value === '' ? null : input.value}
          onChange={(date, text) => input.onChange(date ?? text.trim())}
          onBlur={() => input.onBlur()}
          required={required}
          requiredMessage={`Please enter the ${label.toLowerCase()}.`}
          notBefore={input.value !== '' && input.value === meta.initial ? null : notBefore}
          notBeforeMessage={notBeforeMessage}
          error={messageOf(meta)}
          helperText={helperText}
          disabled={disabled}
        />
      )}
    </FinalField>
  );
}
