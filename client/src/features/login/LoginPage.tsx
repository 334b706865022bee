import { Button, Stack, Text } from '@chakra-ui/react';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { sessionStore } from '../../auth/session';
import { afterSignInPath } from '../../auth/session-rules';
import { passwordGrant } from '../../auth/token-api';
import { Page } from '../../shared/ui/Page';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { TextField } from '../../shared/ui/form-field';
import { validateLogin, type LoginValues } from './login-form';

export function LoginPage() {
  const navigate = useNavigate();
  const returnTo = useSearchParams()[0].get('returnTo');

  const onSubmit = async (values: LoginValues) => {
    const result = await passwordGrant(values.username?.trim() ?? '', values.password ?? '');
    if (!result.ok) return { [FORM_ERROR]: result.error.error_description };
    const session = sessionStore.save(result.token);
    navigate(afterSignInPath(session, returnTo), { replace: true });
    return undefined;
  };

  return (
    <Page title="Log in" narrow>
      <Text color="fg.muted">
        {returnTo
          ? 'Log in with your member number or username to continue to the page you opened.'
          : 'Log in with your member number or username.'}
      </Text>
      <Form<LoginValues> onSubmit={onSubmit} validate={validateLogin}>
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Log in">
            <Stack gap="4">
              {submitError && <StatusAlert status="error">{submitError}</StatusAlert>}
              <TextField
                name="username"
                label="Member number or username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
              />
              <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
              <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Logging in">
                Log in
              </Button>
            </Stack>
          </form>
        )}
      </Form>
    </Page>
  );
}
