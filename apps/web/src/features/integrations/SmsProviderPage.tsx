import { SMS_PAGE_SIZE_DEFAULT, SMS_PAGE_WAIT_MINUTES_DEFAULT, type SmsTenant } from '@atrium/contracts';
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Busy } from '../../app/components/Busy';
import { FormActions } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { SettingsHeader } from '../settings/SettingsHeader';
import { AdminOnly } from './AdminOnly';
import { useSavePlivo, useSaveTwilio, useSmsTenant } from './hooks';
import {
  HUB_PATH,
  type PlivoFormValues,
  plivoFormValid,
  secretPlaceholder,
  senderKind,
  type TwilioFormValues,
  twilioBody,
  twilioFormValid,
  twilioSenderShown,
} from './integration-rules';

type Provider = 'twilio' | 'plivo';
const NAMES: Record<Provider, string> = { twilio: 'Twilio', plivo: 'Plivo' };

/** /settings/integrations/cloud (Twilio) and /settings/integrations/plivo: a main view and a settings view (spec 2 §2). */
export function SmsProviderPage({ provider }: { provider: Provider }) {
  return (
    <section aria-label={NAMES[provider]}>
      <SettingsHeader title={NAMES[provider]} backTo={HUB_PATH} />
      <AdminOnly>
        <SmsScreen provider={provider} />
      </AdminOnly>
    </section>
  );
}

export function TwilioPage() {
  return <SmsProviderPage provider="twilio" />;
}

export function PlivoPage() {
  return <SmsProviderPage provider="plivo" />;
}

function SmsScreen({ provider }: { provider: Provider }) {
  const sms = useSmsTenant();
  const [editing, setEditing] = useState(false);
  if (sms.isLoading) return <Busy label="Loading the SMS settings" />;
  if (!sms.data) return <Text c="red.9">The SMS settings could not be loaded. Please reload the page.</Text>;
  const tenant = sms.data.tenant;
  return (
    <Stack gap="md" maw={720}>
      <Group justify="flex-end">
        <Button variant="light" onClick={() => setEditing((v) => !v)} aria-pressed={editing}>
          {editing ? 'Close settings' : 'Settings'}
        </Button>
      </Group>
      {editing ? (
        provider === 'twilio' ? (
          <TwilioForm tenant={tenant} onDone={() => setEditing(false)} />
        ) : (
          <PlivoForm tenant={tenant} onDone={() => setEditing(false)} />
        )
      ) : (
        <MainView provider={provider} tenant={tenant} onSetUp={() => setEditing(true)} />
      )}
    </Stack>
  );
}

