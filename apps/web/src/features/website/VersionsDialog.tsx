import { KEPT_PAGE_VERSIONS, type WebPage } from '@atrium/contracts';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { usePageVersions, useRestoreVersion } from './hooks';

interface Props {
  opened: boolean;
  pageId: string;
  onClose: () => void;
  /** The page with the restored version as its draft. */
  onRestored: (page: WebPage) => void;
}

/** The last published versions of a page, newest first, each with Restore (it comes back as the draft). */
export function VersionsDialog({ opened, pageId, onClose, onRestored }: Props) {
  const tenant = useTenant();
  const versions = usePageVersions(pageId, opened);
  const restore = useRestoreVersion();

  return (
    <Modal opened={opened} onClose={onClose} title="Published versions" size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The last {KEPT_PAGE_VERSIONS} versions visitors have seen. Restoring one makes it your draft; visitors see it
          once you publish.
        </Text>
        {versions.isLoading && <Loader size="sm" aria-label="Loading versions" />}
        {versions.isError && <Alert color="red">The versions could not be loaded.</Alert>}
        {versions.data?.length === 0 && <Text size="sm">This page has not been published from the designer yet.</Text>}
        {versions.data && versions.data.length > 0 && (
          <ul aria-label="Published versions" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {versions.data.map((version, index) => {
              const when = formatDateTime(version.publishedAt, tenant?.timezone);
              return (
                <li key={version.id} style={{ borderTop: index ? '1px solid var(--mantine-color-gray-3)' : undefined }}>
                  <Group justify="space-between" wrap="nowrap" py="xs" gap="sm">
                    <div>
                      <Text size="sm" fw={500}>
                        {when}
                        {index === 0 ? ' (live now)' : ''}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {version.publishedBy ? `Published by ${version.publishedBy}` : 'Published'}
                      </Text>
                    </div>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Restore the version of ${when}`}
                      loading={restore.isPending && restore.variables?.versionId === version.id}
                      onClick={() =>
                        restore.mutate(
                          { id: pageId, versionId: version.id },
                          {
                            onSuccess: (page) => {
                              showSuccessToast('Version restored as your draft. Publish to make it live.');
                              onRestored(page);
                              onClose();
                            },
                          },
                        )
                      }
                    >
                      Restore
                    </Button>
                  </Group>
                </li>
              );
            })}
          </ul>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
