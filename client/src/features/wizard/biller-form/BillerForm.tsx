import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Form, useForm, useFormState } from 'react-final-form';
import { useIsStaff } from '../../../auth/useIsStaff';
import type { BillerFormOptionsQuery } from '../../../gql/graphql';
import {
  useBillerFormAssignDirectDebitMutation,
  useBillerFormValidateBpayQuery,
  useBillerFormValidateBsbQuery,
  useBillerFormValidateDirectDebitQuery,
} from '../../../gql/hooks';
import { useDebouncedValue } from '../../bills/use-debounced-value';
import { formatMoney } from '../../../shared/money';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { canTogglePeakMonths } from '@shared/bill/bill-details.rules';
import { amountOf } from '../../../shared/amount/amount-entry';
import { BillFields, DateField } from './BillFields';
import { FormBeside } from './FormBeside';
import { ReportUnsavedForm } from '../unsaved/unsaved-edits';
import {
  bsbShown,
  contingencyShown,
  eftReferencePlaceholder,
  moneyOf,
  MONTHS,
  PaymentMethod,
  withPaymentType,
  type BillerFormValues,
} from './biller-form-values';
import { FormAmount, FormCheckbox, FormSelect, FormText, FormTextArea } from './form-controls';
import { bpayCheckInput, bpayFeedback, bsbFeedback, directDebitFeedback, NO_FEEDBACK } from './live-checks';

type Options = BillerFormOptionsQuery['billerFormOptions'];

export interface BillerFormProps {
  options: Options;
  initialValues: BillerFormValues;
  billerId: number | null;
  /** The reference as loaded (masked): sent back untouched, it is kept and not re-checked. */
  loadedReference: string | null;
  hasOverdueBills: boolean;
  overdueWarning: string | null;
  readOnly: boolean;
  /** Saves; answers the refusals by field (final-form submission errors), or nothing when saved. */
  onSubmit: (values: BillerFormValues) => Promise<Record<string, string> | undefined>;
  onBack: () => void;
  /** Beside the form (below it on a phone): the effect of the edit before it is saved. */
  aside?: (values: BillerFormValues) => ReactNode;
}

const LIVE_WAIT_MS = 400;

/** The live checks of the payment details (spec 2 §5), debounced; each answer shown at its field. */
function useLiveChecks(values: BillerFormValues, loadedReference: string | null, billerId: number | null) {
  const paymentType = Number(values.paymentType === '' ? -1 : values.paymentType);
  const bpayInput = useDebouncedValue(
    paymentType === PaymentMethod.Bpay
      ? bpayCheckInput(
          {
            bPayNumber: values.bPayNumber,
            customerReferenceNumber: values.customerReferenceNumber,
            amount: moneyOf(values.expectedBillValue),
          },
          loadedReference,
        )
      : null,
    LIVE_WAIT_MS,
  );
  const bsb = useDebouncedValue(paymentType === PaymentMethod.Eft ? values.bsbNumber.trim() : '', LIVE_WAIT_MS);
  const directDebit = useDebouncedValue(
    paymentType === PaymentMethod.DirectDebit ? values.directDebitAccountNumber.trim() : '',
    LIVE_WAIT_MS,
  );
  const bpayQuery = useBillerFormValidateBpayQuery(bpayInput ? { variables: { input: bpayInput } } : skipToken);
  const bsbQuery = useBillerFormValidateBsbQuery(bsb ? { variables: { bsb } } : skipToken);
  const ddQuery = useBillerFormValidateDirectDebitQuery(
    directDebit ? { variables: { number: directDebit, billerId } } : skipToken,
  );
  return {
    bpay: bpayInput ? bpayFeedback(bpayQuery.data?.validateBpay, Boolean(bpayQuery.error)) : NO_FEEDBACK,
    bsb: bsb ? bsbFeedback(bsbQuery.data?.validateBsb, Boolean(bsbQuery.error)) : NO_FEEDBACK,
    directDebit: directDebit
      ? directDebitFeedback(ddQuery.data?.validateDirectDebitAccountNumber, Boolean(ddQuery.error))
      : NO_FEEDBACK,
    checking: bpayQuery.loading || bsbQuery.loading || ddQuery.loading,
  };
}

