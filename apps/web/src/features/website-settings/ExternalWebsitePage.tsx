import type { WebsiteSettings } from '@atrium/contracts';
import { WebsiteSettingsWrite } from '@atrium/contracts';
import { Card, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SettingsForm, SettingsScreen, settingsSubmit } from '../settings/SettingsScreen';
import { useSaveWebsiteSettings, useWebsiteSettings } from './hooks';
import { contractErrors } from './website-settings-form';

const CANCEL_TO = '/settings/website';

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
  return (
    <SettingsScreen
      title="External Website"
      what="the website settings"
      query={useWebsiteSettings()}
      backTo={CANCEL_TO}
    >
      {(settings) => <ExternalWebsiteForm settings={settings} />}
    </SettingsScreen>
  );
}

function ExternalWebsiteForm({ settings }: { settings: WebsiteSettings }) {
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

  const submit = settingsSubmit(
    form,
    save,
    (values) => values as { webstate: WebsiteSettings['webstate']; website: string },
  );

  return (
    <SettingsForm onSubmit={submit} saving={save.isPending} cancelTo={CANCEL_TO}>
      <Card withBorder>
        <Stack gap="md">
          <Radio.Group label="Your website" {...form.getInputProps('webstate')}>
            <Stack gap="sm" mt="xs">
              {CHOICES.map((choice) => (
                <Radio key={choice.value} value={choice.value} label={choice.label} description={choice.description} />
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
    </SettingsForm>
  );
}
