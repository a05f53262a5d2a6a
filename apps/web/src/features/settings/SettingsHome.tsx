import { roleRefusalForPath } from '@atrium/contracts';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuilding,
  IconCreditCard,
  IconForms,
  IconLayoutGrid,
  IconMail,
  IconPlug,
  IconReceipt,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session/session-store';
import { useAccountSettings } from './hooks';
import { SettingsHeader } from './SettingsHeader';
import { settingsTiles } from './settings-rules';

const ICONS: Record<string, ComponentType<{ size?: number }>> = {
  building: IconBuilding,
  world: IconWorld,
  layout: IconLayoutGrid,
  'credit-card': IconCreditCard,
  plug: IconPlug,
  users: IconUsers,
  shield: IconShieldLock,
  forms: IconForms,
  sitemap: IconSitemap,
  mail: IconMail,
  receipt: IconReceipt,
};

/** /settings: the Settings home tiles (spec 2 §2). */
export default function SettingsHome() {
  const account = useAccountSettings();
  const { user } = useSession();
  // A tile the role cannot open (Franchise for staff) is not offered.
  const tiles = (account.data ? settingsTiles(account.data.isMasterFranchise) : []).filter(
    (tile) => !user || roleRefusalForPath(tile.to, user.role) === null,
  );

  return (
    <section aria-label="Settings">
      <SettingsHeader title="Settings" back={false} />
      {account.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} aria-busy="true" aria-label="Loading settings">
          {[0, 1, 2, 3].map((n) => (
            <Card key={n} withBorder padding="lg" data-testid="settings-tile-skeleton">
              <Skeleton height={36} width={36} radius="md" mb="sm" />
              <Skeleton height={14} width="50%" mb="xs" />
              <Skeleton height={10} />
            </Card>
          ))}
        </SimpleGrid>
      ) : tiles.length === 0 ? (
        <Text c="dimmed">No Settings found!</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {tiles.map((tile) => {
            const Icon = ICONS[tile.icon] ?? IconSettings;
            return (
              <Card
                key={tile.id}
                component={Link}
                to={tile.to}
                withBorder
                padding="lg"
                className="atrium-settings-tile"
                aria-label={tile.title}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="xl" radius="md">
                    <Icon size={22} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{tile.title}</Text>
                    <Text size="sm" c="dimmed">
                      {tile.description}
                    </Text>
                  </div>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </section>
  );
}
