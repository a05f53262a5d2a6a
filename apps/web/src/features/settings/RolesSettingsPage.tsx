import {
  CONFIGURABLE_ROLE_LABELS,
  ROLE_PERMISSION_LABELS,
  ROLE_PERMISSIONS,
  type RolePermission,
  type TenantRoleEntry,
} from '@atrium/contracts';
import { Card, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { useRoleSettings, useSaveRoles } from './hooks';
import { useIsAdmin } from './SettingsHeader';
import { ReadOnlyNotice, SettingsScreen } from './SettingsScreen';

const PERMISSION_HINTS: Record<RolePermission, string> = {
  isAllowCreateClasses: 'Classes and events: create, edit and schedule them',
  isShowCourse: 'Courses and their content',
  isShowContactsList: 'The contacts list, contact details, notes and imports',
  isShowOffers: 'Offers and discounts',
};

/** /settings/roles: what staff and front desk may manage; every switch saves at once (spec 2 §6). */
export default function RolesSettingsPage() {
  return (
    <SettingsScreen title="Roles" what="the roles" query={useRoleSettings()}>
      {(roles) => <RolesForm entries={roles.tenantRoles} />}
    </SettingsScreen>
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
      <ReadOnlyNotice />
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
