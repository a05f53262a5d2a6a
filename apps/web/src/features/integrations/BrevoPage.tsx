import type { CampaignTenant } from '@atrium/contracts';
import { Card, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { FormActions } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { SettingsHeader } from '../settings/SettingsHeader';
import { AdminOnly } from './AdminOnly';
import { useCampaignTenant, useSaveBrevo } from './hooks';
import { type BrevoFormValues, brevoErrors, HUB_PATH, secretPlaceholder } from './integration-rules';

/** /settings/integrations/brevo: the Brevo form (spec 2 §2 "Brevo", §5). */
export default function BrevoPage() {
  const campaign = useCampaignTenant();
  return (
    <section aria-label="Brevo">
      <SettingsHeader title="Brevo" backTo={HUB_PATH} />
      <AdminOnly>
        {campaign.isLoading ? (
          <Busy label="Loading the Brevo settings" />
        ) : campaign.data ? (
          <BrevoForm tenant={campaign.data.tenant} />
        ) : (
          <Text c="red.9">The Brevo settings could not be loaded. Please reload the page.</Text>
        )}
      </AdminOnly>
    </section>
  );
}

function BrevoForm({ tenant }: { tenant: CampaignTenant['tenant'] }) {
  const navigate = useNavigate();
  const save = useSaveBrevo();
  const hasKey = tenant.hasSibApiKey;
  const form = useForm<BrevoFormValues>({
    mode: 'controlled',
    initialValues: { sibApiKey: '', fromName: tenant.fromName, fromEmail: tenant.fromEmail },
    validate: (values) => brevoErrors(values, hasKey),
    validateInputOnBlur: true,
  });
  const invalid = Object.keys(brevoErrors(form.values, hasKey)).length > 0;
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        showSuccessToast('Brevo updated successfully');
        navigate(HUB_PATH);
      },
      onError: (error) => {
        if (isApiError(error) && error.field && error.field in values) form.setFieldError(error.field, error.message);
        showErrorToast(error.message);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Brevo settings">
      <Stack gap="md" maw={640}>
        <Text size="sm">
          Connecting Brevo enables sending and receiving email notifications and campaigns through your Brevo account.
          Use the email address registered with Brevo as the From Email.
        </Text>
        <Card withBorder>
          <Stack gap="sm">
            <PasswordInput
              label="API key"
              withAsterisk
              autoComplete="new-password"
              placeholder={secretPlaceholder(hasKey, tenant.sibApiKeyHint)}
              {...form.getInputProps('sibApiKey')}
            />
            <TextInput label="From Name" withAsterisk {...form.getInputProps('fromName')} />
            <TextInput label="From Email" withAsterisk type="email" {...form.getInputProps('fromEmail')} />
            {tenant.provider === 'brevo' && tenant.verifyMessage ? (
              <Text size="sm" c={tenant.isVerified ? 'teal' : 'orange'} role="status">
                {tenant.verifyMessage}
              </Text>
            ) : null}
          </Stack>
        </Card>
        <FormActions cancelTo={HUB_PATH} pending={save.isPending} submitDisabled={invalid} submitLabel="Submit" />
      </Stack>
    </form>
  );
}
