import { Field, Input } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatDate, parseDate } from '../../../shared/dates';

interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD` or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  helperText?: string;
  error?: string | null;
  disabled?: boolean;
  testId?: string;
}

/**
 * A date typed `DD-MM-YYYY` (spec 3 §5: shown DD-MM-YYYY, stored YYYY-MM-DD). The value changes when the text is a
 * real date (or is emptied); anything else says how to write it and keeps the last good value.
 */
export function DateField({ label, value, onChange, helperText, error, disabled, testId }: DateFieldProps) {
  const [text, setText] = useState(formatDate(value));
  const [unreadable, setUnreadable] = useState(false);

  useEffect(() => {
    setText(formatDate(value));
    setUnreadable(false);
  }, [value]);

  const commit = (next: string) => {
    if (next.trim() === '') {
      setUnreadable(false);
      if (value !== null) onChange(null);
      return;
    }
    const parsed = parseDate(next);
    setUnreadable(parsed === null);
    if (parsed !== null && parsed !== value) onChange(parsed);
  };

  const shown = unreadable ? 'Enter the date as DD-MM-YYYY.' : (error ?? null);
  return (
    <Field.Root invalid={Boolean(shown)} disabled={disabled} maxW="xs">
      <Field.Label>{label}</Field.Label>
      <Input
        data-testid={testId}
        inputMode="numeric"
        placeholder="DD-MM-YYYY"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (parseDate(e.target.value)) commit(e.target.value);
        }}
        onBlur={(e) => commit(e.target.value)}
      />
      {helperText && !shown && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText role="alert">{shown}</Field.ErrorText>
    </Field.Root>
  );
}
