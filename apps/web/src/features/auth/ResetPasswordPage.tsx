import { Alert, Anchor, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { AuthCard, LoginLink } from './AuthCard';
import { resetPassword } from './auth-api';
import { NewPasswordFields, useNewPasswordLink } from './NewPasswordFields';

/** /reset-password?token=... from the forgot-password email. */
export default function ResetPasswordPage() {
  const { token, form, error, setError, submitting, setSubmitting } = useNewPasswordLink(
    'This password reset link is invalid or has expired.',
  );
  const [done, setDone] = useState<string | null>(null);

  const submit = form.onSubmit(async ({ password }) => {
    setSubmitting(true);
    setError(null);
    try {
      const response = await resetPassword({ token, password });
      setDone(response.message || 'Your password has been reset.');
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'The password could not be reset.');
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthCard title="Reset password">
      {done ? (
        <Stack>
          <Alert color="teal" role="status" title="Password changed">
            {done}
          </Alert>
          <LoginLink>Go to Login</LoginLink>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <NewPasswordFields
              form={form}
              error={error}
              passwordLabel="New password"
              disabled={!token}
              submitting={submitting}
              submitLabel="Reset password"
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              Request a new link
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
