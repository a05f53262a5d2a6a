import { DEFAULT_APP_LABELS, type StudentAppSettings, StudentAppSettingsWrite } from '@atrium/contracts';
import { Card, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ColourInput } from '../../app/components/ColourInput';
import { ImageSetting } from '../website-settings/ImageSetting';
import { contractErrors } from '../website-settings/website-settings-form';
import { useSaveStudentApp, useStudentAppSettings } from './hooks';
import { useIsAdmin } from './SettingsHeader';
import { SettingsForm, SettingsScreen, settingsSubmit } from './SettingsScreen';

type Values = { [K in keyof StudentAppSettings]: string };
const CANCEL_TO = '/settings';
const LABELS = ['appLabel1', 'appLabel2', 'appLabel3', 'appLabel4'] as const;
const IMAGES = ['appWelcomeImage1', 'appWelcomeImage2', 'appWelcomeImage3'] as const;

/** /settings/studentapp: the student portal's tab labels, colour and welcome images (spec 2 §2, §3). */
export default function StudentAppSettingsPage() {
  return (
    <SettingsScreen title="Student App" what="the student app settings" query={useStudentAppSettings()}>
      {(settings) => <StudentAppForm settings={settings} />}
    </SettingsScreen>
  );
}

function StudentAppForm({ settings }: { settings: StudentAppSettings }) {
  const isAdmin = useIsAdmin();
  const save = useSaveStudentApp();
  const form = useForm<Values>({
    initialValues: Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, value ?? ''])) as Values,
    validate: (values) => contractErrors(StudentAppSettingsWrite, values),
  });

  const submit = settingsSubmit(form, save, (values) => values);

  return (
    <SettingsForm onSubmit={submit} saving={save.isPending} cancelTo={CANCEL_TO}>
      <Card withBorder>
        <Title order={2} size="h4" mb={4}>
          Tab labels
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The names of the four tabs your members see in their portal and app.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LABELS.map((field, index) => (
            <TextInput
              key={field}
              label={`Label ${index + 1}`}
              description={`Default: ${DEFAULT_APP_LABELS[index]}`}
              withAsterisk
              maxLength={30}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <ColourInput
            label="Primary colour"
            format="hex"
            placeholder="#364fc7"
            {...form.getInputProps('appPrimaryColor')}
          />
          <Title order={2} size="h4" mt="sm">
            Welcome images
          </Title>
          {IMAGES.map((field, index) => (
            <ImageSetting
              key={field}
              label={`Welcome image ${index + 1}`}
              previewHeight={120}
              disabled={!isAdmin}
              value={form.values[field]}
              error={form.errors[field] as string | undefined}
              onChange={(value) => form.setFieldValue(field, value)}
              onUploaded={async (url) => form.setFieldValue(field, url)}
            />
          ))}
        </Stack>
      </Card>
    </SettingsForm>
  );
}
