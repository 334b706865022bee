import { DateInput } from '../../../shared/ui/DateInput';

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
 * A deposits date: the shared date input (DD-MM-YYYY, a calendar starting on Monday). The draft changes when the text
 * is a real date or is emptied; an unfinished one keeps the last good value (the box says how to write it). The
 * server answers each change (a past or out-of-range date at the date, at once).
 */
export function DateField({ label, value, onChange, helperText, error, disabled, testId }: DateFieldProps) {
  return (
    <DateInput
      label={label}
      value={value}
      testId={testId}
      disabled={disabled}
      helperText={helperText}
      error={error}
      onChange={(date, text) => {
        if (date !== null && date !== value) onChange(date);
        else if (date === null && text.trim() === '' && value !== null) onChange(null);
      }}
    />
  );
}
