import { OPERATOR_MESSAGES, type OperatorTenant, TENANT_PAYMENT_LABELS } from '@atrium/contracts';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { formatDateTime } from '../../lib/format';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { operatorApi, operatorKeys } from './api';
import { franchiseLine, isOver, usage } from './operator-rules';

const LIST = { pageSizes: [25, 50, 100], defaultPageSize: 50 };

type Pending = { tenant: OperatorTenant; action: 'suspend' | 'resume' | 'impersonate' } | null;

/**
 * /tenant (issue 28): every tenant of the platform, for the operator's admins: plan, usage against its
 * limits, payment state, dates, franchises; suspend, resume, and act as the studio's owner (audited).
 */
export default function TenantsPage() {
  const site = useTenant();
  const client = useQueryClient();
  const list = useListState(LIST, 250);
  const query = {
    search: list.params.search,
    start: (list.params.page - 1) * list.params.pageSize,
    length: list.params.pageSize,
  };
  const tenants = useQuery({
    queryKey: operatorKeys.tenants(query),
    queryFn: () => operatorApi.tenants(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, site.timezone) : 'Never');

  const act = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.action === 'impersonate') {
        const { url } = await operatorApi.impersonate(pending.tenant.tenantId);
        window.location.assign(url);
        return;
      }
      await operatorApi.suspend(pending.tenant.tenantId, pending.action === 'suspend');
      showSuccessToast(pending.action === 'suspend' ? OPERATOR_MESSAGES.suspended : OPERATOR_MESSAGES.resumed);
      await client.invalidateQueries({ queryKey: ['operator'] });
      setPending(null);
    } catch (error) {
      showErrorToast(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const columns: ListColumn<OperatorTenant>[] = [
    {
      key: 'name',
      header: 'Tenant',
      cell: (t) => (
        <Stack gap={2}>
          <Group gap={6}>
            <Anchor href={t.url} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
              {t.name}
              <span className="atrium-visually-hidden"> (opens in a new tab)</span>
            </Anchor>
            {t.suspendedAt ? <Badge color="red">Suspended</Badge> : null}
            {t.isOperator ? <Badge variant="light">This platform</Badge> : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t.orgId}
            {t.masterOrgId !== t.orgId ? ` · franchise of ${t.masterOrgId}` : ''}
          </Text>
          {t.franchises.length ? <Text size="xs">{franchiseLine(t)}</Text> : null}
        </Stack>
      ),
    },
    { key: 'plan', header: 'Plan', cell: (t) => t.planLabel },
    {
      key: 'payment',
      header: 'Payment',
      cell: (t) => (
        <Stack gap={0}>
          <Text size="sm">{TENANT_PAYMENT_LABELS[t.paymentState]}</Text>
          {t.nextBillingDate ? (
            <Text size="xs" c="dimmed">
              Next bill {formatDateTime(t.nextBillingDate, site.timezone)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'contacts',
      header: 'Contacts',
      cell: (t) =>
        `${usage(t.contacts.used, t.contacts.max)}${isOver(t.contacts.used, t.contacts.max) ? ' (over limit)' : ''}`,
    },
    {
      key: 'members',
      header: 'Active members',
      cell: (t) =>
        `${usage(t.members.used, t.members.max)}${isOver(t.members.used, t.members.max) ? ' (over limit)' : ''}`,
    },
    { key: 'created', header: 'Created', cell: (t) => when(t.createdAt) },
    { key: 'activity', header: 'Last activity', cell: (t) => when(t.lastActivity) },
  ];

  return (
    <ListScreen
      id="tenants"
      title="Tenants"
      actions={
        <Button component={Link} to="/tenant/audit" variant="default">
          Audit log
        </Button>
      }
      list={list}
      search={{ label: 'Search tenants', type: 'search', placeholder: 'Name or org id' }}
      query={tenants}
      rows={tenants.data?.data ?? []}
      total={tenants.data?.recordsTotal ?? 0}
      rowKey={(t) => t.tenantId}
      columns={columns}
      rowActions={(t) =>
        t.isOperator ? null : (
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setPending({ tenant: t, action: t.suspendedAt ? 'resume' : 'suspend' })}
              aria-label={`${t.suspendedAt ? 'Resume' : 'Suspend'} ${t.name}`}
            >
              {t.suspendedAt ? 'Resume' : 'Suspend'}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setPending({ tenant: t, action: 'impersonate' })}
              aria-label={`Impersonate ${t.name}`}
            >
              Impersonate
            </Button>
          </Group>
        )
      }
      noun="tenants"
      emptyHint="Studios that sign up show here."
      minWidth={1000}
    >
      <ConfirmDialog
        opened={pending !== null}
        title={
          pending?.action === 'suspend'
            ? 'Suspend tenant'
            : pending?.action === 'resume'
              ? 'Resume tenant'
              : 'Impersonate tenant'
        }
        message={
          pending?.action === 'suspend'
            ? `Suspend ${pending.tenant.name}? Its site will say it is unavailable; its staff can still sign in.`
            : pending?.action === 'resume'
              ? `Open ${pending?.tenant.name} again?`
              : `Sign in to ${pending?.tenant.name} as its owner? This is recorded with your name.`
        }
        confirmLabel="Yes"
        cancelLabel="No"
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={act}
      />
    </ListScreen>
  );
}
