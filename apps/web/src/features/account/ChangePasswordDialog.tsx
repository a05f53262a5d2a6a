import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { FormActions } from '../../app/components/FormDialog';
import { apiRequest } from '../../lib/api';
import { showSuccessToast } from '../../lib/notify';
import { type ChangePasswordValues, changePasswordErrors } from './password-rules';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The signed-in user's own password (POST /rest/user/changePassword), from the toolbar's user menu.
 * Other browsers and devices are signed out; this one stays signed in.
 */
export default function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const errors = submitted ? changePasswordErrors(values) : {};

  function close() {
    setValues(EMPTY);
    setSubmitted(false);
    setServerError(null);
    onClose();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(changePasswordErrors(values)).length > 0) return;
    setSaving(true);
    try {
      const answer = await apiRequest<{ message: string }>('/rest/user/changePassword', {
        method: 'POST',
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
        silent: true,
      });
      showSuccessToast(answer.message);
      close();
    } catch (error) {
      const { field, message } = error as { field?: string; message: string };
      setServerError({ field, message });
    } finally {
      setSaving(false);
    }
  }

  const fieldError = (field: keyof ChangePasswordValues) =>
    errors[field] ?? (serverError?.field === field ? serverError.message : undefined);

  return (
    <Modal opened={opened} onClose={close} title="Change Password" fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(event) => setValues({ ...values, currentPassword: event.currentTarget.value })}
            error={fieldError('currentPassword')}
            required
            data-autofocus
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters."
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(event) => setValues({ ...values, newPassword: event.currentTarget.value })}
            error={fieldError('newPassword')}
            required
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => setValues({ ...values, confirmPassword: event.currentTarget.value })}
            error={fieldError('confirmPassword')}
            required
          />
          {serverError && !serverError.field ? (
            <Text c="red.9" size="sm" role="alert">
              {serverError.message}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            Your other signed-in browsers and devices will be signed out.
          </Text>
          <FormActions onCancel={close} cancelDisabled={saving} pending={saving} submitLabel="Change Password" />
        </Stack>
      </form>
    </Modal>
  );
}
