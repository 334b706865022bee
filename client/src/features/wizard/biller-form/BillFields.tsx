import { Field as ChakraField, RadioGroup, HStack, Stack, Text } from '@chakra-ui/react';
import { Field as FinalField, useField } from 'react-final-form';
import type { BillerFormOptionsQuery } from '../../../gql/graphql';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { BillingFrequency, formatWizardDate, MONTHS } from './biller-form-values';
import { BILL_DATE_IN_PAST_MESSAGE } from '@shared/bill/bill-details.rules';
import { useInstitutionToday } from '../../bills/useInstitutionToday';
import { FormAmount, FormDate, FormSelect } from './form-controls';

type Options = BillerFormOptionsQuery['billerFormOptions'];

/**
 * A bill date: the shared date input (DD-MM-YYYY, 'YYYY-MM-DD' underneath) with the wizard's display of the chosen
 * date beneath (5 March, 2027). A past bill date is said at once (spec 2 §5: today is valid).
 */
export function DateField({ name, label, required }: { name: string; label: string; required?: boolean }) {
  const { input } = useField<string>(name, { subscription: { value: true } });
  const today = useInstitutionToday();
  return (
    <FormDate
      name={name}
      label={label}
      required={required}
      notBefore={today}
      notBeforeMessage={BILL_DATE_IN_PAST_MESSAGE}
      helperText={formatWizardDate(input.value)}
    />
  );
}

/** How the date of bill is given: exact, or the month of the next bill (a rough date). */
function DateKind({ disabled }: { disabled: boolean }) {
  return (
    <FinalField<string> name="dateKind">
      {({ input }) => (
        <ChakraField.Root disabled={disabled}>
          <ChakraField.Label id="date-kind-label">Do you know the exact date of the next bill?</ChakraField.Label>
          <RadioGroup.Root
            aria-labelledby="date-kind-label"
            value={input.value}
            disabled={disabled}
            onValueChange={(event) => input.onChange(event.value)}
          >
            <HStack gap="4">
              <RadioGroup.Item value="exact">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Yes, the exact date</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="rough">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>No, only the month</RadioGroup.ItemText>
              </RadioGroup.Item>
            </HStack>
          </RadioGroup.Root>
        </ChakraField.Root>
      )}
    </FinalField>
  );
}

/**
 * The bill fields the biller form and the sub-category form share (spec 2 §3, §5): the expected amount, how often,
 * the date of bill (exact, rough, or the two bi-monthly dates), and the overdue option when there are overdue bills.
 */
export function BillFields({
  options,
  exactDateForced,
  hasOverdueBills,
  overdueWarning,
  amountLabel = 'Expected amount of each bill',
  amountHelp,
  amountError,
}: {
  options: Options;
  /** Direct debit: the exact date is known (spec 2 §4). */
  exactDateForced: boolean;
  hasOverdueBills: boolean;
  overdueWarning: string;
  amountLabel?: string;
  amountHelp?: string;
  /** A live check's word on the amount (BPAY codes 13 and 15). */
  amountError?: string;
}) {
  const frequency = useField<string>('billingFrequency', { subscription: { value: true } }).input.value;
  const dateKind = useField<string>('dateKind', { subscription: { value: true } }).input.value;
  const biMonthly = Number(frequency) === BillingFrequency.BiMonthly;
  return (
    <Stack gap="4">
      <FormAmount name="expectedBillValue" label={amountLabel} helperText={amountHelp} liveError={amountError} />
      <FormSelect
        name="billingFrequency"
        label="How often does the bill come?"
        required
        placeholder="Choose how often"
        options={options.frequencies.map((f) => ({ value: String(f.code), label: f.label }))}
      />
      {biMonthly ? (
        <Stack gap="2" role="group" aria-labelledby="bi-monthly-label">
          <Text id="bi-monthly-label" fontWeight="medium">
            The two bill dates in a month
          </Text>
          <HStack gap="3" align="start" wrap="wrap">
            <DateField name="biMonthly1stDate" label="First date" required />
            <DateField name="biMonthly2ndDate" label="Second date" required />
          </HStack>
        </Stack>
      ) : (
        <>
          <DateKind disabled={exactDateForced} />
          {dateKind === 'rough' && !exactDateForced ? (
            <FormSelect
              name="roughMonth"
              label="Month of the next bill"
              required
              placeholder="Choose a month"
              helperText="The bill is expected on the 1st of that month (next year when the month is not later than this one)."
              options={MONTHS.map((m) => ({ value: String(m.number), label: m.name }))}
            />
          ) : (
            <DateField name="dateOfBill" label="Date of the next bill" required />
          )}
        </>
      )}
      {hasOverdueBills && (
        <Stack gap="2">
          <StatusAlert status="warning">{overdueWarning}</StatusAlert>
          <FormSelect
            name="overdueOption"
            label="Apply a new bill amount to"
            required
            placeholder="Choose which bills"
            options={options.overdueOptions.map((o) => ({ value: String(o.code), label: o.label }))}
          />
        </Stack>
      )}
    </Stack>
  );
}
