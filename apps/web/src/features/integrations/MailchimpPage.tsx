import {
  MAILCHIMP_RESET_CONFIRM,
  MAILCHIMP_RESYNC_CONFIRM,
  type MailchimpList,
  RESYNC_IN_PROGRESS,
  RESYNC_STARTED,
} from '@atrium/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { FormActions } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { SettingsHeader } from '../settings/SettingsHeader';
import { AdminOnly } from './AdminOnly';
import { connectApi } from './api';
import {
  isCreateMode,
  type MailchimpFormValues,
  mailchimpErrors,
  mailchimpSavedMessage,
  needsResetConfirm,
  resyncEnabled,
  statusLabel,
} from './connect-rules';
import { useCreateMailchimpList, useMailchimpList, useResync, useSaveMailchimp } from './hooks';
import { HUB_PATH, secretPlaceholder } from './integration-rules';

const STATUS_COLOR = { not_started: 'gray', in_progress: 'blue', complete: 'teal', failed: 'red' } as const;

/** /settings/integrations/mailchimp (spec 2 §2 "Mailchimp", §4, §5). */
export default function MailchimpPage() {
  const list = useMailchimpList();
  return (
    <section aria-label="Mailchimp">
      <SettingsHeader title="Mailchimp" backTo={HUB_PATH} />
      <AdminOnly>
        {list.isLoading ? (
          <Busy label="Loading the Mailchimp settings" />
        ) : list.data ? (
          <MailchimpForm list={list.data.data} />
        ) : (
          <Text c="red.9">The Mailchimp settings could not be loaded. Please reload the page.</Text>
        )}
      </AdminOnly>
    </section>
  );
}

type Confirm = 'reset' | 'resync' | null;

