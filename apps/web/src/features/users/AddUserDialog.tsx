import { INVITE_ROLES, StaffInvite, USER_ROLE_LABELS } from '@atrium/contracts';
import { Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../app/components/FormDialog';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { useInviteUser } from './hooks';

interface Props {
  opened: boolean;
  onClose: () => void;
}

type Fields = { firstName: string; lastName: string; email: string; phone: string; role: string };
const EMPTY: Fields = { firstName: '', lastName: '', email: '', phone: '', role: 'ROLE_STAFF' };

/**
 * The Users screen's add dialog (spec 2 §9: 590 wide; full screen on a phone): a staff user who gets
 * an email to set their password (decisions.md "Users").
 */
export default function AddUserDialog({ opened, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const invite = useInviteUser();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [touched, setTouched] = useState(false);
  const parsed = StaffInvite.safeParse(fields);
  const errorOf = (field: keyof Fields) =>
    touched && !parsed.success ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message : undefined;
  const set = (field: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    invite.mutate(parsed.data, {
      onSuccess: () => {
        showSuccessToast('Added contact successfully');
        onClose();
      },
      // The dialog stays open with its values; the server's message says what to fix.
      onError: (error) => showErrorToast(error.message),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add User"
      size={590}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            They receive an email with a link to choose their password.
          </Text>
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              label="First Name"
              required
              value={fields.firstName}
              onChange={(event) => set('firstName')(event.currentTarget.value)}
              error={errorOf('firstName')}
              data-autofocus
            />
            <TextInput
              label="Last Name"
              required
              value={fields.lastName}
              onChange={(event) => set('lastName')(event.currentTarget.value)}
              error={errorOf('lastName')}
            />
          </Group>
          <TextInput
            label="Email"
            type="email"
            required
            value={fields.email}
            onChange={(event) => set('email')(event.currentTarget.value)}
            error={errorOf('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={fields.phone}
            onChange={(event) => set('phone')(event.currentTarget.value)}
            error={errorOf('phone')}
          />
          <Select
            label="Role"
            required
            allowDeselect={false}
            data={INVITE_ROLES.map((role) => ({ value: role, label: USER_ROLE_LABELS[role] }))}
            value={fields.role}
            onChange={(value) => value && set('role')(value)}
            error={errorOf('role')}
          />
          <FormActions onCancel={onClose} pending={invite.isPending} submitLabel="Submit" mt="md" />
        </Stack>
      </form>
    </Modal>
  );
}
