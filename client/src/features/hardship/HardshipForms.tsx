import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form, FormSpy } from 'react-final-form';
import type { HardshipCaseFieldsFragment } from '../../gql/graphql';
import {
  useArrangeHardshipCaseMutation,
  useCloseHardshipCaseMutation,
  useOpenHardshipCaseMutation,
} from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import {
  HARDSHIP_NOTE_MAX,
  HARDSHIP_SITUATION_MAX,
  serverErrors,
  termsInput,
  validateArrangement,
  validateRequest,
  type HardshipValues,
} from './hardship-form';
import { ArrangementPreview } from './ArrangementPreview';
import { AmountField, DateField, KindField, LongTextField } from './HardshipFields';

const TRY_AGAIN = 'We could not send this. Please try again, or call us.';

/** The terms' own fields: the dates and amount the chosen kind needs. */
function TermsFields({ staff }: { staff: boolean }) {
  return (
    <FormSpy<HardshipValues> subscription={{ values: true }}>
      {({ values }) => (
        <>
          {values.kind === 'DepositHoliday' && (
            <>
              <DateField name="from" label="First day of the holiday" helperText="Today or later." />
              <DateField name="until" label="Last day of the holiday" helperText="At most one month after it starts." />
            </>
          )}
          {values.kind === 'LowerDeposit' && (
            <>
              <AmountField
                name="amount"
                label={staff ? 'Deposit agreed' : 'The deposit you can manage'}
                helperText="In dollars and cents, less than the deposit now."
              />
              <DateField name="until" label="Lower deposit until" helperText="Within the agreement's term." />
            </>
          )}
        </>
      )}
    </FormSpy>
  );
}

/**
 * "I'm having trouble paying": what is going on (bounded) and, optionally, a change to the deposits. Staff open the
 * same request for a member who tells them on the phone or in a branch (`staff`).
 */
export function HardshipRequestForm({
  memberId,
  accountId,
  onOpened,
  staff = false,
}: {
  memberId: number;
  accountId: number;
  onOpened: (opened: HardshipCaseFieldsFragment) => void;
  staff?: boolean;
}) {
  const [open] = useOpenHardshipCaseMutation();
  const onSubmit = async (values: HardshipValues) => {
    try {
      const { data } = await open({
        variables: { input: { memberId, accountId, situation: values.situation?.trim() ?? '', ...termsInput(values) } },
      });
      const result = data?.openHardshipCase;
      if (result?.hardshipCase && result.errors.length === 0) {
        onOpened(result.hardshipCase);
        return undefined;
      }
      return serverErrors(result?.errors ?? [], FORM_ERROR);
    } catch (error) {
      return { [FORM_ERROR]: serverMessage(error, TRY_AGAIN) };
    }
  };
  return (
    <Form<HardshipValues> onSubmit={onSubmit} validate={validateRequest} initialValues={{ kind: 'None' }}>
      {({ handleSubmit, submitting, submitError }) => (
        <form
          onSubmit={handleSubmit}
          noValidate
          aria-label={staff ? 'Open a request for help for the member' : 'Ask for help with payments'}
        >
          <Stack gap="4">
            {submitError && <StatusAlert status="error">{submitError}</StatusAlert>}
            <LongTextField
              name="situation"
              label={staff ? 'What the member told you' : 'What is going on?'}
              max={HARDSHIP_SITUATION_MAX}
              help={
                staff
                  ? 'In their words, as far as you can: what changed, and for how long they expect it to last.'
                  : 'A few words are enough: what changed, and for how long you expect it to last.'
              }
            />
            <KindField label={staff ? 'What they asked for' : 'What would help?'} staff={staff} />
            <TermsFields staff={staff} />
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="start"
              minH="11"
              loading={submitting}
              loadingText="Sending"
            >
              {staff ? 'Open the request' : 'Ask for help'}
            </Button>
          </Stack>
        </form>
      )}
    </Form>
  );
}

/** Staff record what was agreed with the member (or change it), or close the request; each with a note. */
export function StaffHardshipActions({
  hardship,
  onChanged,
}: {
  hardship: HardshipCaseFieldsFragment;
  onChanged: (message: string) => void;
}) {
  const [arrange] = useArrangeHardshipCaseMutation();
  const [close] = useCloseHardshipCaseMutation();
  const [closing, setClosing] = useState(false);
  const accountId = hardship.accountId;
  const asked = hardship.arrangement ?? hardship.request;

  const onArrange = async (values: HardshipValues) => {
    try {
      const { data } = await arrange({
        variables: { input: { accountId, note: values.note?.trim() ?? '', ...termsInput(values) } },
      });
      const result = data?.arrangeHardshipCase;
      if (result?.hardshipCase && result.errors.length === 0) {
        onChanged('The arrangement is recorded.');
        return undefined;
      }
      return serverErrors(result?.errors ?? [], FORM_ERROR);
    } catch (error) {
      return { [FORM_ERROR]: serverMessage(error, TRY_AGAIN) };
    }
  };
  const onClose = async (values: HardshipValues) => {
    try {
      const { data } = await close({ variables: { accountId, note: values.note?.trim() ?? '' } });
      const result = data?.closeHardshipCase;
      if (result?.hardshipCase && result.errors.length === 0) {
        onChanged('The request is closed: missed-deposit notices resume.');
        return undefined;
      }
      return serverErrors(result?.errors ?? [], FORM_ERROR);
    } catch (error) {
      return { [FORM_ERROR]: serverMessage(error, TRY_AGAIN) };
    }
  };

  if (closing) {
    return (
      <Form<HardshipValues>
        onSubmit={onClose}
        validate={(values) => (values.note?.trim() ? {} : { note: 'Please add a note saying why it is closed.' })}
      >
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Close the request for help">
            <Stack gap="4">
              {submitError && <StatusAlert status="error">{submitError}</StatusAlert>}
              <LongTextField name="note" label="Why is it closed?" max={HARDSHIP_NOTE_MAX} help="For the history." />
              <HStack gap="2" wrap="wrap">
                <Button type="submit" colorPalette="red" minH="11" loading={submitting}>
                  Close the request
                </Button>
                <Button variant="ghost" minH="11" onClick={() => setClosing(false)}>
                  Back
                </Button>
              </HStack>
            </Stack>
          </form>
        )}
      </Form>
    );
  }
  return (
    <Form<HardshipValues>
      onSubmit={onArrange}
      validate={validateArrangement}
      initialValues={{
        kind: asked.kind,
        from: asked.from ?? '',
        until: asked.until ?? '',
        amount: asked.amount ?? '',
      }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Record an arrangement">
          <Stack gap="4">
            <Text fontWeight="semibold">Record an arrangement</Text>
            {submitError && <StatusAlert status="error">{submitError}</StatusAlert>}
            <KindField label="What was agreed" staff />
            <TermsFields staff />
            <ArrangementPreview accountId={accountId} />
            <LongTextField
              name="note"
              label="Note"
              max={HARDSHIP_NOTE_MAX}
              help="What was agreed with the member, and any referral made."
            />
            <HStack gap="2" wrap="wrap">
              <Button type="submit" colorPalette="brand" minH="11" loading={submitting}>
                Record the arrangement
              </Button>
              <Button variant="outline" minH="11" onClick={() => setClosing(true)}>
                Close the request…
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Form>
  );
}
