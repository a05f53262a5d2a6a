import { SEO_MAX, SeoSettingsWriteShape, type WebsiteSettings } from '@atrium/contracts';
import { Alert, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { ApiKeyPanel } from './ApiKeyPanel';
import { useSaveWebsiteSettings, useWebsiteSettings } from './hooks';
import { contractErrors } from './website-settings-form';

/** /settings/website/seosetting: keywords and description (at most 255 each) and the API key (spec 2 §2, §5). */
export default function SeoSettingsPage() {
  const settings = useWebsiteSettings();
  return (
    <section aria-label="SEO settings">
      <SettingsHeader title="SEO settings" backTo="/settings/website" />
      {settings.isLoading ? (
        <Busy label="Loading the SEO settings" />
      ) : settings.data ? (
        <SeoForm settings={settings.data} />
      ) : (
        <Text c="red">The SEO settings could not be loaded. Please reload the page.</Text>
      )}
    </section>
  );
}

function SeoForm({ settings }: { settings: WebsiteSettings }) {
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const save = useSaveWebsiteSettings();
  const form = useForm({
    initialValues: { seoKeywords: settings.seoKeywords, seoDescription: settings.seoDescription },
    validate: (values) => contractErrors(SeoSettingsWriteShape, values),
  });
  const counter = (value: string) => `${value.length} / ${SEO_MAX}`;

  const submit = form.onSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => {
          showSuccessToast('Successfully updated settings.');
          form.resetDirty();
        },
        onError: (error) => showErrorToast(error.message),
      }),
    () => showErrorToast('Invalid Form!'),
  );

  return (
    <Stack gap="md" maw={880}>
      {!isAdmin ? (
        <Alert color="gray" title="Read only">
          Only an administrator can change these settings.
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!isAdmin} style={{ border: 0, padding: 0, margin: 0 }}>
          <Card withBorder>
            <Stack gap="sm">
              <Textarea
                label="SEO Keywords"
                description="Comma-separated words people search for; search engines and link previews read them"
                autosize
                minRows={2}
                {...form.getInputProps('seoKeywords')}
                rightSection={null}
              />
              <Text
                size="xs"
                c={form.values.seoKeywords.length > SEO_MAX ? 'red' : 'dimmed'}
                ta="right"
                aria-live="polite"
              >
                {counter(form.values.seoKeywords)}
              </Text>
              <Textarea
                label="SEO Description"
                description="The summary shown under your site's name in search results"
                autosize
                minRows={3}
                {...form.getInputProps('seoDescription')}
              />
              <Text
                size="xs"
                c={form.values.seoDescription.length > SEO_MAX ? 'red' : 'dimmed'}
                ta="right"
                aria-live="polite"
              >
                {counter(form.values.seoDescription)}
              </Text>
            </Stack>
          </Card>
          {isAdmin ? (
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => navigate('/settings/website')}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Submit
              </Button>
            </Group>
          ) : null}
        </fieldset>
      </form>
      <Card withBorder>
        <ApiKeyPanel hint={settings.apiKeyHint} canRegenerate={isAdmin} />
      </Card>
    </Stack>
  );
}
