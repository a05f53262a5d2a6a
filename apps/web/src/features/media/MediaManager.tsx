import { Alert, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { deleteMedia, fetchMedia, type MediaItem } from './api';
import { MediaGrid } from './MediaGrid';
import { ACCEPT } from './media-rules';
import { useMediaUpload } from './useMediaUpload';
import './media.css';

/**
 * The builder's listing for the media gallery page (spec 3 §2.1): upload images and videos
 * (spec 3 §2.5 file upload widget: uploads on selection), see and remove them.
 */
export function MediaManager({ buttonLabel = 'Upload Image' }: { buttonLabel?: string }) {
  const [items, setItems] = useState<MediaItem[] | null>(null);

  const reload = useCallback(() => {
    fetchMedia()
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  useEffect(reload, [reload]);

  const { uploading, problem, upload } = useMediaUpload(reload);

  const remove = async (item: MediaItem) => {
    await deleteMedia(item.id).catch(() => undefined);
    reload();
  };

  return (
    <Stack gap="sm">
      <Group>
        <FileButton onChange={upload} accept={ACCEPT}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={uploading}>
              {buttonLabel}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          Images or videos, 10 MB at most. They show on the public Media Gallery page.
        </Text>
      </Group>
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      {items === null ? (
        <Loader size="sm" aria-label="Loading media" />
      ) : items.length === 0 ? (
        <Text size="sm">Nothing uploaded yet.</Text>
      ) : (
        <MediaGrid items={items} onDelete={remove} />
      )}
    </Stack>
  );
}
