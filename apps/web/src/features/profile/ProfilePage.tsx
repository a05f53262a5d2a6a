import { PROFILE_SAVED } from '@atrium/contracts';
import { Avatar, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { showSuccessToast } from '../../lib/notify';
import { displayName } from '../navigation/student-menu';
import { updateSession, useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { profileApi } from './api';

const ChangePasswordDialog = lazy(() => import('../account/ChangePasswordDialog'));
const ChangeEmailDialog = lazy(() => import('./ChangeEmailDialog'));

type Field = 'name' | 'lastName' | 'phone';

/**
 * The signed-in person's own profile, for students (/profile, spec 1) and staff (My Profile):
 * name and phone, the email address (changed through a link sent to the new one) and the password.
 * Borrowed accounts (Student Preview, acting as a member) show it read-only.
 */
export default function ProfilePage() {
  const tenant = useTenant();
  const { user, preview, actingAs } = useSession();
  useDocumentHead(tenant, 'Profile');
  const [values, setValues] = useState({
    name: user?.name ?? '',
    lastName: user?.lastName ?? '',
    phone: user?.phone ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [dialog, setDialog] = useState<'password' | 'email' | null>(null);
  const [photo, setPhoto] = useState<{ busy: 'upload' | 'remove' | null; error: string | null }>({
    busy: null,
    error: null,
  });
  if (!user) return null;
  const borrowed = preview === 'student' || actingAs !== null;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {
      name: values.name.trim() ? undefined : 'First name is required',
      lastName: values.lastName.trim() ? undefined : 'Last name is required',
    };
    setErrors(missing);
    if (missing.name || missing.lastName) return;
    setSaving(true);
    try {
      const { contact } = await profileApi.save(values);
      updateSession({ user: contact });
      showSuccessToast(PROFILE_SAVED);
    } catch (failure) {
      const field = isApiError(failure) ? failure.field : undefined;
      const message = isApiError(failure) ? failure.message : 'Your profile could not be saved. Please try again.';
      if (field === 'name' || field === 'lastName' || field === 'phone') setErrors({ [field]: message });
      else setErrors({ name: message });
    } finally {
      setSaving(false);
    }
  }

  async function changePhoto(run: () => Promise<{ contact: NonNullable<typeof user> }>, busy: 'upload' | 'remove') {
    setPhoto({ busy, error: null });
    try {
      const { contact } = await run();
      updateSession({ user: contact });
      setPhoto({ busy: null, error: null });
    } catch (failure) {
      const message = isApiError(failure) ? failure.message : 'The photo could not be saved. Please try again.';
      setPhoto({ busy: null, error: message });
    }
  }

  const input = (field: Field) => ({
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [field]: event.currentTarget.value }),
    error: errors[field],
    disabled: borrowed,
  });

  return (
    <section aria-labelledby="profile-title">
      <Title order={1} id="profile-title" mb="md">
        {displayName(user)}
      </Title>
      <Card withBorder maw={560} mb="md">
        <Group gap="md" wrap="wrap">
          <Avatar
            src={user.picture}
            alt={user.picture ? 'Your photo' : ''}
            name={displayName(user)}
            color="initials"
            size={84}
            radius={84}
          />
          <Stack gap={6}>
            <Group gap="xs">
              <FileButton
                accept="image/png,image/jpeg,image/gif,image/webp"
                disabled={borrowed}
                onChange={(file) => file && changePhoto(() => profileApi.uploadPhoto(file), 'upload')}
              >
                {(props) => (
                  <Button {...props} variant="default" loading={photo.busy === 'upload'} disabled={borrowed}>
                    {user.picture ? 'Change photo' : 'Add a photo'}
                  </Button>
                )}
              </FileButton>
              {user.picture ? (
                <Button
                  variant="subtle"
                  color="red"
                  loading={photo.busy === 'remove'}
                  disabled={borrowed}
                  onClick={() => changePhoto(profileApi.removePhoto, 'remove')}
                >
                  Remove photo
                </Button>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              PNG, JPEG, GIF or WebP, up to 5 MB.
            </Text>
            {photo.error ? (
              <Text size="sm" c="red.8" role="alert">
                {photo.error}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Card>
      <Card withBorder maw={560}>
        <form onSubmit={save} noValidate aria-label="Your details">
          <Stack gap="sm">
            {borrowed ? (
              <Text size="sm" role="note">
                You are seeing this account as its member sees it; only its owner can change it.
              </Text>
            ) : null}
            <Group grow align="flex-start" wrap="wrap">
              <TextInput label="First name" autoComplete="given-name" required miw={180} {...input('name')} />
              <TextInput label="Last name" autoComplete="family-name" required miw={180} {...input('lastName')} />
            </Group>
            <TextInput label="Phone" type="tel" autoComplete="tel" {...input('phone')} />
            <Group justify="flex-end">
              <Button type="submit" loading={saving} disabled={borrowed}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder maw={560} mt="md">
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={600}>
              Email
            </Text>
            <Text>{user.email}</Text>
          </div>
          <Group>
            <Button variant="default" onClick={() => setDialog('email')} disabled={borrowed}>
              Change email
            </Button>
            <Button variant="default" onClick={() => setDialog('password')} disabled={borrowed}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </Card>
      <Suspense fallback={null}>
        {dialog === 'password' ? <ChangePasswordDialog opened onClose={() => setDialog(null)} /> : null}
        {dialog === 'email' ? <ChangeEmailDialog current={user.email} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </section>
  );
}
