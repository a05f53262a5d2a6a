import {
  COUNTRY_LABELS,
  DATE_FORMATS,
  dialCodeForTimezone,
  SALES_EMAIL_LIST_MAX,
  SETTINGS_COUNTRIES,
  timeZoneChoices,
  timezonesForCountry,
} from '@atrium/contracts';
import {
  ActionIcon,
  CopyButton,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FieldsCard } from '../../app/components/FieldsCard';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ApiKeyPanel } from '../website-settings/ApiKeyPanel';
import { LogoBanner } from '../website-settings/LogoBanner';
import { type AccountFormValues, accountValidation, formField, toFormValues, toWriteBody } from './account-form';
import { CustomDomainSection } from './CustomDomainSection';
import { ExportDataSection } from './ExportDataSection';
import { useAccountSettings, useAdminList, useSaveAccount } from './hooks';
import { useIsAdmin } from './SettingsHeader';
import { SettingsForm, SettingsScreen } from './SettingsScreen';
import { onCountryChange } from './settings-rules';

/** /settings/account: Account Settings (spec 2 §2, §5). */
export default function AccountSettingsPage() {
  return (
    <SettingsScreen title="Account Settings" what="the account" query={useAccountSettings()}>
      {(account) => (
        <>
          <AccountForm
            key={account.orgId}
            apiKeyHint={account.apiKeyHint}
            logoUrl={account.logoUrl}
            initial={toFormValues(account)}
            orgId={account.orgId}
          />
          <CustomDomainSection timeZone={account.timezone} />
          <ExportDataSection timeZone={account.timezone} />
        </>
      )}
    </SettingsScreen>
  );
}

