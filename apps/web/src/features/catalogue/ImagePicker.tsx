import { Button, FileButton, Group, Image, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMedia } from '../media/api';
import { useMediaUpload } from '../media/useMediaUpload';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const mediaKey = ['media', 'library'] as const;

interface Props {
  value: string | null;
  onChange: (id: string | null) => void;
  label?: string;
}

/**
 * An image from the tenant's media library (the files of the Media Gallery page), or a new upload
 * that joins the library and is chosen at once.
 */
export function ImagePicker({ value, onChange, label = 'Image' }: Props) {
  const client = useQueryClient();
  const media = useQuery({ queryKey: mediaKey, queryFn: fetchMedia });
  const { uploading, problem, upload } = useMediaUpload(async (item) => {
    await client.invalidateQueries({ queryKey: mediaKey });
    onChange(item.id);
  });
  const images = (media.data ?? []).filter((item) => item.contentType.startsWith('image/'));
  const chosen = images.find((item) => item.id === value) ?? null;

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={label}
          placeholder={images.length ? 'Choose from the media library' : 'No images in the media library yet'}
          data={images.map((item) => ({ value: item.id, label: item.fileName }))}
          value={chosen ? chosen.id : null}
          onChange={onChange}
          clearable
          searchable
          error={problem}
          w={{ base: '100%', sm: 300 }}
        />
        <FileButton onChange={upload} accept={IMAGE_ACCEPT}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} loading={uploading}>
              Upload Image
            </Button>
          )}
        </FileButton>
      </Group>
      {chosen ? (
        <Image src={chosen.url} alt={`${label}: ${chosen.fileName}`} w={120} h={120} radius="md" fit="cover" />
      ) : value && media.isSuccess ? (
        <Text size="sm" c="dimmed">
          The chosen image is no longer in the media library.
        </Text>
      ) : null}
    </Stack>
  );
}
