import { PASSWORD_RULE } from '@atrium/contracts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { hasLength, isEmail, isNotEmpty, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { useTenant } from '../session/session-store';
import { AuthCard } from './AuthCard';
import { register } from './auth-api';

/**
 * Public registration (POST /public/user/registration): the answer is the same whether the email is
 * free or taken; the link in the email creates the account, then the member logs in.
 */
export default function RegisterPage() {
  const tenant = useTenant();
  const [submitting, setSubmitting] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', lastName: '', email: '', password: '' },
    validate: {
      name: isNotEmpty('First name is required'),
      email: isEmail('Enter a valid email address'),
      password: hasLength({ min: 8 }, PASSWORD_RULE),
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
        password: values.password,
        franchiseId: null,
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
        <Stack>
          <Alert color="teal" role="status" title="Check your email">
            {sentMessage}
          </Alert>
          <Anchor component={Link} to="/login">
            Back to Login
          </Anchor>
        </Stack>
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
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Register
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
