import { Alert, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { CourseListing } from '../courses/public/CourseListing';
import { useTenant } from '../session/session-store';
import { ShopListing } from '../shop/ShopListing';

const FEATURES: Record<string, string> = {
  events: 'events',
  forms: 'forms',
  calendar: 'class calendar',
  courses: 'courses',
  merchandise: 'merchandise store',
  donations: 'donations',
  mediagallery: 'media gallery',
};

/** Pages whose own listing replaces the generic note. */
const LISTED = new Set(['merchandise', 'donations', 'courses']);

/**
 * The standard pages show a listing of their feature instead of the designer (spec 3 §2.1). The
 * features not built yet say so; the forms page lists the public forms the tenant already has, the
 * merchandise page what visitors see in the shop, the courses page the published courses.
 */
export function ListingPlaceholder({ name, title }: { name: string; title: string }) {
  const tenant = useTenant();
  const feature = FEATURES[name] ?? name;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title} listing
        </Title>
        {name === 'forms' && <Text size="sm">All Form with (green dot) are visible in public view.</Text>}
        {name === 'forms' && tenant.forms.length > 0 && (
          <List listStyleType="none" spacing={4} aria-label="Public forms">
            {tenant.forms.map((form) => (
              <List.Item key={form.guId}>
                <Group gap="xs">
                  <span className="atrium-dot atrium-dot--green" aria-hidden="true" />
                  <Text size="sm">{form.name}</Text>
                  <Text size="xs" c="dimmed">
                    (visible in public view)
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {name === 'merchandise' && <ShopListing />}
        {name === 'courses' && <CourseListing />}
        {name === 'donations' && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            This page lists your active donation campaigns to visitors, with their progress. Manage them under Products
            &gt; Donations.
          </Alert>
        )}
        {!LISTED.has(name) && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            This page lists the {feature} of your organisation for visitors. Its content comes from the {feature}
            themselves, not from the designer.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
