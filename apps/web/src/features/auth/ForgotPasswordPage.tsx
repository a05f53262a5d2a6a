import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTenant } from '../session/session-store';
import { AuthCard, CheckYourEmail } from './AuthCard';
import { requestPasswordReset } from './auth-api';

/** Forgot password: always answers the same, so it does not reveal who has an account. */
export default function ForgotPasswordPage() {
  const tenant = useTenant();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate: { email: isEmail('Enter a valid email address') } });

  const submit = form.onSubmit(async ({ email }) => {
    setSubmitting(true);
    try {
      const response = await requestPasswordReset({ orgId: tenant.orgId, email: email.trim(), franchiseId: null });
      setSentMessage(
        response.message ||
          `If an account exists for ${email.trim()}, we have sent an email with a link to reset your password.`,
      );
    } catch {
      // Shown by the API client as a toast.
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthCard title="Forgot password">
      {sentMessage ? (
        <CheckYourEmail message={sentMessage} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">Enter your email and we will send you a link to reset your password.</Text>
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <Button type="submit" loading={submitting} fullWidth>
              Send reset link
            </Button>
            <Anchor component={Link} to="/login" size="sm">
              Back to Login
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
