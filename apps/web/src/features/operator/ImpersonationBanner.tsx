import { Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showErrorToast } from '../../lib/notify';
import { logout } from '../session/session-actions';
import { operatorApi, operatorKeys } from './api';

/**
 * Across a session the platform operator opened as a studio's owner (issue 28): who is acting, and
 * End, which ends that session (audited) and goes back to the operator's Tenants. Nothing for an
 * ordinary session.
 */
export function ImpersonationBanner() {
  const state = useQuery({
    queryKey: operatorKeys.impersonation,
    queryFn: operatorApi.impersonation,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  const impersonation = state.data?.impersonation;
  if (!impersonation) return null;

  const end = async () => {
    setBusy(true);
    try {
      const { returnUrl } = await operatorApi.endImpersonation();
      await logout();
      window.location.assign(returnUrl);
    } catch (error) {
      showErrorToast(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  return (
    <Paper
      component="section"
      aria-label="Impersonation"
      radius={0}
      px="md"
      py={6}
      bg="yellow.1"
      c="dark.9"
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-5)' }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" title={`Signed in by ${impersonation.operatorName}`}>
        <Text size="sm" fw={600}>
          You are viewing {impersonation.studioName} as operator
        </Text>
        <Button size="xs" color="dark" onClick={end} loading={busy}>
          End
        </Button>
      </Group>
    </Paper>
  );
}
