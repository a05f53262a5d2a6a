import type { IntegrationsStatus } from '@atrium/contracts';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SettingsHeader } from '../settings/SettingsHeader';
import { AdminOnly } from './AdminOnly';
import { useIntegrationsStatus } from './hooks';
import { HUB_SECTIONS, type HubItem } from './integration-rules';

/** /settings/integrations: Third Party Settings (spec 2 §2), a green check on each integrated provider. */
export default function IntegrationsHub() {
  return (
    <section aria-label="Third Party Settings">
      <SettingsHeader title="Third Party Settings" />
      <AdminOnly>
        <Hub />
      </AdminOnly>
    </section>
  );
}

function Hub() {
  const status = useIntegrationsStatus();
  if (status.isLoading) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} aria-busy="true" aria-label="Loading integrations">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (!status.data) return <Text c="red.9">The integrations could not be loaded. Please reload the page.</Text>;
  const data = status.data;
  return (
    <Stack gap="xl">
      {HUB_SECTIONS.map((section) => (
        <section key={section.title} aria-labelledby={`hub-${section.title}`}>
          <Title order={2} size="h4" mb="sm" id={`hub-${section.title}`}>
            {section.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
            {section.items.map((item) => (
              <li key={item.key}>
                <HubCard item={item} status={data} />
              </li>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}

function HubCard({ item, status }: { item: HubItem; status: IntegrationsStatus }) {
  const integrated = item.integrated(status);
  const body = (
    <Card withBorder padding="md" radius="md" h="100%">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600}>{item.label}</Text>
        {integrated ? (
          <ThemeIcon color="green" variant="transparent" size="sm" aria-label="Integrated" role="img">
            <IconCircleCheckFilled size={20} />
          </ThemeIcon>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {item.description}
      </Text>
    </Card>
  );
  return (
    <UnstyledButton
      component={Link}
      to={item.target.to}
      display="block"
      h="100%"
      aria-label={`${item.label}${integrated ? ' (integrated)' : ''}`}
    >
      {body}
    </UnstyledButton>
  );
}
