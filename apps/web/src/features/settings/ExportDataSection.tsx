import {
  TENANT_EXPORT_LINK_DAYS,
  TENANT_EXPORT_TEXTS,
  type TenantExport,
  type TenantExportList,
} from '@atrium/contracts';
import { Anchor, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { showSuccessToast } from '../../lib/notify';
import { useIsAdmin } from './SettingsHeader';

const exportsKey = ['settings', 'tenant-export'] as const;

const STATUS: Record<TenantExport['status'], { label: string; color: string }> = {
  queued: { label: 'Waiting to start', color: 'gray' },
  running: { label: 'Being made', color: 'blue' },
  done: { label: 'Ready', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function megabytes(bytes: number): string {
  return bytes < 1_048_576 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * "Take your data with you" (issue 28) at the foot of Account Settings, for admins: one button exports
 * the whole studio (a zip made in the background and emailed as a link that works 7 days), the
 * progress of the one being made, and the last exports with their download links.
 */
export function ExportDataSection({ timeZone }: { timeZone: string }) {
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: exportsKey,
    queryFn: () => apiRequest<TenantExportList>('/rest/tenant-export'),
    enabled: isAdmin,
    // While one is being made its progress is followed.
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => e.status === 'queued' || e.status === 'running') ? 1500 : false,
  });
  const start = useMutation({
    mutationFn: () => apiRequest<TenantExport>('/rest/tenant-export', { method: 'POST' }),
    onSuccess: () => {
      showSuccessToast(TENANT_EXPORT_TEXTS.queued);
      void queryClient.invalidateQueries({ queryKey: exportsKey });
    },
  });
  if (!isAdmin) return null;
  const exports = list.data?.exports ?? [];
  const busy = exports.some((e) => e.status === 'queued' || e.status === 'running');

  return (
    <Card withBorder padding="lg" mt="xl" component="section" aria-labelledby="export-data-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconFileZip size={22} aria-hidden="true" />
          <Title order={2} size="h4" id="export-data-title">
            Take your data with you
          </Title>
        </Group>
        <Text size="sm">
          Export everything the studio keeps here: every list (contacts, invoices, bookings, memberships and more) as
          CSV and JSON files, the uploaded files and signed forms, recent invoices as PDFs (the last two years, up to
          1,000), and a README that describes them, in one zip. We email you a download link when it is ready; the link
          works for {TENANT_EXPORT_LINK_DAYS} days. Passwords and payment keys are not included.
        </Text>
        <Group>
          <Button
            leftSection={<IconFileZip size={16} aria-hidden="true" />}
            onClick={() => start.mutate()}
            loading={start.isPending}
            disabled={busy}
          >
            Export all data
          </Button>
        </Group>
        <Title order={3} size="h5" mt="sm">
          Last exports
        </Title>
        {list.isLoading ? (
          <Text size="sm" c="dimmed">
            Loading exports…
          </Text>
        ) : exports.length === 0 ? (
          <Text size="sm" c="dimmed">
            {TENANT_EXPORT_TEXTS.none}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Last exports">
            {exports.map((item) => (
              <ExportRow key={item._id} item={item} timeZone={timeZone} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function ExportRow({ item, timeZone }: { item: TenantExport; timeZone: string }) {
  const status = STATUS[item.status];
  const percent = item.tablesTotal > 0 ? Math.round((item.tablesDone / item.tablesTotal) * 100) : 0;
  const asked = when(item.createdAt, timeZone);
  return (
    <Card component="li" withBorder padding="sm" radius="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {asked}
          </Text>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        {item.requestedByName && (
          <Text size="xs" c="dimmed">
            Asked for by {item.requestedByName}
          </Text>
        )}
        {(item.status === 'queued' || item.status === 'running') && (
          <>
            <Progress value={percent} aria-label={`Export of ${asked}: ${percent}% done`} />
            <Text size="xs" c="dimmed" aria-live="polite">
              {item.tablesDone} of {item.tablesTotal || '…'} lists, {item.rowsWritten.toLocaleString('en')} rows
            </Text>
          </>
        )}
        {item.status === 'failed' && (
          <Text size="sm" c="red.9">
            {item.error ?? 'The export could not be made. Please try again.'}
          </Text>
        )}
        {item.status === 'done' &&
          (item.downloadUrl ? (
            <Group gap="xs" justify="space-between">
              <Anchor href={item.downloadUrl} download aria-label={`Download the export of ${asked}`}>
                <Group gap={4} wrap="nowrap" component="span">
                  <IconDownload size={16} aria-hidden="true" />
                  Download zip{item.sizeBytes ? ` (${megabytes(item.sizeBytes)})` : ''}
                </Group>
              </Anchor>
              {item.expiresAt && (
                <Text size="xs" c="dimmed">
                  Link works until {when(item.expiresAt, timeZone)}
                </Text>
              )}
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              {TENANT_EXPORT_TEXTS.expired}
            </Text>
          ))}
      </Stack>
    </Card>
  );
}
