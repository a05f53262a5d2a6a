import {
  BUTTON_STYLES,
  CORNER_STYLES,
  FONT_PAIRS,
  RECOMMENDED_LOGO_HEIGHT,
  type WebsiteSettings,
  type WebsiteSettingsWrite,
} from '@atrium/contracts';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ColourInput } from '../../app/components/ColourInput';
import { showSuccessToast } from '../../lib/notify';
import { useIsAdmin } from '../settings/SettingsHeader';
import { SettingsForm, SettingsScreen, saveErrorHandler, settingsSubmit } from '../settings/SettingsScreen';
import { useSaveWebsiteSettings, useWebsiteSettings } from './hooks';
import { ImageSetting } from './ImageSetting';
import {
  MENU_LINK_FIELDS,
  SOCIAL_FIELDS,
  toWebsiteFormValues,
  toWebsiteWriteBody,
  type WebsiteFormValues,
  websiteFormErrors,
} from './website-settings-form';

/** /settings/website: Website Settings, with links to External Website and SEO settings (spec 2 §2). */
export default function WebsiteSettingsPage() {
  const links = (
    <Group gap="xs">
      <Button
        component={Link}
        to="/settings/website/externalwebsite"
        variant="light"
        leftSection={<IconWorld size={16} />}
      >
        External Website
      </Button>
      <Button component={Link} to="/settings/website/seosetting" variant="light" leftSection={<IconSearch size={16} />}>
        SEO settings
      </Button>
    </Group>
  );
  return (
    <SettingsScreen title="Website Settings" what="the website settings" query={useWebsiteSettings()} actions={links}>
      {(settings) => <WebsiteForm settings={settings} />}
    </SettingsScreen>
  );
}

function WebsiteForm({ settings }: { settings: WebsiteSettings }) {
  const isAdmin = useIsAdmin();
  const save = useSaveWebsiteSettings();
  const form = useForm<WebsiteFormValues>({
    initialValues: toWebsiteFormValues(settings),
    validate: websiteFormErrors,
  });

  const showServerError = saveErrorHandler(form);

  const submit = settingsSubmit(form, save, toWebsiteWriteBody, showServerError);

  /** An uploaded image is saved at once (spec 2 §8 'Successfully updated logo.'). */
  const saveImage = (field: 'logo' | 'favIcon') => async (url: string) => {
    const body: WebsiteSettingsWrite = { [field]: url };
    await save.mutateAsync(body, { onError: showServerError });
    form.setFieldValue(field, url);
    showSuccessToast(field === 'logo' ? 'Successfully updated logo.' : 'Successfully updated settings.');
  };

  return (
    <SettingsForm onSubmit={submit} saving={save.isPending} cancelTo="/settings">
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Branding
        </Title>
        <Stack gap="sm">
          <TextInput label="Website Title" maxLength={120} {...form.getInputProps('title')} />
          <ImageSetting
            label="Logo"
            description={`Recommended height ${RECOMMENDED_LOGO_HEIGHT}px`}
            previewHeight={RECOMMENDED_LOGO_HEIGHT}
            disabled={!isAdmin}
            value={form.values.logo}
            error={form.errors.logo as string | undefined}
            onChange={(value) => form.setFieldValue('logo', value)}
            onUploaded={saveImage('logo')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Logo width (px)"
              min={1}
              max={2000}
              allowDecimal={false}
              {...form.getInputProps('logoWidth')}
            />
            <NumberInput
              label="Logo height (px)"
              description={`Recommended: ${RECOMMENDED_LOGO_HEIGHT}px`}
              min={1}
              max={2000}
              allowDecimal={false}
              {...form.getInputProps('logoHeight')}
            />
          </SimpleGrid>
          <ImageSetting
            label="Favicon"
            description="Shown in the browser tab, resized to 16x16"
            previewHeight={32}
            disabled={!isAdmin}
            value={form.values.favIcon}
            error={form.errors.favIcon as string | undefined}
            onChange={(value) => form.setFieldValue('favIcon', value)}
            onUploaded={saveImage('favIcon')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ColourInput
              label="Header colour"
              format="hex"
              placeholder="#ffffff"
              {...form.getInputProps('headerColor')}
            />
            <ColourInput
              label="Theme colour"
              description="Buttons and links use it, in a deeper shade where text would be hard to read on it."
              format="hex"
              placeholder="#364fc7"
              {...form.getInputProps('themeColor')}
            />
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Site theme
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Every page of the website uses these, with shades of the theme colour. Changing them restyles pages already
          built.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Fonts"
            allowDeselect={false}
            data={Object.entries(FONT_PAIRS).map(([value, pair]) => ({ value, label: pair.label }))}
            {...form.getInputProps('siteTheme.fontPair')}
          />
          <Select
            label="Buttons"
            allowDeselect={false}
            data={Object.entries(BUTTON_STYLES).map(([value, label]) => ({ value, label }))}
            {...form.getInputProps('siteTheme.buttonStyle')}
          />
          <Select
            label="Corners"
            allowDeselect={false}
            data={Object.entries(CORNER_STYLES).map(([value, label]) => ({ value, label }))}
            {...form.getInputProps('siteTheme.cornerStyle')}
          />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Social links
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SOCIAL_FIELDS.map(([field, label]) => (
            <TextInput key={field} label={label} placeholder="https://" {...form.getInputProps(field)} />
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Footer
        </Title>
        <Stack gap="sm">
          <Switch label="Show the footer" {...form.getInputProps('isShowFooter', { type: 'checkbox' })} />
          <Textarea
            label="Footer information"
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('footerInfo')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Privacy policy link"
              placeholder="https://"
              {...form.getInputProps('privacyPolicyLink')}
            />
            <TextInput label="Terms of service link" placeholder="https://" {...form.getInputProps('tosLink')} />
          </SimpleGrid>
          <TextInput
            label="Google review link"
            description="Where the G-Reviews requests send your members"
            placeholder="https://"
            {...form.getInputProps('googleReviewLink')}
          />
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb={4}>
          Menu links
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Up to five extra links in the website menu, written as title::address (for example Shop::shop.example.com).
        </Text>
        <Stack gap="sm">
          {MENU_LINK_FIELDS.map((field, index) => (
            <TextInput
              key={field}
              label={`Link ${index + 1}`}
              placeholder="Title::https://"
              {...form.getInputProps(field)}
            />
          ))}
        </Stack>
      </Card>
    </SettingsForm>
  );
}
