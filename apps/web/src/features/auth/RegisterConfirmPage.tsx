import { REGISTRATION_LINK_INVALID } from '@atrium/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { readPendingEvent, storePendingEvent } from '../navigation/pending-event';
import { AuthCard, LoginLink } from './AuthCard';
import { confirmRegistration } from './auth-api';
import { completeSignIn } from './complete-sign-in';
import { NewPasswordFields, useNewPasswordLink } from './NewPasswordFields';

/**
 * /register/confirm?token=... from the registration email. Opening it creates nothing: the mailbox's
 * owner chooses the password here, and this form's POST creates the account and signs them in, to
 * the class they picked before registering (if any) or the student home.
 */
export default function RegisterConfirmPage() {
  const { token, form, error, setError, submitting, setSubmitting } = useNewPasswordLink(REGISTRATION_LINK_INVALID);

  const submit = form.onSubmit(async ({ password }) => {
    setSubmitting(true);
    setError(null);
    try {
      const confirmed = await confirmRegistration({ token, password });
      // Spec 1 landing rules: signed in, a student with a stored class pick lands on its signup.
      // The pick made in this browser wins; else the one the registration carried (another device).
      if (confirmed.pendingEvent && !readPendingEvent()) storePendingEvent(confirmed.pendingEvent);
      await completeSignIn(confirmed, null);
    } catch (failure) {
      if (isApiError(failure) && failure.field === 'password') form.setFieldError('password', failure.message);
      else setError(isApiError(failure) ? failure.message : 'Your registration could not be finished.');
      setSubmitting(false);
    }
  });

  return (
    <AuthCard title="Finish registration">
      <form onSubmit={submit} noValidate aria-describedby="register-confirm-intro">
        <Stack>
          <Text id="register-confirm-intro" size="sm">
            Choose the password for your new account.
          </Text>
          <NewPasswordFields
            form={form}
            error={error}
            passwordLabel="Password"
            passwordDescription="At least 8 characters"
            disabled={!token}
            submitting={submitting}
            submitLabel="Create my account"
          />
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/register">
              Register again
            </Anchor>
            {' · '}
            <LoginLink>Login</LoginLink>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
