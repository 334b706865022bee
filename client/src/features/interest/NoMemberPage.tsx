import { Button, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { FORM_ERROR } from 'final-form';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import { useMemberContactQuery, useRegisterInterestMutation } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { SERVER_ERROR } from '../../shared/messages';
import { parseRouteId } from '../../shared/route-ids';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { TextField } from '../../shared/ui/form-field';
import { messageFromState } from '../public/messages';
import { fieldErrors, interestInput, interestPrefill, validateInterest, type InterestValues } from './interest-form';

/** `/nomember/:memberId`: no account yet; the member can register interest (spec 1 §2). */
export function NoMemberPage() {
  const memberId = parseRouteId(useParams().memberId) ?? 0;
  const serverMessage = messageFromState(useLocation().state);
  const navigate = useNavigate();
  const hasSession = useSession() !== null;
  const contact = useMemberContactQuery(memberId > 0 && hasSession ? { variables: { memberId } } : skipToken);
  const [registerInterest] = useRegisterInterestMutation();
  const member = contact.data?.member;
  const initialValues = useMemo(() => interestPrefill(member), [member]);
  const [sendAgain, setSendAgain] = useState(false);
  const registeredOn = member?.interestRegisteredOn ?? null;

  const onSubmit = async (values: InterestValues) => {
    try {
      const { data } = await registerInterest({ variables: { input: interestInput(memberId, values) } });
      const result = data?.registerInterest;
      if (result?.ok) {
        navigate(`/interestregistered/${memberId}`);
        return undefined;
      }
      const errors = fieldErrors(result?.errors ?? []);
      return Object.keys(errors).length > 0 ? errors : { [FORM_ERROR]: SERVER_ERROR };
    } catch {
      return { [FORM_ERROR]: SERVER_ERROR };
    }
  };

  return (
    <Page title="No bill smoothing account yet" narrow>
      {serverMessage && <StatusAlert status="error">{serverMessage}</StatusAlert>}
      <Text>
        There is no bill smoothing account for this membership yet. Leave your details and we will contact you about
        setting one up.
      </Text>
      {contact.loading ? (
        <Loading label="Loading your details…" />
      ) : registeredOn && !sendAgain ? (
        <Stack gap="4" align="start">
          <StatusAlert status="success" title="Your interest is registered">
            {`You registered your interest on ${formatDate(registeredOn)}. We will contact you about setting up bill smoothing; there is nothing more you need to do.`}
          </StatusAlert>
          <Button variant="outline" onClick={() => setSendAgain(true)}>
            Send new contact details
          </Button>
        </Stack>
      ) : (
        <Form<InterestValues> onSubmit={onSubmit} validate={validateInterest} initialValues={initialValues}>
          {({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Register interest">
              <Stack gap="4">
                {submitError && <StatusAlert status="error">{submitError}</StatusAlert>}
                <TextField name="fullName" label="Full name" autoComplete="name" required />
                <TextField name="email" label="Email" type="email" autoComplete="email" inputMode="email" required />
                <TextField
                  name="mobilePhone"
                  label="Mobile phone"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  helperText="An Australian mobile number, for example 0412345678."
                  required
                />
                <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Sending">
                  Register interest
                </Button>
              </Stack>
            </form>
          )}
        </Form>
      )}
    </Page>
  );
}
