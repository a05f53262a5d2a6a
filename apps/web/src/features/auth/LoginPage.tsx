import { REGISTRATION_CONFIRMED } from '@atrium/contracts';
import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { setLoginTrace } from '../../lib/auth-tokens';
import { useTenant } from '../session/session-store';
import { AuthCard } from './AuthCard';
import { login } from './auth-api';
import { completeSignIn } from './complete-sign-in';
import { loginErrorMessage } from './login-messages';
import { useSocialLogin } from './SocialLogin';

export default function LoginPage() {
  const tenant = useTenant();
  const [searchParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const returnUrl = searchParams.get('returnUrl');
  const social = useSocialLogin(tenant, returnUrl, setError);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: isEmail('Enter a valid email address'), password: isNotEmpty('Password is required') },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      // Silent: the form shows the spec's message itself rather than a second toast.
      const response = await login({ tid: tenant.orgId, userId: values.email.trim(), password: values.password });
      await completeSignIn(response, returnUrl);
    } catch (failure) {
      setLoginTrace(false);
      setError(loginErrorMessage(failure));
      setSubmitting(false);
    }
  });

  return (
    <AuthCard title="Login">
      <form onSubmit={submit} noValidate>
        <Stack>
          {social.busy ? (
            <Group gap="xs" justify="center" role="status" aria-label="Signing you in">
              <Loader size="sm" />
              <Text size="sm">Signing you in…</Text>
            </Group>
          ) : null}
          {searchParams.get('registered') === '1' ? (
            <Alert color="teal" role="status" title="Registration complete">
              {REGISTRATION_CONFIRMED}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" role="alert" title="Login failed">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={submitting} disabled={social.busy} fullWidth>
            Login
          </Button>
          <Text size="sm" ta="center">
            Don't have an account?{' '}
            <Anchor component={Link} to="/register">
              Register
            </Anchor>
          </Text>
        </Stack>
      </form>
      {social.buttons}
      {social.dialogs}
    </AuthCard>
  );
}
