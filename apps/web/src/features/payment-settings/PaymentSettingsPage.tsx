import { CURRENCIES, INVOICE_NOTE_MAX, type PaymentSettings } from '@atrium/contracts';
import {
  Card,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { CharacterCount } from '../settings/CharacterCount';
import { SettingsForm, SettingsScreen, saveErrorHandler } from '../settings/SettingsScreen';
import { usePaymentSettings, useSavePaymentSettings } from './api';
import {
  type PaymentFormValues,
  paymentFormErrors,
  toPaymentFormValues,
  toPaymentWriteBody,
  withAlwaysSupported,
} from './payment-form';

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency.code,
  label: `${currency.code} (${currency.symbol}) ${currency.text}`,
}));

/** /settings/paccount: Payment Settings (spec 2 §2, §3, §5). */
export default function PaymentSettingsPage() {
  return (
    <SettingsScreen title="Payment Settings" what="the payment settings" query={usePaymentSettings()}>
      {(settings) => <PaymentForm settings={settings} />}
    </SettingsScreen>
  );
}

function PaymentForm({ settings }: { settings: PaymentSettings }) {
  const save = useSavePaymentSettings();
  const form = useForm<PaymentFormValues>({
    initialValues: toPaymentFormValues(settings),
    validate: paymentFormErrors,
  });
  const supported = CURRENCY_OPTIONS.filter((option) => form.values.currencies.includes(option.value));

  const submit = form.onSubmit(
    (values) =>
      save.mutate(toPaymentWriteBody(values), {
        onSuccess: (saved) => {
          showSuccessToast('Tenant updated.');
          form.setValues(toPaymentFormValues(saved));
          form.resetDirty();
        },
        onError: saveErrorHandler(form),
      }),
    () => showErrorToast('Invalid Form!'),
  );

  const changeCurrencies = (codes: string[]) => {
    const next = withAlwaysSupported(codes);
    form.setFieldValue('currencies', next);
    if (!next.includes(form.values.defaultCurrency)) form.setFieldValue('defaultCurrency', 'USD');
  };

  return (
    <SettingsForm onSubmit={submit} saving={save.isPending} cancelTo="/settings">
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Organization Name" value={settings.name} readOnly />
          <TextInput label="Studio ID" value={settings.orgId} readOnly />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Currencies
        </Title>
        <Stack gap="sm">
          <MultiSelect
            label="Supported currencies"
            description="USD and INR are always available"
            data={CURRENCY_OPTIONS}
            value={form.values.currencies}
            onChange={changeCurrencies}
            error={form.errors.currencies}
            searchable
          />
          <Select
            label="Default currency"
            withAsterisk
            allowDeselect={false}
            data={supported}
            {...form.getInputProps('defaultCurrency')}
          />
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Taxes and fees
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="Tax (%)"
            withAsterisk
            min={0}
            max={100}
            decimalScale={2}
            {...form.getInputProps('taxPercent')}
          />
          <NumberInput
            label="Credit Card Fees (%)"
            withAsterisk
            min={0}
            max={100}
            decimalScale={2}
            {...form.getInputProps('cardFees')}
          />
          <NumberInput label="Bank Fees (%)" min={0} max={100} decimalScale={2} {...form.getInputProps('bankFees')} />
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="md" mb={4}>
          An additional tax (for example a cess), shown on invoices with its own label
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Label" maxLength={40} {...form.getInputProps('taxLabel1')} />
          <NumberInput label="Value (%)" min={0} max={100} decimalScale={2} {...form.getInputProps('taxValue1')} />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Invoice settings
        </Title>
        <Textarea
          label="Invoice note"
          description="Printed at the bottom of every invoice"
          autosize
          minRows={2}
          maxLength={INVOICE_NOTE_MAX}
          {...form.getInputProps('invoiceNote')}
          onKeyDown={(event) => {
            // One line only (spec 2 §5: Enter blocked).
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <CharacterCount value={form.values.invoiceNote} max={INVOICE_NOTE_MAX} />
      </Card>
    </SettingsForm>
  );
}
