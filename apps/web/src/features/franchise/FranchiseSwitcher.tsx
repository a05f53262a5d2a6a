import { isMasterTenant } from '@atrium/contracts';
import { Badge, Button, Loader, Menu } from '@mantine/core';
import { IconArrowBackUp, IconBuildingStore, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { showErrorToast } from '../../lib/notify';
import { useSession } from '../session/session-store';
import { isFranchiseMode, returnToMaster, switchToFranchise } from './franchise-switch';
import { useFranchiseList } from './hooks';

/**
 * Spec 1 §4 "Franchise mode" in the admin toolbar: a master's admin picks a franchise and lands on
 * its dashboard; in franchise mode, Master View goes back to the master.
 */
export function FranchiseSwitcher() {
  const { user, tenant, preview } = useSession();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const franchiseMode = isFranchiseMode();
  const canSwitch = Boolean(user && tenant && user.role === 'admin' && isMasterTenant(tenant) && preview === 'off');
  const list = useFranchiseList(canSwitch && opened);

  if (!user || !tenant) return null;

  if (franchiseMode) {
    return (
      <>
        <Badge variant="light" color="grape" className="admin-toolbar__label" title={`Franchise mode: ${tenant.name}`}>
          Franchise mode
        </Badge>
        <Button
          variant="light"
          color="grape"
          px="xs"
          loading={busy}
          leftSection={<IconArrowBackUp size={18} aria-hidden />}
          aria-label={`Master View: leave ${tenant.name} and return to the master account`}
          onClick={async () => {
            setBusy(true);
            await returnToMaster(tenant).catch((error: Error) => {
              showErrorToast(error.message);
              setBusy(false);
            });
          }}
        >
          Master View
        </Button>
      </>
    );
  }

  if (!canSwitch) return null;
  const franchises = list.data ?? [];
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button
          variant="subtle"
          px="xs"
          loading={busy}
          leftSection={<IconBuildingStore size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label="Switch to a franchise"
        >
          <span className="admin-toolbar__label">Franchises</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Switch to a franchise</Menu.Label>
        {list.isPending ? (
          <Menu.Item disabled leftSection={<Loader size="xs" aria-hidden />}>
            Loading…
          </Menu.Item>
        ) : franchises.length === 0 ? (
          <Menu.Item disabled>No franchises yet</Menu.Item>
        ) : (
          franchises.map((franchise) => (
            <Menu.Item
              key={franchise.guid}
              onClick={async () => {
                setBusy(true);
                try {
                  await switchToFranchise(franchise, tenant, user.guId);
                } catch (error) {
                  // API failures are toasted by the client; a host that cannot be known is toasted here.
                  if (!(error instanceof Error && 'status' in error)) showErrorToast((error as Error).message);
                  setBusy(false);
                }
              }}
            >
              {franchise.name} ({franchise.orgId})
            </Menu.Item>
          ))
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to="/settings/franchise">
          Manage franchises
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