function AccountForm({
  initial,
  orgId,
  apiKeyHint,
  logoUrl,
}: {
  initial: AccountFormValues;
  apiKeyHint: string | null;
  logoUrl: string | null;
  orgId: string;
}) {
  const isAdmin = useIsAdmin();
  const admins = useAdminList();
  const save = useSaveAccount();
  const form = useForm<AccountFormValues>({ initialValues: initial, validate: accountValidation });
  const [dialCode, setDialCode] = useState(dialCodeForTimezone(initial.timezone));

  useEffect(() => setDialCode(dialCodeForTimezone(form.values.timezone)), [form.values.timezone]);

  const ownerOptions = (admins.data ?? []).map((row) => ({ value: row.guId, label: `${row.fullName} (${row.email})` }));
  if (initial.accountOwner && !ownerOptions.some((option) => option.value === initial.accountOwner)) {
    ownerOptions.push({ value: initial.accountOwner, label: 'Current owner' });
  }

  const submit = form.onSubmit(
    (values) => {
      save.mutate(toWriteBody(values), {
        onSuccess: () => {
          showSuccessToast('Successfully updated Settings.');
          form.resetDirty();
        },
        onError: (error) => {
          const field = isApiError(error) && error.field ? formField(error.field) : null;
          if (field && isApiError(error)) form.setFieldError(field, error.message);
          showErrorToast(error.message);
        },
      });
    },
    () => showErrorToast('Invalid Form!'),
  );

  const changeCountry = (country: string | null) => {
    if (!country) return;
    const next = onCountryChange(country);
    form.setValues({ country, timezone: next.timezone });
    setDialCode(next.dialCode);
  };

  return (
    <SettingsForm onSubmit={submit} saving={save.isPending} cancelTo="/settings">
      <FieldsCard>
        <Group gap="xs" align="flex-end">
          <TextInput
            label="Studio ID"
            description="Your studio's short name, as in its web address; support may ask for it."
            value={orgId}
            readOnly
            style={{ flex: 1 }}
          />
          <CopyButton value={orgId} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy studio ID'}>
                <ActionIcon variant="light" size="lg" onClick={copy} aria-label="Copy studio ID" mb={2}>
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <TextInput label="Organization Name" withAsterisk {...form.getInputProps('name')} />
        <Select
          label="Account Owner"
          withAsterisk
          data={ownerOptions}
          searchable
          nothingFoundMessage="No admins found"
          {...form.getInputProps('accountOwner')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="From Email Name" withAsterisk {...form.getInputProps('fromEmailName')} />
          <TextInput label="From Email Address" type="email" withAsterisk {...form.getInputProps('fromEmail')} />
        </SimpleGrid>
        <TextInput
          label="Phone"
          withAsterisk
          leftSection={<Text size="sm">{dialCode}</Text>}
          leftSectionWidth={52}
          {...form.getInputProps('phone')}
        />
      </FieldsCard>
      <FieldsCard>
        <Text fw={600}>Address</Text>
        <TextInput label="Street" {...form.getInputProps('line1')} />
        <TextInput label="Street (line 2)" {...form.getInputProps('line2')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="City" {...form.getInputProps('city')} />
          <TextInput label="State" {...form.getInputProps('state')} />
          <TextInput label="Zip" {...form.getInputProps('zip')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Country"
            data={SETTINGS_COUNTRIES.map((value) => ({ value, label: COUNTRY_LABELS[value] }))}
            allowDeselect={false}
            {...form.getInputProps('country')}
            onChange={changeCountry}
          />
          <Select
            label="TimeZone"
            withAsterisk
            allowDeselect={false}
            searchable
            nothingFoundMessage="No time zone by that name"
            data={timeZoneChoices(timezonesForCountry(form.values.country), form.values.timezone)}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
      </FieldsCard>
      <FieldsCard>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Membership Expiry Period (months)"
            withAsterisk
            min={1}
            max={120}
            allowDecimal={false}
            {...form.getInputProps('itemExpiresAfter')}
          />
          <NumberInput
            label="Intro Membership Period (free days of a first membership)"
            min={0}
            max={365}
            allowDecimal={false}
            {...form.getInputProps('introMembershipPeriod')}
          />
          <Select
            label="Date Format"
            allowDeselect={false}
            data={[...DATE_FORMATS]}
            {...form.getInputProps('dateFormat')}
          />
        </SimpleGrid>
        <ApiKeyPanel hint={apiKeyHint} canRegenerate={isAdmin} />
        <LogoBanner current={logoUrl} canChange={isAdmin} />
        <TagsInput
          label="Sales email list"
          description={`A note of every sale goes to these addresses, and to staff who turned on Sales notifications (up to ${SALES_EMAIL_LIST_MAX}). Press Enter after each address.`}
          placeholder="sales@example.com"
          maxTags={SALES_EMAIL_LIST_MAX}
          splitChars={[',', ' ', ';']}
          clearable
          {...form.getInputProps('salesEmailList')}
        />
        <Title order={2} size="h4">
          Class bookings
        </Title>
        <Switch
          label="Send class reminders"
          description="Email booked students before each class."
          {...form.getInputProps('isSendReminder', { type: 'checkbox' })}
        />
        <Switch
          label="Send SMS reminders"
          description="Also text booked students before each class, and tell the next on a waitlist that a spot is held, through your SMS provider (Settings, Integrations)."
          {...form.getInputProps('isSendSmsReminder', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Reminder time (hours before the class)"
            min={1}
            max={168}
            allowDecimal={false}
            {...form.getInputProps('reminderTime')}
          />
          <NumberInput
            label="Late cancellation cutoff (hours before the class)"
            min={0}
            max={168}
            allowDecimal={false}
            {...form.getInputProps('cancelCutoffHours')}
          />
          <NumberInput
            label="Waitlist hold (minutes to confirm a freed spot)"
            min={5}
            max={2880}
            allowDecimal={false}
            {...form.getInputProps('waitlistHoldMinutes')}
          />
          <NumberInput
            label="Drop-in payment hold (minutes)"
            min={5}
            max={120}
            allowDecimal={false}
            {...form.getInputProps('paymentHoldMinutes')}
          />
        </SimpleGrid>
        <Textarea
          label="About Organization"
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('aboutOrg')}
        />
      </FieldsCard>
    </SettingsForm>
  );
}