function PeakMonths({ disabled }: { disabled: boolean }) {
  const form = useForm<BillerFormValues>();
  const { values, submitErrors, dirtySinceLastSubmit } = useFormState<BillerFormValues>({
    subscription: { values: true, submitErrors: true, dirtySinceLastSubmit: true },
  });
  const error = !dirtySinceLastSubmit ? (submitErrors as Record<string, string> | undefined)?.peakMonths : undefined;
  const toggle = (month: number) => {
    const set = new Set(values.peakMonths);
    if (set.has(month)) set.delete(month);
    else set.add(month);
    form.change(
      'peakMonths',
      [...set].sort((a, b) => a - b),
    );
  };
  return (
    <Stack gap="2" role="group" aria-labelledby="peak-months-label">
      <Text id="peak-months-label" fontWeight="medium">
        Peak months
      </Text>
      {disabled && (
        <Text fontSize="sm" color="fg.muted">
          Enter a peak amount and an off-peak amount (not above the peak) to choose the peak months.
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        {MONTHS.map((month) => {
          const on = values.peakMonths.includes(month.number);
          return (
            <Button
              key={month.number}
              size="xs"
              variant={on ? 'solid' : 'outline'}
              colorPalette={on ? 'brand' : 'gray'}
              aria-pressed={on}
              disabled={disabled}
              onClick={() => toggle(month.number)}
            >
              {month.name.slice(0, 3)}
            </Button>
          );
        })}
      </HStack>
      {error && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function BillerFormBody({
  options,
  billerId,
  loadedReference,
  hasOverdueBills,
  overdueWarning,
  readOnly,
  onBack,
  submitting,
  formError,
}: Omit<BillerFormProps, 'initialValues' | 'onSubmit' | 'aside'> & {
  submitting: boolean;
  formError: string | undefined;
}) {
  const form = useForm<BillerFormValues>();
  const { values } = useFormState<BillerFormValues>({ subscription: { values: true } });
  const isStaff = useIsStaff();
  const live = useLiveChecks(values, loadedReference, billerId);
  const [assign] = useBillerFormAssignDirectDebitMutation();
  const paymentType = values.paymentType === '' ? null : Number(values.paymentType);
  const isDirectDebit = paymentType === PaymentMethod.DirectDebit;
  const contingency = contingencyShown(values);
  const peakAllowed = canTogglePeakMonths(
    amountOf(values.peakValueOfBill.trim()) ?? null,
    amountOf(values.offPeakValueOfBill.trim()) ?? null,
  );

  // Direct debit needs an account number: the next free one is assigned when the box is empty.
  useEffect(() => {
    if (!isDirectDebit || values.directDebitAccountNumber.trim() !== '' || readOnly) return;
    let live = true;
    void assign().then(
      (result) => {
        const number = result.data?.assignDirectDebitAccountNumber.accountNumber;
        if (live && number) form.change('directDebitAccountNumber', number);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isDirectDebit]);

  // A valid BSB is shown 3-3 once the bank is known (spec 2 §5).
  useEffect(() => {
    const shown = live.bsb.name ? bsbShown(values.bsbNumber) : null;
    if (shown && shown !== values.bsbNumber) form.change('bsbNumber', shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.bsb.name]);

  const choosePaymentType = (value: string) => {
    if (value === '') {
      form.change('paymentType', '');
      return;
    }
    const next = withPaymentType(values, Number(value), {
      number: !live.bpay.errors.bPayNumber,
      reference: !live.bpay.errors.customerReferenceNumber,
    });
    form.batch(() => {
      for (const key of Object.keys(next) as (keyof BillerFormValues)[]) {
        if (next[key] !== values[key]) form.change(key, next[key] as never);
      }
    });
  };

  const liveErrors = { ...live.bpay.errors, ...live.bsb.errors, ...live.directDebit.errors };
  const blocked = live.bpay.blocksSave || live.bsb.blocksSave || live.directDebit.blocksSave;

  return (
    <Stack gap="5" data-testid="biller-form">
      {formError && <StatusAlert status="error">{formError}</StatusAlert>}
      <FormText name="nickname" label="Nickname" required helperText="The name you know this bill by." />
      <FormSelect
        name="paymentType"
        label="Payment type"
        required
        placeholder="Choose how the bill is paid"
        options={options.paymentTypes.map((p) => ({ value: String(p.code), label: p.label }))}
        onChoose={choosePaymentType}
      />
      {paymentType === PaymentMethod.Bpay && (
        <Stack gap="4">
          <FormText
            name="bPayNumber"
            label="BPAY biller code"
            required
            inputMode="numeric"
            liveError={liveErrors.bPayNumber}
            helperText={live.bpay.name ? `Biller: ${live.bpay.name}` : undefined}
          />
          <FormText
            name="customerReferenceNumber"
            label="Customer reference number"
            required
            inputMode="numeric"
            liveError={liveErrors.customerReferenceNumber}
            helperText="Digits only, 1 to 20."
          />
        </Stack>
      )}
      {paymentType === PaymentMethod.Eft && (
        <Stack gap="4">
          <FormText
            name="bsbNumber"
            label="BSB"
            required
            inputMode="numeric"
            liveError={liveErrors.bsbNumber}
            helperText={live.bsb.name ? `Bank: ${live.bsb.name}` : 'Six digits, e.g. 062-000.'}
          />
          <FormText name="eftAccountNumber" label="Account number" required inputMode="numeric" />
          <FormText name="eftAccountName" label="Account name" required />
          <FormText
            name="eftReferenceNumber"
            label="Reference"
            placeholder={eftReferencePlaceholder(values.nickname)}
            helperText="Left blank, the nickname (up to 18 characters) is the reference."
          />
        </Stack>
      )}
      {isDirectDebit && (
        <Stack gap="3">
          <FormText
            name="directDebitAccountNumber"
            label="Direct debit account number"
            required
            inputMode="numeric"
            liveError={liveErrors.directDebitAccountNumber}
            helperText="9 digits starting with 89 or 80 (left blank, the next free one is assigned). Give it and our BSB to the biller."
          />
          <Text>
            Our BSB for direct debits: <strong>{options.businessBsbNumber}</strong>
          </Text>
          <StatusAlert status="info">{options.directDebitBsbNotice}</StatusAlert>
        </Stack>
      )}
      <FormSelect
        name="amountVaries"
        label="Does the amount vary from bill to bill?"
        required
        disabled={isDirectDebit}
        placeholder="Choose"
        options={[
          { value: 'no', label: 'No, it is the same each time' },
          { value: 'yes', label: 'Yes, it varies' },
        ]}
        onChoose={(value) =>
          form.batch(() => {
            form.change('amountVaries', value as BillerFormValues['amountVaries']);
            // Choosing amount-varies clears auto-payment (spec 2 §4).
            if (value === 'yes') form.change('isAutoPaymentBill', false);
          })
        }
        helperText={isDirectDebit ? 'A direct-debit bill may vary.' : undefined}
      />
      <BillFields
        options={options}
        exactDateForced={isDirectDebit}
        hasOverdueBills={hasOverdueBills}
        overdueWarning={overdueWarning ?? options.billerOverdueWarning}
        amountError={liveErrors.expectedBillValue}
        amountHelp={
          contingency !== null
            ? `A 10% contingency of ${formatMoney(contingency)} is set aside for each bill: it varies.`
            : undefined
        }
      />
      <Stack gap="3">
        <FormCheckbox name="isSeasonBill" label="The bill is higher in some months (a season bill)" />
        {values.isSeasonBill && (
          <Stack gap="3" ps="6">
            <FormAmount name="peakValueOfBill" label="Peak amount" />
            <FormAmount name="offPeakValueOfBill" label="Off-peak amount" />
            <PeakMonths disabled={!peakAllowed} />
          </Stack>
        )}
      </Stack>
      <Stack gap="3">
        <FormCheckbox name="isFinalBillExpected" label="A final bill is expected" />
        {values.isFinalBillExpected && (
          <DateField name="expectedFinalBillDate" label="Date of the final bill" required />
        )}
      </Stack>
      <FormCheckbox
        name="isAutoPaymentBill"
        label="Pay this bill automatically"
        disabled={isDirectDebit || values.amountVaries === 'yes'}
      />
      <FormCheckbox name="isNotificationEnabled" label="Notify me about this bill" />
      {isStaff && <FormTextArea name="newNoteText" label="Note on this biller (staff)" />}
      {blocked && (
        <Text fontSize="sm" color="fg.muted">
          The save waits until the payment details are valid.
        </Text>
      )}
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={onBack} disabled={submitting}>
          Back to the list
        </Button>
        <Button type="submit" colorPalette="brand" loading={submitting} disabled={readOnly || blocked || live.checking}>
          Save biller
        </Button>
      </HStack>
    </Stack>
  );
}

/** The biller details form (spec 2 §3-§5). */
export function BillerForm({ initialValues, onSubmit, aside, ...props }: BillerFormProps) {
  const initial = useMemo(() => initialValues, [initialValues]);
  return (
    <Form<BillerFormValues> initialValues={initial} onSubmit={onSubmit} keepDirtyOnReinitialize>
      {({ handleSubmit, submitting, submitError, values }) => (
        <FormBeside aside={aside?.(values)}>
          <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Biller details">
            <ReportUnsavedForm source="biller-form" />
            <BillerFormBody
              {...props}
              submitting={Boolean(submitting)}
              formError={typeof submitError === 'string' ? submitError : undefined}
            />
          </form>
        </FormBeside>
      )}
    </Form>
  );
}
