import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { wrapAnywhere } from './CampaignListScreen';

/** An email or SMS campaign's page heading: its name, wrapped anywhere when too long, and its status badge. */
export function CampaignHeading({ name, badge }: { name: string; badge: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={1} size="h2" style={wrapAnywhere}>
        {name}
      </Title>
      {badge}
    </Group>
  );
}
