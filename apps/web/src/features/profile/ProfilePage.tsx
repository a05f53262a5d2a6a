import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { displayName } from '../navigation/student-menu';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

const ChangePasswordDialog = lazy(() => import('../account/ChangePasswordDialog'));

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The signed-in person's own profile (spec 1: student /profile): their details and their password. */
export default function ProfilePage() {
  const tenant = useTenant();
  const { user } = useSession();
  const [changingPassword, setChangingPassword] = useState(false);
  useDocumentHead(tenant, 'Profile');
  if (!user) return null;
  return (
    <section aria-labelledby="profile-title">
      <Title order={1} id="profile-title" mb="md">
        {displayName(user)}
      </Title>
      <Card withBorder maw={560}>
        <Stack gap="md">
          <Stack component="dl" gap="sm" m={0}>
            <Detail label="Name" value={[user.name, user.lastName].filter(Boolean).join(' ')} />
            <Detail label="Email" value={user.email} />
            <Detail label="Phone" value={user.phone} />
          </Stack>
          <Group>
            <Button variant="default" onClick={() => setChangingPassword(true)}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </Card>
      {changingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
