import { ROLE_LABELS } from '@atrium/contracts';
import { Anchor, Card, Group, List, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ContactListParams } from '../../features/contacts/api';
import { formatRelativeDay } from '../../features/contacts/contact-format';
import { useContactList, useContactStats } from '../../features/contacts/hooks';
import { buildAdminMenu } from '../../features/navigation/admin-menu';
import { flattenMenu } from '../../features/navigation/nav-item';
import { displayName } from '../../features/navigation/student-menu';
import { DashboardToday } from '../../features/reports/DashboardToday';
import { useSession, useTenant } from '../../features/session/session-store';
import { useDocumentHead } from '../../features/tenant/tenant-head';

/** The five newest contacts: the contact list's own query, newest first. */
const NEWEST: ContactListParams = {
  start: 0,
  max: 5,
  search: '',
  statuses: [],
  tags: [],
  joinBy: 'or',
  sort: '-dateCreated',
};

function Stat({ label, value, to }: { label: string; value: number | undefined; to: string }) {
  return (
    <Card withBorder padding="md" component={Link} to={to} aria-label={`${label}: ${value ?? '…'}`}>
      <Text size="sm">{label}</Text>
      <Text fw={700} fz="xl" aria-hidden>
        {value ?? <Loader size="xs" />}
      </Text>
    </Card>
  );
}

/** What the studio's contacts look like today: counts and the newest people (manage contacts only). */
function ContactsOverview() {
  const stats = useContactStats();
  const newest = useContactList(NEWEST);
  return (
    <section aria-labelledby="dashboard-contacts">
      <Title order={2} size="h3" id="dashboard-contacts" mt="xl" mb="sm">
        Contacts
      </Title>
      {stats.isError ? (
        <Text role="alert">The contact counts could not be loaded. Please reload the page.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat label="All contacts" value={stats.data?.total} to="/contacts" />
          <Stat label="Members" value={stats.data?.member} to="/contacts" />
          <Stat label="Leads" value={stats.data?.lead} to="/contacts" />
          <Stat label="Unread" value={stats.data?.unread} to="/contacts" />
        </SimpleGrid>
      )}
      <Title order={3} size="h4" mt="lg" mb="xs">
        Newest contacts
      </Title>
      {newest.isPending ? (
        <Loader size="sm" aria-label="Loading the newest contacts" />
      ) : newest.data && newest.data.data.length > 0 ? (
        <List listStyleType="none" spacing="xs" p={0}>
          {newest.data.data.map((contact) => (
            <List.Item key={contact.guId}>
              <Group gap="xs" wrap="nowrap">
                <Anchor component={Link} to={`/contacts/${contact.guId}/detail`}>
                  {contact.name || contact.email}
                </Anchor>
                <Text size="sm">{formatRelativeDay(contact.dateCreated)}</Text>
              </Group>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text>No contacts yet.</Text>
      )}
    </section>
  );
}

const SHORTCUTS = [
  { to: '/store', label: 'Store', text: 'Sell at the desk: items, offer codes, cash or the account.' },
  { to: '/contacts', label: 'Contacts', text: 'Find, add and import the people of your studio.' },
  { to: '/invoices', label: 'Invoices', text: 'Sales, payments and refunds, and what each person owes.' },
  { to: '/products', label: 'Merchandise', text: 'Products, bundles, stock and offer codes.' },
  { to: '/website', label: 'Website', text: 'Edit and publish the pages of your public site.' },
  { to: '/settings', label: 'Settings', text: 'Your account, payments, users, templates and integrations.' },
];

/** The staff landing: a welcome, today at a glance, the contacts overview, and shortcuts to the screens the role may use. */
export default function DashboardPage() {
  const tenant = useTenant();
  const { user, account } = useSession();
  useDocumentHead(tenant, 'Dashboard');
  const mayManageContacts = account?.permissions.isShowContactsList ?? false;
  // What the menu offers this person (built, switched on, permitted) is what the dashboard offers.
  const inMenu = new Set(
    flattenMenu(buildAdminMenu(tenant, account, undefined, user?.role ?? null)).map((item) => item.url),
  );
  const shortcuts = SHORTCUTS.filter((shortcut) => inMenu.has(shortcut.to));
  return (
    <section aria-labelledby="dashboard-title">
      <Title order={1} id="dashboard-title">
        Welcome, {user ? displayName(user) : 'there'}
      </Title>
      <Text mt="sm">{user ? `Signed in as ${ROLE_LABELS[user.role]} of ${tenant.name}.` : null}</Text>
      <DashboardToday />
      {mayManageContacts ? <ContactsOverview /> : null}
      <Title order={2} size="h3" mt="xl" mb="sm">
        Go to
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {shortcuts.map((shortcut) => (
          <Card key={shortcut.to} withBorder padding="md">
            <Anchor component={Link} to={shortcut.to} fw={600}>
              {shortcut.label}
            </Anchor>
            <Text size="sm" mt={4}>
              {shortcut.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
