import { Alert, Button, PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

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