function MainView({
  provider,
  tenant,
  onSetUp,
}: {
  provider: Provider;
  tenant: SmsTenant['tenant'];
  onSetUp: () => void;
}) {
  const active = tenant.provider === provider;
  const rows: Array<[string, string]> =
    provider === 'twilio'
      ? [
          ['Account SID', tenant.twilioSid],
          ['Phone or messaging id', twilioSenderShown(tenant.twilioPhone, tenant.twilioMesagingId)],
        ]
      : [
          ['Auth ID', tenant.plivoAuthId],
          ['Sender ID', tenant.plivoSenderId],
        ];
  if (active) {
    rows.push(
      ['Admin phone', tenant.adminPhone],
      ['Footer', tenant.footer],
      ['Page size', String(tenant.pageSize)],
      ['Page wait time', `${tenant.pageWaitTime} minutes`],
    );
  }
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>{NAMES[provider]}</Text>
          {active ? (
            <Badge color="green">Integrated</Badge>
          ) : (
            <Badge color="gray">
              {tenant.provider ? `${NAMES[tenant.provider]} is the SMS provider` : 'Not set up'}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Send text messages to your contacts through your own {NAMES[provider]} account. One SMS provider is active at
          a time.
        </Text>
        <dl style={{ margin: 0 }}>
          {rows.map(([label, value]) => (
            <Group key={label} gap="xs" wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed" w={170}>
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-all' }}>
                {value || '—'}
              </Text>
            </Group>
          ))}
        </dl>
        {active && tenant.verifyMessage ? (
          <Text size="sm" c={tenant.isVerified ? 'teal' : 'orange'} role="status">
            {tenant.verifyMessage}
          </Text>
        ) : null}
        {!active ? (
          <Group>
            <Button onClick={onSetUp}>Set up {NAMES[provider]}</Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function PagingFields({ form }: { form: { getInputProps: (path: string) => object } }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberInput label="Page size" min={1} max={1000} allowDecimal={false} {...form.getInputProps('pageSize')} />
      <NumberInput
        label="Page wait time (minutes)"
        min={1}
        max={60}
        allowDecimal={false}
        {...form.getInputProps('pageWaitTime')}
      />
    </SimpleGrid>
  );
}

function onSaveError(form: { setFieldError: (f: string, m: string) => void }, fields: object) {
  return (error: Error) => {
    if (isApiError(error) && error.field && error.field in fields) form.setFieldError(error.field, error.message);
    showErrorToast(error.message);
  };
}

function TwilioForm({ tenant, onDone }: { tenant: SmsTenant['tenant']; onDone: () => void }) {
  const save = useSaveTwilio();
  const shared = tenant.provider === 'twilio';
  const form = useForm<TwilioFormValues>({
    initialValues: {
      twilioSid: tenant.twilioSid,
      twilioToken: '',
      twilioPhone: twilioSenderShown(tenant.twilioPhone, tenant.twilioMesagingId),
      adminPhone: shared ? tenant.adminPhone : '',
      footer: shared ? tenant.footer : '',
      pageSize: shared ? tenant.pageSize : SMS_PAGE_SIZE_DEFAULT,
      pageWaitTime: shared ? tenant.pageWaitTime : SMS_PAGE_WAIT_MINUTES_DEFAULT,
    },
  });
  const valid = twilioFormValid(form.values, tenant.hasTwilioToken);
  const kind = senderKind(form.values.twilioPhone);
  const submit = form.onSubmit((values) =>
    save.mutate(twilioBody(values), {
      onSuccess: () => {
        showSuccessToast('Twilio updated successfully');
        onDone();
      },
      onError: onSaveError(form, { ...values, twilioMesagingId: '' }),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Twilio settings">
      <Card withBorder>
        <Stack gap="sm">
          <TextInput label="Account SID" withAsterisk autoComplete="off" {...form.getInputProps('twilioSid')} />
          <PasswordInput
            label="Auth Token"
            withAsterisk={!tenant.hasTwilioToken}
            autoComplete="new-password"
            placeholder={secretPlaceholder(tenant.hasTwilioToken, tenant.twilioTokenHint)}
            {...form.getInputProps('twilioToken')}
          />
          <TextInput
            label="Phone number or messaging id"
            withAsterisk
            description={
              kind === 'messaging id'
                ? 'Not a phone number: it is sent as the messaging service / sender id.'
                : 'A phone number such as +1 555 010 0000, or a messaging service id.'
            }
            {...form.getInputProps('twilioPhone')}
          />
          <TextInput label="Admin phone" type="tel" {...form.getInputProps('adminPhone')} />
          <Textarea label="Footer" autosize minRows={2} maxLength={160} {...form.getInputProps('footer')} />
          <PagingFields form={form} />
          <FormActions onCancel={onDone} pending={save.isPending} submitDisabled={!valid} submitLabel="Submit" />
        </Stack>
      </Card>
    </form>
  );
}

function PlivoForm({ tenant, onDone }: { tenant: SmsTenant['tenant']; onDone: () => void }) {
  const save = useSavePlivo();
  const shared = tenant.provider === 'plivo';
  const form = useForm<PlivoFormValues>({
    initialValues: {
      plivoAuthId: tenant.plivoAuthId,
      plivoAuthToken: '',
      plivoSenderId: tenant.plivoSenderId,
      adminPhone: shared ? tenant.adminPhone : '',
      footer: shared ? tenant.footer : '',
      pageSize: shared ? tenant.pageSize : SMS_PAGE_SIZE_DEFAULT,
      pageWaitTime: shared ? tenant.pageWaitTime : SMS_PAGE_WAIT_MINUTES_DEFAULT,
    },
  });
  const valid = plivoFormValid(form.values, tenant.hasPlivoAuthToken);
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        showSuccessToast('Plivo updated Successfully');
        onDone();
      },
      onError: onSaveError(form, values),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Plivo settings">
      <Card withBorder>
        <Stack gap="sm">
          <TextInput label="Auth ID" withAsterisk autoComplete="off" {...form.getInputProps('plivoAuthId')} />
          <PasswordInput
            label="Auth Token"
            withAsterisk={!tenant.hasPlivoAuthToken}
            autoComplete="new-password"
            placeholder={secretPlaceholder(tenant.hasPlivoAuthToken, tenant.plivoAuthTokenHint)}
            {...form.getInputProps('plivoAuthToken')}
          />
          <TextInput label="Sender ID" withAsterisk {...form.getInputProps('plivoSenderId')} />
          <TextInput label="Admin phone" type="tel" {...form.getInputProps('adminPhone')} />
          <Textarea label="Footer" autosize minRows={2} maxLength={160} {...form.getInputProps('footer')} />
          <PagingFields form={form} />
          <FormActions cancelTo="/integrations" pending={save.isPending} submitDisabled={!valid} submitLabel="Submit" />
        </Stack>
      </Card>
    </form>
  );
}
