import { Box, Field, HStack, IconButton, Input } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { formatDate, parseDate } from '../dates';
import { dateInputProblem, DATE_FORMAT_MESSAGE } from './date-input-rules';
import { withWholeDates } from './WholeDates';

const DateCalendar = lazy(() => import('./DateCalendar'));

export interface DateInputProps {
  label: string;
  /** `YYYY-MM-DD`, or null when empty (or not a date yet). */
  value: string | null;
  /** The date read from the box (`YYYY-MM-DD`, null when empty or unreadable) and the text as typed. */
  onChange: (value: string | null, text: string) => void;
  /** A message from elsewhere (the server's refusal); the box's own reading comes first. */
  error?: string | null;
  helperText?: ReactNode;
  required?: boolean;
  /** Said when a required box is left empty. */
  requiredMessage?: string;
  /** The first allowed date (`YYYY-MM-DD`) and what an earlier one is told, as soon as it is typed. */
  notBefore?: string | null;
  notBeforeMessage?: string;
  disabled?: boolean;
  testId?: string;
  name?: string;
  onBlur?: () => void;
}

/**
 * The one date input of every form (spec 3 §5, issue 26 item 9): shown and typed DD-MM-YYYY whatever the browser's
 * language, stored YYYY-MM-DD, with a calendar whose weeks start on Monday. It says what is wrong as it is typed
 * (issue 26 item 7): a full date that is no date, one before `notBefore`, and, once left, an empty required box.
 */
export function DateInput({
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  requiredMessage,
  notBefore,
  notBeforeMessage,
  disabled,
  testId,
  name,
  onBlur,
}: DateInputProps) {
  const [text, setText] = useState(formatDate(value));
  const [left, setLeft] = useState(false);

  // A value set from outside (loaded, picked, reset) shows in the box; typing a date in progress is kept.
  useEffect(() => {
    setText((current) => (parseDate(current) === value ? current : formatDate(value)));
  }, [value]);

  const typed = (next: string) => {
    setText(next);
    onChange(parseDate(next), next);
  };

  const own = dateInputProblem(text, {
    left,
    required: Boolean(required),
    requiredMessage,
    notBefore: notBefore ?? null,
    notBeforeMessage,
  });
  const shown = own ?? error ?? null;
  return (
    <Field.Root invalid={Boolean(shown)} disabled={disabled} required={required} maxW="xs">
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <HStack gap="2" width="full">
        <Input
          data-testid={testId}
          name={name}
          inputMode="numeric"
          placeholder="DD-MM-YYYY"
          autoComplete="off"
          value={text}
          onChange={(event) => typed(event.target.value)}
          onBlur={() => {
            setLeft(true);
            onBlur?.();
          }}
        />
        <Box flexShrink={0}>
          <Suspense
            fallback={
              <IconButton variant="outline" size="sm" disabled aria-label="Calendar loading">
                …
              </IconButton>
            }
          >
            <DateCalendar
              label={label}
              value={parseDate(text)}
              disabled={disabled}
              onPick={(picked) => {
                setLeft(true);
                typed(formatDate(picked));
              }}
            />
          </Suspense>
        </Box>
      </HStack>
      {helperText && !shown && <Field.HelperText>{withWholeDates(helperText)}</Field.HelperText>}
      <Field.ErrorText role="alert">{withWholeDates(shown)}</Field.ErrorText>
    </Field.Root>
  );
}

export { DATE_FORMAT_MESSAGE };
