import type { WebPage } from '@atrium/contracts';
import { Modal, Stack, Switch } from '@mantine/core';
import { showSuccessToast } from '../../lib/notify';
import { useUpdatePage } from './hooks';

interface Props {
  opened: boolean;
  page: WebPage;
  onClose: () => void;
}

/** 'Website Settings': show the page link on the Navigation bar and on the Footer; each change saves at once. */
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
      </Stack>
    </Modal>
  );
}
