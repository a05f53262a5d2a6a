import { PASSWORD_RULE, REGISTRATION_LINK_INVALID } from '@atrium/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { hasLength, matchesField, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { AuthCard } from './AuthCard';
import { confirmRegistration } from './auth-api';
import { NewPasswordFields } from './NewPasswordFields';

/**
 * /register/confirm?token=... from the registration email. Opening it creates nothing: the mailbox's
 * owner chooses the password here, and this form's POST creates the account.
 */
export default function RegisterConfirmPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : REGISTRATION_LINK_INVALID);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: hasLength({ min: 8 }, PASSWORD_RULE),
      confirmPassword: matchesField('password', 'Passwords do not match'),
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    setSubmitting(true);
    setError(null);
    try {
      await confirmRegistration({ token, password });
      navigate('/login?registered=1', { replace: true });
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
            <Anchor component={Link} to="/login">
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
