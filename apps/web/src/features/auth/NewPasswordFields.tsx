import { PASSWORD_RULE } from '@atrium/contracts';
import { Alert, Button, PasswordInput } from '@mantine/core';
import { hasLength, matchesField, type UseFormReturnType, useForm } from '@mantine/form';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page opened from an emailed link (?token=...) where a new password is chosen (registration, reset):
 * the link's token, the form (the server's length rule; the two must match), the error shown above the
 * fields (`invalidLink` when the link has no token) and whether the form is being sent.
 */
export function useNewPasswordLink(invalidLink: string) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : invalidLink);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: hasLength({ min: 8 }, PASSWORD_RULE),
      confirmPassword: matchesField('password', 'Passwords do not match'),
    },
  });
  return { token, form, error, setError, submitting, setSubmitting };
}

interface Props {
  /** The form with `password` and `confirmPassword`. */
  form: UseFormReturnType<{ password: string; confirmPassword: string }>;
  /** The server's refusal, shown above the fields. */
  error: string | null;
  passwordLabel: string;
  passwordDescription?: string;
  /** The link's token is missing: nothing can be sent. */
  disabled: boolean;
  submitting: boolean;
  submitLabel: string;
}

/** A new password typed twice, under the server's refusal, and the button that sends it (registration, reset). */
export function NewPasswordFields({
  form,
  error,
  passwordLabel,
  passwordDescription,
  disabled,
  submitting,
  submitLabel,
}: Props) {
  return (
    <>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <PasswordInput
        label={passwordLabel}
        description={passwordDescription}
        autoComplete="new-password"
        required
        disabled={disabled}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        required
        disabled={disabled}
        {...form.getInputProps('confirmPassword')}
      />
      <Button type="submit" loading={submitting} disabled={disabled} fullWidth>
        {submitLabel}
      </Button>
    </>
  );
}