function MailchimpForm({ list }: { list: MailchimpList['data'] }) {
  const _navigate = useNavigate();
  const save = useSaveMailchimp();
  const create = useCreateMailchimpList();
  const resync = useResync();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const [inProgressAlert, setInProgressAlert] = useState(false);
  const hadList = !!list.listId;
  const createMode = isCreateMode(list.listId);
  const form = useForm<MailchimpFormValues>({
    mode: 'controlled',
    initialValues: {
      mcAudienceName: list.name,
      mcAudienceId: list.listId,
      mcApiKey: '',
      fromName: list.fromName,
      fromEmail: list.fromEmail,
    },
    validate: (values) => mailchimpErrors(values, list.hasApiKey),
    validateInputOnBlur: true,
  });
  const invalid = Object.keys(mailchimpErrors(form.values, list.hasApiKey)).length > 0;

  const onError = (error: Error) => {
    if (isApiError(error) && error.field && error.field in form.values) form.setFieldError(error.field, error.message);
    if (isApiError(error) && error.status === 409) setInProgressAlert(true);
    showErrorToast(error.message);
  };

  const doSave = () =>
    save.mutate(form.values, {
      onSuccess: () => {
        setConfirm(null);
        showSuccessToast(mailchimpSavedMessage(hadList));
        form.setFieldValue('mcApiKey', '');
      },
      onError: (error) => {
        setConfirm(null);
        onError(error);
      },
    });

  const submit = form.onSubmit((values) => {
    if (
      needsResetConfirm(list.status, { listId: list.listId }, { listId: values.mcAudienceId, apiKey: values.mcApiKey })
    ) {
      setConfirm('reset');
      return;
    }
    doSave();
  });

  const createList = () =>
    create.mutate(
      {
        mcAudienceName: form.values.mcAudienceName,
        mcApiKey: form.values.mcApiKey,
        fromName: form.values.fromName,
        fromEmail: form.values.fromEmail,
      },
      {
        onSuccess: (answer) => {
          showSuccessToast(mailchimpSavedMessage(false));
          form.setValues({
            mcAudienceName: answer.tenant.mcAudienceName,
            mcAudienceId: answer.tenant.mcAudienceId,
            mcApiKey: '',
          });
        },
        onError,
      },
    );

  const startResync = () => {
    if (list.status === 'in_progress') {
      setInProgressAlert(true);
      return;
    }
    resync.mutate(undefined, {
      onSuccess: () => {
        setConfirm(null);
        showSuccessToast(RESYNC_STARTED);
      },
      onError: (error) => {
        setConfirm(null);
        onError(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Mailchimp settings">
      <Stack gap="md" maw={720}>
        <Group gap="sm">
          <Text size="sm">Sync status:</Text>
          <Badge color={list.status ? STATUS_COLOR[list.status] : 'gray'} variant="light" aria-label="Sync status">
            {statusLabel(list.status)}
          </Badge>
          {list.lastSync.finishedAt && list.status !== 'in_progress' ? (
            <Text size="sm" c="dimmed">
              {list.lastSync.pushed} contacts synced
            </Text>
          ) : null}
        </Group>
        {list.status === 'failed' && list.lastSync.error ? (
          <Alert color="red" title="The last sync failed">
            {list.lastSync.error}
          </Alert>
        ) : null}
        {inProgressAlert ? (
          <Alert color="orange" role="alert" withCloseButton onClose={() => setInProgressAlert(false)}>
            {RESYNC_IN_PROGRESS}
          </Alert>
        ) : null}
        <Card withBorder>
          <Stack gap="sm">
            <TextInput label="Audience Name" withAsterisk {...form.getInputProps('mcAudienceName')} />
            <TextInput
              label="Audience ID"
              withAsterisk
              description={
                createMode ? 'No audience yet: enter an existing one, or create a new audience below.' : undefined
              }
              {...form.getInputProps('mcAudienceId')}
            />
            <PasswordInput
              label="API Key"
              withAsterisk
              autoComplete="new-password"
              placeholder={secretPlaceholder(list.hasApiKey, list.apiKeyHint)}
              {...form.getInputProps('mcApiKey')}
            />
            <TextInput
              label="From Name"
              withAsterisk
              placeholder="The account's From Email Name"
              {...form.getInputProps('fromName')}
            />
            <TextInput
              label="From Email"
              withAsterisk
              type="email"
              placeholder="The account's From Email Address"
              {...form.getInputProps('fromEmail')}
            />
            {list.verifyMessage ? (
              <Text size="sm" c={list.isVerified ? 'teal' : 'orange'} role="status">
                {list.verifyMessage}
              </Text>
            ) : null}
          </Stack>
        </Card>
        {createMode ? (
          <Card withBorder>
            <Group justify="space-between">
              <div>
                <Title order={3} size="h5">
                  Create a new audience
                </Title>
                <Text size="sm" c="dimmed">
                  Mailchimp creates it with your account's address; a name is generated when none is given.
                </Text>
              </div>
              <Button
                variant="light"
                onClick={createList}
                loading={create.isPending}
                disabled={!form.values.mcApiKey.trim() && !list.hasApiKey}
              >
                Create list
              </Button>
            </Group>
          </Card>
        ) : null}
        <Group justify="space-between">
          <Group>
            <Button variant="default" onClick={() => setInfoOpen(true)} disabled={createMode}>
              List Info
            </Button>
            {list.status === 'not_started' || list.status === 'failed' ? (
              <Button variant="light" onClick={startResync} loading={resync.isPending}>
                Start sync
              </Button>
            ) : (
              <Button
                variant="light"
                onClick={() => setConfirm('resync')}
                disabled={!resyncEnabled(list.status)}
                loading={list.status === 'in_progress'}
              >
                Resync
              </Button>
            )}
          </Group>
          <FormActions
            cancelTo="/integrations"
            pending={save.isPending}
            submitDisabled={invalid}
            submitLabel="Submit"
            justify="flex-start"
          />
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm === 'reset'}
        title="Change the Mailchimp account"
        message={MAILCHIMP_RESET_CONFIRM}
        confirmLabel="Proceed"
        busy={save.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={doSave}
      />
      <ConfirmDialog
        opened={confirm === 'resync'}
        title="Resync"
        message={MAILCHIMP_RESYNC_CONFIRM}
        confirmLabel="Resync"
        busy={resync.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={startResync}
      />
      <ListInfoDialog opened={infoOpen} onClose={() => setInfoOpen(false)} list={list} />
    </form>
  );
}

function ListInfoDialog({
  opened,
  onClose,
  list,
}: {
  opened: boolean;
  onClose: () => void;
  list: MailchimpList['data'];
}) {
  const stats = useQuery({
    queryKey: ['settings', 'integrations', 'mailchimp-stats', list.listId],
    queryFn: connectApi.mailchimpStats,
    enabled: opened,
    staleTime: 0,
    retry: false,
  });
  const rows: Array<[string, string]> = [
    ['Name', list.name],
    ['List ID', list.listId],
    ['Status', statusLabel(list.status)],
    ['Synced contacts', String(stats.data?.syncCount ?? list.lastSync.pushed)],
  ];
  if (stats.data) {
    rows.push(
      ['Members', String(stats.data.memberCount)],
      ['Unsubscribed', String(stats.data.unsubscribeCount)],
      ['Campaigns', String(stats.data.campaignCount)],
      ['Open rate', `${stats.data.openRate}%`],
      ['Click rate', `${stats.data.clickRate}%`],
    );
  }
  return (
    <Modal opened={opened} onClose={onClose} title="List Info" centered>
      {stats.isLoading ? <Busy label="Loading the list stats" /> : null}
      {stats.isError ? (
        <Text c="red.9" size="sm" mb="sm">
          {stats.error.message}
        </Text>
      ) : null}
      <SimpleGrid cols={2} spacing="xs" component="dl">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <Text component="dt" fw={600} size="sm">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value || '-'}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
