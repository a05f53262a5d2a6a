import type { CustomDomain, CustomDomainState, DnsRecord } from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconWorldWww } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiRequest } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { showSuccessToast } from '../../lib/notify';
import { useIsAdmin } from './SettingsHeader';

const domainKey = ['settings', 'custom-domain'] as const;
const PATH = '/rest/settings/custom-domain';

const STATUS: Record<CustomDomain['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  verified: { label: 'Verified', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * Account Settings > Custom Domain (issue 28): an admin enters the studio's own domain, makes the DNS
 * records shown (copyable), and the domain opens the studio once its TXT proof is found (Check now,
 * or the check every 10 minutes). Staff see it read-only.
 */
export function CustomDomainSection({ timeZone }: { timeZone: string }) {
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: domainKey, queryFn: () => apiRequest<CustomDomainState>(PATH) });
  const done = (next: CustomDomainState) => {
    queryClient.setQueryData(domainKey, next);
  };
  const current = state.data?.customDomain ?? null;

  return (
    <Card withBorder padding="lg" mt="xl" component="section" aria-labelledby="custom-domain-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconWorldWww size={22} aria-hidden="true" />
          <Title order={2} size="h4" id="custom-domain-title">
            Custom Domain
          </Title>
        </Group>
        <Text size="sm">
          Open your studio on a domain of your own, such as www.yourstudio.com. Add it here, make the DNS records shown
          at the company that hosts your domain's DNS, and it starts working once the records are found. Emailed links
          then use it too.
        </Text>
        {state.isLoading ? (
          <Text size="sm" c="dimmed">
            Loading the custom domain…
          </Text>
        ) : current ? (
          <DomainDetails domain={current} timeZone={timeZone} canChange={isAdmin} onChange={done} />
        ) : isAdmin ? (
          <AddDomainForm onAdded={done} />
        ) : (
          <Text size="sm" c="dimmed">
            No custom domain. Only an administrator can change these settings.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function AddDomainForm({ onAdded }: { onAdded: (state: CustomDomainState) => void }) {
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (value: string) =>
      apiRequest<CustomDomainState>(PATH, { method: 'POST', body: { domain: value }, silent: true }),
    onSuccess: (next) => {
      setError(null);
      showSuccessToast('Domain added. Make the DNS records below, then Check now.');
      onAdded(next);
    },
    onError: (failure) => setError(isApiError(failure) || failure instanceof Error ? failure.message : String(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!domain.trim()) return setError('Custom Domain is required!');
    add.mutate(domain.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label="Your domain"
          placeholder="www.yourstudio.com"
          description="The full address visitors will type, without https://"
          value={domain}
          onChange={(event) => setDomain(event.currentTarget.value)}
          error={error}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          required
        />
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add domain
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DomainDetails({
  domain,
  timeZone,
  canChange,
  onChange,
}: {
  domain: CustomDomain;
  timeZone: string;
  canChange: boolean;
  onChange: (state: CustomDomainState) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const check = useMutation({
    mutationFn: () => apiRequest<CustomDomainState>(`${PATH}/check`, { method: 'POST' }),
    onSuccess: onChange,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<CustomDomainState>(PATH, { method: 'DELETE' }),
    onSuccess: (next) => {
      showSuccessToast(`${domain.domain} removed.`);
      onChange(next);
    },
  });
  const status = STATUS[domain.status];
  const routing = domain.records.filter((r) => r.purpose === 'routing');
  const proof = domain.records.filter((r) => r.purpose === 'proof');

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {domain.domain}
        </Text>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Group>
      <div role="status" aria-live="polite">
        {domain.status === 'verified' ? (
          <Text size="sm">
            Your studio opens at{' '}
            <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
              https://{domain.domain}
            </Text>
            .{domain.reason ? ` The last check did not find the proof: ${domain.reason}` : ''}
          </Text>
        ) : (
          <Alert color={domain.status === 'failed' ? 'red' : 'yellow'} variant="light" p="xs">
            <Text size="sm">
              {domain.reason ??
                'Not checked yet. Make the records below, then choose Check now (records can take a while to appear).'}
            </Text>
          </Alert>
        )}
        {domain.routingOk === false && (
          <Text size="sm" c="dimmed" mt={4}>
            The {routing[0]?.type ?? 'CNAME'} record does not point here yet: visitors reach the studio once it does.
          </Text>
        )}
      </div>
      <Text size="xs" c="dimmed">
        {domain.checkedAt ? `Last checked ${when(domain.checkedAt, timeZone)}. ` : ''}
        {domain.status === 'failed' ? '' : 'Checked again every 10 minutes.'}
      </Text>
      <Title order={3} size="h5">
        DNS records to make
      </Title>
      <Stack
        gap="xs"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="DNS records to make"
      >
        {[...routing, ...proof].map((record) => (
          <RecordRow key={`${record.type}-${record.name}-${record.value}`} record={record} />
        ))}
      </Stack>
      {canChange &&
        (confirming ? (
          <Alert color="red" variant="light" p="sm" title={`Remove ${domain.domain}?`}>
            <Stack gap="xs">
              <Text size="sm">
                It stops opening your studio at once; emailed links go back to the studio's own address.
              </Text>
              <Group gap="xs">
                <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
                  Remove domain
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)}>
                  Keep it
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group gap="xs">
            <Button onClick={() => check.mutate()} loading={check.isPending}>
              Check now
            </Button>
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              Remove
            </Button>
          </Group>
        ))}
    </Stack>
  );
}

function RecordRow({ record }: { record: DnsRecord }) {
  const what = record.purpose === 'proof' ? 'proves the domain is yours' : 'sends visitors to the studio';
  return (
    <Card component="li" withBorder padding="sm" radius="sm">
      <Stack gap={4}>
        <Group gap="xs">
          <Badge variant="outline">{record.type}</Badge>
          <Text size="xs" c="dimmed">
            {what}
          </Text>
        </Group>
        <CopyField label="Name" value={record.name} type={record.type} />
        <CopyField label="Value" value={record.value} type={record.type} />
      </Stack>
    </Card>
  );
}

function CopyField({ label, value, type }: { label: string; value: string; type: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" w={48} c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'}>
            <ActionIcon variant="subtle" onClick={copy} aria-label={`Copy the ${type} record's ${label.toLowerCase()}`}>
              {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
