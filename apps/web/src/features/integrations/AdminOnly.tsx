import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsAdmin } from '../settings/SettingsHeader';

/** Integrations hold credentials: admins only, reads included (decisions.md "Integrations"). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) {
    return (
      <Alert color="gray" title="Administrators only">
        Only an administrator can manage integrations.
      </Alert>
    );
  }
  return <>{children}</>;
}
