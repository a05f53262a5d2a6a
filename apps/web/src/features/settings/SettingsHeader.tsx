import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

/** Every settings screen: a back arrow to /settings (or `backTo`) and the screen's title (spec 2 §2). */
export function SettingsHeader({
  title,
  back = true,
  backTo = '/settings',
  children,
}: {
  title: string;
  back?: boolean;
  backTo?: string;
  children?: ReactNode;
}) {
  const { tenant } = useSession();
  useDocumentHead(tenant, title);
  return (
    <Group justify="space-between" mb="lg" wrap="wrap">
      <Group gap="xs">
        {back ? (
          <ActionIcon
            component={Link}
            to={backTo}
            variant="subtle"
            size="lg"
            aria-label={backTo === '/settings' ? 'Back to Settings' : 'Back'}
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
        ) : null}
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      {children}
    </Group>
  );
}

/** Settings writes are for admins (decisions.md "Settings"): other staff see the screens read-only. */
export function useIsAdmin(): boolean {
  return useSession().user?.role === 'admin';
}
