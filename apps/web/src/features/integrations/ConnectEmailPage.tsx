import { type ConnectedEmailAccount, type EmailProvider, REVOKE_CONFIRM, REVOKE_FAILED } from '@atrium/contracts';
import { ActionIcon, Alert, Button, Checkbox, Group, Stack, Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows, IconMail, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { SettingsHeader } from '../settings/SettingsHeader';
import { AdminOnly } from './AdminOnly';
import { ConnectEmailDialog } from './ConnectEmailDialog';
import { connectResult, PROVIDER_APP } from './connect-rules';
import { useMailboxes, useRevokeMailbox } from './hooks';
import { HUB_PATH } from './integration-rules';

/** /settings/integrations/emails: connected personal mailboxes (spec 2 §2 "Connect Email"). */
export default function ConnectEmailPage() {
  return (
    <section aria-label="Connect Email">
      <SettingsHeader title="Connect Email" backTo={HUB_PATH} />
      <AdminOnly>
        <Mailboxes />
      </AdminOnly>
    </section>
  );
}

export function ProviderLogo({ provider }: { provider: EmailProvider }) {
  const Icon = provider === 'googlemail' ? IconBrandGoogle : provider === 'outlookmail' ? IconBrandWindows : IconMail;
  return (
    <ThemeIcon variant="light" size="sm" aria-label={PROVIDER_APP[provider]} role="img">
      <Icon size={14} />
    </ThemeIcon>
  );
}

function Mailboxes() {
  const [params, setParams] = useSearchParams();
  const result = connectResult(params);
  const accounts = useMailboxes();
  const revoke = useRevokeMailbox();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [revoking, setRevoking] = useState<ConnectedEmailAccount | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking._id, {
      onSuccess: (answer) => {
        setRevoking(null);
        showSuccessToast(answer.message);
      },
      onError: () => {
        setRevoking(null);
        showErrorToast(REVOKE_FAILED);
      },
    });
  };

  return (
    <Stack gap="md" maw={960}>
      {result ? (
        <Alert
          color={result.ok ? 'teal' : 'red'}
          withCloseButton
          onClose={() => setParams({}, { replace: true })}
          title={result.ok ? 'Email account connected' : 'The email account was not connected'}
        >
          {result.message || (result.ok ? 'You can now send email from this account.' : '')}
        </Alert>
      ) : null}
      {accounts.isLoading ? null : (
        <Group justify="flex-end">
          <Button onClick={() => setDialogOpen(true)}>Connect Personal Email</Button>
        </Group>
      )}
      {accounts.isLoading ? (
        <Busy label="Loading the connected email accounts" />
      ) : (
        <Table striped withTableBorder aria-label="Connected email accounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>User name</Table.Th>
              <Table.Th>Shared account</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(accounts.data?.data ?? []).length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text ta="center" c="dimmed">
                    No data found!
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              accounts.data?.data.map((account) => (
                <Table.Tr key={account._id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <ProviderLogo provider={account.productName} />
                      <div>
                        <Text size="sm">{account.email}</Text>
                        {account.productName === 'zohomail' ? (
                          <Text size="xs" c="orange">
                            Bulk email cannot be sent from Zoho Mail.
                          </Text>
                        ) : null}
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>{account.userName}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      checked={account.isShareAccount}
                      readOnly
                      aria-label={`Shared account: ${account.isShareAccount ? 'yes' : 'no'}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="Revoke access">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Revoke ${account.email}`}
                        onClick={() => setRevoking(account)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke access"
        message={REVOKE_CONFIRM}
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={confirmRevoke}
      />
      <ConnectEmailDialog opened={dialogOpen} onClose={() => setDialogOpen(false)} />
    </Stack>
  );
}
