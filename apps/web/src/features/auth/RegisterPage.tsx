import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { readPendingEvent } from '../navigation/pending-event';
import { useTenant } from '../session/session-store';
import { AuthCard, CheckYourEmail, LoginLink } from './AuthCard';
import { register } from './auth-api';

/**
 * Public registration (POST /public/user/registration): the answer is the same whether the email is
 * free or taken. No password here: the link in the email opens a page where the mailbox's owner
 * chooses it and the account is created, so typing someone else's address gets nobody an account.
 */
export default function RegisterPage() {
  const tenant = useTenant();
  const [submitting, setSubmitting] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', lastName: '', email: '' },
    validate: {
      name: isNotEmpty('First name is required'),
      email: isEmail('Enter a valid email address'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      const response = await register({
        orgId: tenant.orgId,
        name: values.name.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        franchiseId: null,
        // the class picked before registering travels with the email, so it survives another device
        pendingEvent: readPendingEvent(),
      });
      setSentMessage(response.message);
    } catch (failure) {
      // The API client has shown the server's message; point at the field it names, if any.
      if (isApiError(failure) && failure.field && failure.field in values)
        form.setFieldError(failure.field, failure.message);
    } finally {
      setSubmitting(false);
    }
  });

  if (sentMessage) {
    return (
      <AuthCard title="Register">
        <CheckYourEmail message={sentMessage} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Register">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group grow align="flex-start">
            <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('name')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
          </Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            description="We will email you a link to choose your password."
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Register
          </Button>
          <Text size="sm" ta="center">
            Already have an account? <LoginLink>Login</LoginLink>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
