import type { WebsiteSettings } from '@atrium/contracts';
import { WebsiteSettingsWrite } from '@atrium/contracts';
import { Alert, Button, Card, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { useSaveWebsiteSettings, useWebsiteSettings } from './hooks';
import { contractErrors } from './website-settings-form';

const CHOICES = [
  {
    value: 'int_website',
    label: 'Use the website built here',
    description: 'Visitors see the pages of your Website builder.',
  },
  {
    value: 'ext_website',
    label: 'Use my own website',
    description: 'Your home page and logo link to your website; registration, store and login pages stay here.',
  },
  { value: 'no_website', label: 'No website', description: 'Visitors go straight to the login page.' },
] as const;

/** /settings/website/externalwebsite: where the tenant's website lives (spec 2 §2, §3 website state). */
export default function ExternalWebsitePage() {
  const settings = useWebsiteSettings();
  return (
    <section aria-label="External Website">
      <SettingsHeader title="External Website" backTo="/settings/website" />
      {settings.isLoading ? (
        <Busy label="Loading the website settings" />
      ) : settings.data ? (
        <ExternalWebsiteForm settings={settings.data} />
      ) : (
        <Text c="red">The website settings could not be loaded. Please reload the page.</Text>
      )}
    </section>
  );
}

function ExternalWebsiteForm({ settings }: { settings: WebsiteSettings }) {
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const save = useSaveWebsiteSettings();
  const form = useForm({
    initialValues: { webstate: settings.webstate as string, website: settings.website },
    validate: (values) => {
      const errors = contractErrors(WebsiteSettingsWrite, values);
      if (values.webstate === 'ext_website' && !values.website.trim()) {
        errors.website = 'Website address is required for an external website';
      }
      return errors;
    },
  });

  const submit = form.onSubmit(
    (values) =>
      save.mutate(values as { webstate: WebsiteSettings['webstate']; website: string }, {
        onSuccess: () => {
          showSuccessToast('Successfully updated settings.');
          form.resetDirty();
        },
        onError: (error) => showErrorToast(error.message),
      }),
    () => showErrorToast('Invalid Form!'),
  );

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={!isAdmin} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="md" maw={880}>
          {!isAdmin ? (
            <Alert color="gray" title="Read only">
              Only an administrator can change these settings.
            </Alert>
          ) : null}
          <Card withBorder>
            <Stack gap="md">
              <Radio.Group label="Your website" {...form.getInputProps('webstate')}>
                <Stack gap="sm" mt="xs">
                  {CHOICES.map((choice) => (
                    <Radio
                      key={choice.value}
                      value={choice.value}
                      label={choice.label}
                      description={choice.description}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              {form.values.webstate === 'ext_website' ? (
                <TextInput
                  label="Website address"
                  withAsterisk
                  placeholder="https://www.example.com"
                  {...form.getInputProps('website')}
                />
              ) : null}
            </Stack>
          </Card>
          {isAdmin ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/settings/website')}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Submit
              </Button>
            </Group>
          ) : null}
        </Stack>
      </fieldset>
    </form>
  );
}
