import { DatePicker, IconButton, parseDate, Portal } from '@chakra-ui/react';

interface DateCalendarProps {
  label: string;
  /** `YYYY-MM-DD` or null. */
  value: string | null;
  onPick: (value: string) => void;
  disabled?: boolean;
  /** Open as soon as it is drawn (it is loaded on the first click). */
  defaultOpen?: boolean;
}

/**
 * The calendar beside a date box (spec 3 §5, issue 26 item 9): weeks start on Monday, as an Australian calendar does,
 * whatever the browser's language; a day picked is written into the box. Loaded lazily (DateInput): most dates are
 * typed, and the calendar's code stays out of the first load.
 */
export default function DateCalendar({ label, value, onPick, disabled, defaultOpen }: DateCalendarProps) {
  const picked = value ? safeParse(value) : null;
  return (
    <DatePicker.Root
      value={picked ? [picked] : []}
      onValueChange={(details) => {
        const day = details.value[0];
        if (day) onPick(day.toString());
      }}
      startOfWeek={1}
      locale="en-AU"
      disabled={disabled}
      defaultOpen={defaultOpen}
      closeOnSelect
      width="auto"
    >
      <DatePicker.Control>
        <DatePicker.Trigger asChild unstyled>
          {/* Named "Calendar" (its field's label would make getByLabel of the field find two controls); the title
              says which date it sets. */}
          <IconButton variant="outline" size="sm" aria-label="Calendar" title={`Choose the ${label.toLowerCase()}`}>
            <CalendarIcon />
          </IconButton>
        </DatePicker.Trigger>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content data-testid="date-calendar">
            <DatePicker.View view="day">
              <DatePicker.Header />
              <DatePicker.DayTable />
            </DatePicker.View>
            <DatePicker.View view="month">
              <DatePicker.Header />
              <DatePicker.MonthTable />
            </DatePicker.View>
            <DatePicker.View view="year">
              <DatePicker.Header />
              <DatePicker.YearTable />
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}

function safeParse(value: string) {
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 6v2h14V6H5Z"
      />
    </svg>
  );
}
