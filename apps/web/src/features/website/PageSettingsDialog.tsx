import { pageUrlProblem, STANDARD_PAGES, type WebPage } from '@atrium/contracts';
import { Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { showSuccessToast } from '../../lib/notify';
import { useUpdatePage } from './hooks';

interface Props {
  opened: boolean;
  page: WebPage;
  onClose: () => void;
}

/** Home and the standard pages (calendar, forms, ...) live at fixed addresses. */
function hasFixedAddress(page: WebPage): boolean {
  return (STANDARD_PAGES as readonly string[]).includes(page.name) || page.isExternalLink;
}

/**
 * 'Website Settings': show the page link on the Navigation bar and on the Footer (each change saves
 * at once), and the page's address. A changed address keeps the old one working (it redirects).
 */
export function PageSettingsDialog({ opened, page, onClose }: Props) {
  const update = useUpdatePage();
  const save = (values: { isShowNavigation: boolean; isShowFooter: boolean }) =>
    update.mutate({ id: page.id, body: values }, { onSuccess: () => showSuccessToast('Updated successfully.') });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Website Settings"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Switch
          color="teal"
          label="Show on the Navigation bar"
          checked={page.isShowNavigation}
          disabled={update.isPending}
          onChange={(event) => save({ isShowNavigation: event.currentTarget.checked, isShowFooter: page.isShowFooter })}
        />
        <Switch
          color="teal"
          label="Show on the Footer"
          checked={page.isShowFooter}
          disabled={update.isPending}
          onChange={(event) =>
            save({ isShowNavigation: page.isShowNavigation, isShowFooter: event.currentTarget.checked })
          }
        />
        {!hasFixedAddress(page) && <PageAddressField key={page.id} page={page} />}
      </Stack>
    </Modal>
  );
}

function PageAddressField({ page }: { page: WebPage }) {
  const update = useUpdatePage();
  const [value, setValue] = useState(page.url);
  const [serverError, setServerError] = useState<string | null>(null);
  const url = value
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
  const problem = url === page.url ? null : pageUrlProblem(url);
  const changed = url !== page.url;

  const submit = () => {
    if (problem || !changed) return;
    update.mutate(
      { id: page.id, body: { url } },
      {
        onSuccess: () => {
          setServerError(null);
          showSuccessToast('Updated successfully.');
        },
        onError: (error) => setServerError(isApiError(error) ? error.message : 'The address could not be saved.'),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={6}>
        <TextInput
          label="Page address"
          description="Letters, digits and dashes. The old address keeps working and leads here."
          leftSection={
            <Text size="sm" c="dimmed" aria-hidden>
              /
            </Text>
          }
          value={value}
          maxLength={63}
          autoCapitalize="none"
          spellCheck={false}
          error={problem ?? serverError}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setServerError(null);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed || !!problem} loading={update.isPending}>
            Save address
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
