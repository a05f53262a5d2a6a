import { SEO_MAX, SeoSettingsWriteShape, type WebsiteSettings } from '@atrium/contracts';
import { Card, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CharacterCount } from '../settings/CharacterCount';
import { useIsAdmin } from '../settings/SettingsHeader';
import { SettingsForm, SettingsScreen, saveErrorHandler, settingsSubmit } from '../settings/SettingsScreen';
import { ApiKeyPanel } from './ApiKeyPanel';
import { useSaveWebsiteSettings, useWebsiteSettings } from './hooks';
import { contractErrors } from './website-settings-form';

const CANCEL_TO = '/settings/website';

/** /settings/website/seosetting: keywords and description (at most 255 each) and the API key (spec 2 §2, §5). */
export default function SeoSettingsPage() {
  return (
    <SettingsScreen title="SEO settings" what="the SEO settings" query={useWebsiteSettings()} backTo={CANCEL_TO}>
      {(settings) => <SeoForm settings={settings} />}
    </SettingsScreen>
  );
}

function SeoForm({ settings }: { settings: WebsiteSettings }) {
  const isAdmin = useIsAdmin();
  const save = useSaveWebsiteSettings();
  const form = useForm({
    initialValues: { seoKeywords: settings.seoKeywords, seoDescription: settings.seoDescription },
    validate: (values) => contractErrors(SeoSettingsWriteShape, values),
  });

  const submit = settingsSubmit(form, save, (values) => values, saveErrorHandler(form));

  return (
    <Stack gap="md" maw={880}>
      <SettingsForm onSubmit={submit} saving={save.isPending} cancelTo={CANCEL_TO}>
        <Card withBorder>
          <Stack gap="sm">
            <Textarea
              label="SEO Keywords"
              description="Comma-separated words people search for; search engines and link previews read them"
              autosize
              minRows={2}
              {...form.getInputProps('seoKeywords')}
            />
            <CharacterCount value={form.values.seoKeywords} max={SEO_MAX} />
            <Textarea
              label="SEO Description"
              description="The summary shown under your site's name in search results"
              autosize
              minRows={3}
              {...form.getInputProps('seoDescription')}
            />
            <CharacterCount value={form.values.seoDescription} max={SEO_MAX} />
          </Stack>
        </Card>
      </SettingsForm>
      <Card withBorder>
        <ApiKeyPanel hint={settings.apiKeyHint} canRegenerate={isAdmin} />
      </Card>
    </Stack>
  );
}
