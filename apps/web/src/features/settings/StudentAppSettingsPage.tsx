import { DEFAULT_APP_LABELS, type StudentAppSettings, StudentAppSettingsWrite } from '@atrium/contracts';
import { Alert, Button, Card, ColorInput, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ImageSetting } from '../website-settings/ImageSetting';
import { contractErrors } from '../website-settings/website-settings-form';
import { useSaveStudentApp, useStudentAppSettings } from './hooks';
import { SettingsHeader, useIsAdmin } from './SettingsHeader';

type Values = { [K in keyof StudentAppSettings]: string };
const LABELS = ['appLabel1', 'appLabel2', 'appLabel3', 'appLabel4'] as const;
const IMAGES = ['appWelcomeImage1', 'appWelcomeImage2', 'appWelcomeImage3'] as const;

/** /settings/studentapp: the student portal's tab labels, colour and welcome images (spec 2 §2, §3). */
export default function StudentAppSettingsPage() {
  const settings = useStudentAppSettings();
  return (
    <section aria-label="Student App">
      <SettingsHeader title="Student App" />
      {settings.isLoading ? (
        <Busy label="Loading the student app settings" />
      ) : settings.data ? (
        <StudentAppForm settings={settings.data} />
      ) : (
        <Text c="red">The student app settings could not be loaded. Please reload the page.</Text>
      )}
    </section>
  );
}

function StudentAppForm({ settings }: { settings: StudentAppSettings }) {
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const save = useSaveStudentApp();
  const form = useForm<Values>({
    initialValues: Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, value ?? ''])) as Values,
    validate: (values) => contractErrors(StudentAppSettingsWrite, values),
  });

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
    <form onSubmit={submit} noValidate>
      <fieldset disabled={!isAdmin} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="md" maw={880}>
          {!isAdmin ? (
            <Alert color="gray" title="Read only">
              Only an administrator can change these settings.
            </Alert>
          ) : null}
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
              <ColorInput
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
          {isAdmin ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/settings')}>
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
