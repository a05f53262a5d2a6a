import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { FormActions } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { profileApi } from './api';

/**
 * A new email address, asked with the current password. The address changes only when the link
 * sent to it is opened, so the dialog ends by saying where to look.
 */
export default function ChangeEmailDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; currentPassword?: string; form?: string }>({});
  const [sent, setSent] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const missing = {
      email: email.trim() ? undefined : 'Email is required',
      currentPassword: currentPassword ? undefined : 'Current password is required',
    };
    setErrors(missing);
    if (missing.email || missing.currentPassword) return;
    setSaving(true);
    try {
      setSent((await profileApi.changeEmail({ email, currentPassword })).message);
    } catch (failure) {
      const message = isApiError(failure) ? failure.message : 'Your request could not be sent. Please try again.';
      const field = isApiError(failure) ? failure.field : undefined;
      setErrors(field === 'email' || field === 'currentPassword' ? { [field]: message } : { form: message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Change email address" fullScreen={phone} centered>
      {sent ? (
        <Stack gap="md">
          <Text role="status">{sent}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">Your address now is {current}. We will send a link to the new one.</Text>
            <TextInput
              label="New email address"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
              required
              data-autofocus
            />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.currentTarget.value)}
              error={errors.currentPassword}
              required
            />
            {errors.form ? (
              <Text c="red.8" role="alert">
                {errors.form}
              </Text>
            ) : null}
            <FormActions onCancel={onClose} pending={saving} submitLabel="Send link" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
