import {
  DISCONNECT_CONFIRM,
  PAYMENT_PROVIDER_LABELS,
  type PaymentKeyRecord,
  type PaymentKeyWrite,
  TEST_MODE_MESSAGE,
} from '@atrium/contracts';
import { Anchor, Button, Card, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { FormActions } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { SettingsHeader } from '../settings/SettingsHeader';
import { AdminOnly } from './AdminOnly';
import { usePaymentKeys, useSavePaymentKeys, useSavePhonePe } from './hooks';
import {
  connectAction,
  HUB_PATH,
  PAYMENT_LIST,
  type PaymentFormValues,
  panelOf,
  paymentFormError,
  paymentFormValues,
  secretPlaceholder,
} from './integration-rules';
import { StripePanel } from './StripeConnectPages';

const TITLES = {
  list: 'Payment Providers',
  pspring: 'Payment Spring',
  stripe: 'Stripe',
  razorpay: 'Razorpay',
  phonepe: 'PhonePe',
} as const;

/** /settings/integrations/paymentprovider?provider=N (spec 2 §2 "Payment providers screen"). */
export default function PaymentProviderPage() {
  const [params] = useSearchParams();
  const panel = panelOf(params.get('provider'));
  return (
    <section aria-label={TITLES[panel]}>
      <SettingsHeader title={TITLES[panel]} backTo={HUB_PATH} />
      <AdminOnly>
        {panel === 'list' ? <ProviderList /> : panel === 'stripe' ? <StripePanel /> : <KeysPanel provider={panel} />}
      </AdminOnly>
    </section>
  );
}

function ProviderList() {
  return (
    <Stack gap="sm" maw={720} component="ul" style={{ listStyle: 'none', padding: 0 }}>
      {PAYMENT_LIST.map((item) => (
        <li key={item.label}>
          <Card withBorder>
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={600}>{item.label}</Text>
                <Text size="sm" c="dimmed">
                  {item.fees}
                </Text>
              </div>
              <Button component={Link} to={item.to} variant="light" aria-label={`Set up ${item.label}`}>
                Set up
              </Button>
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

function KeysPanel({ provider }: { provider: 'pspring' | 'razorpay' | 'phonepe' }) {
  const keys = usePaymentKeys();
  if (keys.isLoading) return <Busy label="Loading the payment keys" />;
  if (!keys.data) return <Text c="red.9">The payment keys could not be loaded. Please reload the page.</Text>;
  const record = keys.data.keys.find((k) => k.provider === provider);
  return provider === 'phonepe' ? <PhonePeForm record={record} /> : <KeysForm provider={provider} record={record} />;
}

const LABELS = {
  pspring: {
    apiKey: 'Public Key',
    secretKey: 'Private Key',
    testApiKey: 'Test Public Key',
    testSecretKey: 'Test Private Key',
  },
  razorpay: { apiKey: 'Key Id', secretKey: 'Key Secret', testApiKey: 'Test Key Id', testSecretKey: 'Test Key Secret' },
} as const;

function VerifiedNote({ record }: { record: PaymentKeyRecord | undefined }) {
  if (!record?.verifyMessage) return null;
  return (
    <Text size="sm" c={record.isVerified ? 'teal' : 'orange'} role="status">
      {record.verifyMessage}
    </Text>
  );
}

function ConnectButtons({
  record,
  busy,
  onConnect,
}: {
  record: PaymentKeyRecord | undefined;
  busy: boolean;
  onConnect: (integrated: boolean) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const action = connectAction(record);
  if (!action) return null;
  return (
    <>
      {action === 'disconnect' ? (
        <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={busy}>
          Disconnect
        </Button>
      ) : (
        <Button variant="light" onClick={() => onConnect(true)} loading={busy}>
          Reconnect
        </Button>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Disconnect"
        message={DISCONNECT_CONFIRM}
        confirmLabel="Disconnect"
        danger
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onConnect(false);
        }}
      />
    </>
  );
}

function KeysForm({ provider, record }: { provider: 'pspring' | 'razorpay'; record: PaymentKeyRecord | undefined }) {
  const navigate = useNavigate();
  const save = useSavePaymentKeys(provider);
  const labels = LABELS[provider];
  const name = PAYMENT_PROVIDER_LABELS[provider];
  const [ruleError, setRuleError] = useState<string | null>(null);
  const form = useForm<PaymentFormValues>({ initialValues: paymentFormValues(record) });

  const send = (values: PaymentFormValues, isProviderIntegrated: boolean) => {
    const error = paymentFormError(values, record);
    if (error) {
      if (error.message === TEST_MODE_MESSAGE) setRuleError(error.message);
      else form.setFieldError(error.field, error.message);
      return;
    }
    const body: PaymentKeyWrite = { ...values, isProviderIntegrated };
    save.mutate(body, {
      onSuccess: () => {
        showSuccessToast(isProviderIntegrated ? `${name} updated successfully` : `${name} disconnected`);
        navigate(HUB_PATH);
      },
      onError: (error) => {
        if (isApiError(error) && error.message === TEST_MODE_MESSAGE) setRuleError(error.message);
        else if (isApiError(error) && error.field && error.field in values)
          form.setFieldError(error.field, error.message);
        showErrorToast(error.message);
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit((values) => send(values, true))} noValidate>
      <Stack gap="md" maw={640}>
        <Card withBorder>
          <Stack gap="sm">
            <TextInput label={labels.apiKey} autoComplete="off" {...form.getInputProps('apiKey')} />
            <PasswordInput
              label={labels.secretKey}
              autoComplete="new-password"
              placeholder={secretPlaceholder(!!record?.hasSecretKey, record?.secretKeyHint ?? '')}
              {...form.getInputProps('secretKey')}
            />
            <TextInput label={labels.testApiKey} autoComplete="off" {...form.getInputProps('testApiKey')} />
            <PasswordInput
              label={labels.testSecretKey}
              autoComplete="new-password"
              placeholder={secretPlaceholder(!!record?.hasTestSecretKey, record?.testSecretKeyHint ?? '')}
              {...form.getInputProps('testSecretKey')}
            />
            <Checkbox
              label="Test mode"
              {...form.getInputProps('isTestMode', { type: 'checkbox' })}
              onChange={(event) => {
                form.setFieldValue('isTestMode', event.currentTarget.checked);
                setRuleError(null);
              }}
            />
            {ruleError ? (
              <Text c="red.9" size="sm" role="alert">
                {ruleError}
              </Text>
            ) : null}
            <VerifiedNote record={record} />
          </Stack>
        </Card>
        <Group justify="space-between" wrap="wrap">
          <ConnectButtons
            record={record}
            busy={save.isPending}
            onConnect={(integrated) => send(form.getValues(), integrated)}
          />
          <FormActions cancelTo={HUB_PATH} pending={save.isPending} ml="auto" justify="flex-start" />
        </Group>
      </Stack>
    </form>
  );
}

interface PhonePeValues {
  merchantId: string;
  saltKey: string;
  saltIndex: string;
}

function PhonePeForm({ record }: { record: PaymentKeyRecord | undefined }) {
  const navigate = useNavigate();
  const save = useSavePhonePe();
  const hasSalt = !!record?.hasSecretKey;
  const form = useForm<PhonePeValues>({
    initialValues: { merchantId: record?.apiKey ?? '', saltKey: '', saltIndex: record?.saltIndex ?? '' },
    validate: {
      merchantId: (v) => (v.trim() ? null : 'Merchant Id is required'),
      saltKey: (v) => (v.trim() || hasSalt ? null : 'Salt Key is required'),
      saltIndex: (v) =>
        !v.trim() ? 'Salt Index is required' : /^\d{1,4}$/.test(v.trim()) ? null : 'Salt Index must be a number',
    },
  });
  const send = (values: PhonePeValues, isProviderIntegrated: boolean) =>
    save.mutate(
      { ...values, isProviderIntegrated },
      {
        onSuccess: () => {
          showSuccessToast(isProviderIntegrated ? 'PhonePe updated successfully' : 'PhonePe disconnected');
          navigate(HUB_PATH);
        },
        onError: (error) => {
          if (isApiError(error) && error.field && error.field in values) form.setFieldError(error.field, error.message);
          showErrorToast(error.message);
        },
      },
    );
  const connect = (integrated: boolean) => {
    if (!form.validate().hasErrors) send(form.getValues(), integrated);
  };

  return (
    <form onSubmit={form.onSubmit((values) => send(values, true))} noValidate>
      <Stack gap="md" maw={640}>
        <Card withBorder>
          <Stack gap="sm">
            <TextInput label="Merchant Id" withAsterisk autoComplete="off" {...form.getInputProps('merchantId')} />
            <PasswordInput
              label="Salt Key"
              withAsterisk
              autoComplete="new-password"
              placeholder={secretPlaceholder(hasSalt, record?.secretKeyHint ?? '')}
              {...form.getInputProps('saltKey')}
            />
            <TextInput label="Salt Index" withAsterisk inputMode="numeric" {...form.getInputProps('saltIndex')} />
            <Text size="sm" c="dimmed">
              PhonePe offers no way to check the keys without a payment: they are saved as entered.{' '}
              <Anchor href="https://developer.phonepe.com" target="_blank" rel="noreferrer">
                PhonePe developer docs
              </Anchor>
            </Text>
          </Stack>
        </Card>
        <Group justify="space-between" wrap="wrap">
          <ConnectButtons record={record} busy={save.isPending} onConnect={connect} />
          <FormActions cancelTo={HUB_PATH} pending={save.isPending} ml="auto" justify="flex-start" />
        </Group>
      </Stack>
    </form>
  );
}
