import { Checkbox, Stack } from '@chakra-ui/react';

/** A list of statements to tick (the capacity questions, the confirm page's confirmations). */
export function TickList({
  statements,
  ticked,
  onChange,
  disabled,
  testId,
}: {
  statements: readonly string[];
  ticked: ReadonlySet<number>;
  onChange: (next: ReadonlySet<number>) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Stack gap="2" data-testid={testId}>
      {statements.map((statement, i) => (
        <Checkbox.Root
          key={`${i}-${statement}`}
          checked={ticked.has(i)}
          disabled={disabled}
          onCheckedChange={(e) => {
            const now = new Set(ticked);
            if (e.checked === true) now.add(i);
            else now.delete(i);
            onChange(now);
          }}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{statement}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}
