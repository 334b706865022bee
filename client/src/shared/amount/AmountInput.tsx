import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import type { Cents } from '@shared/money';
import { enterAmount, settleAmount, type AmountLimits, type AmountNotice } from './amount-entry';

export interface AmountChange {
  text: string;
  amount: Cents | undefined;
}

const NO_LIMITS: AmountLimits = {};

interface AmountInputProps {
  label: string;
  /** The box's text (the form keeps it). */
  value: string;
  onChange: (change: AmountChange) => void;
  /** The form's own error for this amount (a rule or a limit, naming it); shown before a typing notice. */
  error?: string;
  /** The limits that apply, in words ("Up to $2,000.00 available"), shown when there is nothing else to say. */
  hint?: string;
  name?: string;
  required?: boolean;
  /** min (default 0; below 0 admits a minus), max (checked on leaving the box) and precision (default 2). */
  limits?: AmountLimits;
}

/**
 * The one money box of the portal (spec 1 §5 "Amount input", spec 3 §5 "Money input"): digits and one decimal
 * point, dollars and cents, within its limits. A refused keystroke leaves the box as it was and says why; an
 * amount beyond its limits is flagged on leaving the box; one message at a time under the box.
 */
export function AmountInput({
  label,
  value,
  onChange,
  error,
  hint,
  name,
  required = true,
  limits = NO_LIMITS,
}: AmountInputProps) {
  const [notice, setNotice] = useState<AmountNotice | undefined>(undefined);
  // The freshest word wins: a refused keystroke, then the form's error, then a limit passed or what was left out,
  // then the hint.
  const refused = notice?.kind === 'error' ? notice.message : undefined;
  const message = refused ?? error ?? notice?.message;
  const invalid = Boolean(refused ?? error) || notice?.kind === 'limit';
  return (
    <Field.Root required={required} invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => {
          const entry = enterAmount(value, event.target.value, limits);
          setNotice(entry.notice);
          if (entry.text !== value) onChange({ text: entry.text, amount: entry.amount });
        }}
        onBlur={() => {
          const settled = settleAmount(value, limits);
          setNotice(settled.notice);
          if (settled.text !== value) onChange({ text: settled.text, amount: settled.amount });
        }}
      />
      {invalid ? (
        <Field.ErrorText role="alert">{message}</Field.ErrorText>
      ) : message ? (
        <Field.HelperText role="status">{message}</Field.HelperText>
      ) : (
        hint && <Field.HelperText>{hint}</Field.HelperText>
      )}
    </Field.Root>
  );
}
