import {
  CONFIGURABLE_ROLE_LABELS,
  ROLE_PERMISSION_LABELS,
  ROLE_PERMISSIONS,
  type RolePermission,
  type TenantRoleEntry,
} from '@atrium/contracts';
import { Alert, Card, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Busy } from '../../app/components/Busy';
import { showSuccessToast } from '../../lib/notify';
import { useRoleSettings, useSaveRoles } from './hooks';
import { SettingsHeader, useIsAdmin } from './SettingsHeader';

const PERMISSION_HINTS: Record<RolePermission, string> = {
  isAllowCreateClasses: 'Classes and events: create, edit and schedule them',
  isShowCourse: 'Courses and their content',
  isShowContactsList: 'The contacts list, contact details, notes and imports',
  isShowOffers: 'Offers and discounts',
};

/** /settings/roles: what staff and front desk may manage; every switch saves at once (spec 2 §6). */
export default function RolesSettingsPage() {
  const roles = useRoleSettings();
  return (
    <section aria-label="Roles">
      <SettingsHeader title="Roles" />
      {roles.isLoading ? (
        <Busy label="Loading the roles" />
      ) : roles.data ? (
        <RolesForm entries={roles.data.tenantRoles} />
      ) : (
        <Text c="red">The roles could not be loaded. Please reload the page.</Text>
      )}
    </section>
  );
}

function RolesForm({ entries }: { entries: TenantRoleEntry[] }) {
  const isAdmin = useIsAdmin();
  const save = useSaveRoles();
  // What a switch shows while its save runs; the saved answer replaces it, a failure reverts it.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const key = (entry: TenantRoleEntry, permission: RolePermission) => `${entry.role}.${permission}`;

  const toggle = (entry: TenantRoleEntry, permission: RolePermission, checked: boolean) => {
    const id = key(entry, permission);
    setPending((current) => ({ ...current, [id]: checked }));
    save.mutate(
      { tenantRoles: [{ ...entry, [permission]: checked }] },
      {
        onSuccess: () => showSuccessToast('Successfully updated roles.'),
        onSettled: () =>
          setPending((current) => {
            const { [id]: _done, ...rest } = current;
            return rest;
          }),
      },
    );
  };

  return (
    <Stack gap="md" maw={880}>
      {!isAdmin ? (
        <Alert color="gray" title="Read only">
          Only an administrator can change these settings.
        </Alert>
      ) : null}
      <Text c="dimmed" size="sm">
        Administrators can always manage everything. Choose what staff and front desk users may manage; the screens and
        their data are closed to a role without the permission.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {entries.map((entry) => (
          <Card withBorder key={entry.role} role="group" aria-label={CONFIGURABLE_ROLE_LABELS[entry.role]}>
            <Title order={2} size="h4" mb="sm">
              {CONFIGURABLE_ROLE_LABELS[entry.role]}
            </Title>
            <Stack gap="sm">
              {ROLE_PERMISSIONS.map((permission) => (
                <Switch
                  key={permission}
                  label={ROLE_PERMISSION_LABELS[permission]}
                  description={PERMISSION_HINTS[permission]}
                  checked={pending[key(entry, permission)] ?? entry[permission]}
                  disabled={!isAdmin}
                  onChange={(event) => toggle(entry, permission, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
