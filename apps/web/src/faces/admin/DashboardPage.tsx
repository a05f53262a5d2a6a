import { ROLE_LABELS } from '@atrium/contracts';
import { Text, Title } from '@mantine/core';
import { displayName } from '../../features/navigation/student-menu';
import { useSession, useTenant } from '../../features/session/session-store';
import { useDocumentHead } from '../../features/tenant/tenant-head';

/** The dashboard's content comes with a later issue; for now it welcomes the signed-in user. */
export default function DashboardPage() {
  const tenant = useTenant();
  const { user } = useSession();
  useDocumentHead(tenant, 'Dashboard');
  return (
    <section aria-labelledby="dashboard-title">
      <Title order={1} id="dashboard-title">
        Welcome, {user ? displayName(user) : 'there'}
      </Title>
      <Text c="dimmed" mt="sm">
        {user ? `Signed in as ${ROLE_LABELS[user.role]} of ${tenant.name}.` : null}
      </Text>
      <Text mt="md">The dashboard of Atrium is not available yet.</Text>
    </section>
  );
}
