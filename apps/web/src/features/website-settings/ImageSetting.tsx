import { Button, FileButton, Group, Image, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { showErrorToast } from '../../lib/notify';
import { uploadMedia } from '../media/api';
import { uploadProblem } from '../media/media-rules';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * An image of the website settings (logo, favicon): a preview, its address, and an upload that
 * stores the file in the tenant's media and hands its address to `onUploaded`.
 */
export function ImageSetting(props: {
  label: string;
  description?: string;
  value: string;
  error?: string;
  disabled?: boolean;
  previewHeight: number;
  /** Only the image and its Upload / Remove buttons, no address field (for owners who never type one). */
  imageOnly?: boolean;
  onChange: (value: string) => void;
  /** Called when the typed address is left (blur), for settings that save at once. */
  onBlur?: () => void;
  onUploaded: (url: string) => Promise<void>;
}) {
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = file.type.startsWith('image/')
      ? uploadProblem(file)
      : 'Please choose a PNG, JPEG, GIF or WebP image.';
    if (problem) {
      showErrorToast(problem);
      return;
    }
    setUploading(true);
    try {
      const media = await uploadMedia(file);
      await props.onUploaded(media.url);
    } catch {
      // the api client has already shown the server's message
    } finally {
      setUploading(false);
    }
  };

  const uploadButton = (text: string) => (
    <FileButton onChange={upload} accept={IMAGE_TYPES} disabled={props.disabled}>
      {(buttonProps) => (
        <Button
          {...buttonProps}
          variant="light"
          leftSection={<IconUpload size={16} />}
          loading={uploading}
          aria-label={`${text} ${props.label.toLowerCase()}`}
        >
          {text}
        </Button>
      )}
    </FileButton>
  );

  if (props.imageOnly) {
    return (
      <Input.Wrapper label={props.label} description={props.description} error={props.error}>
        <Group gap="sm" mt={6} wrap="wrap">
          {props.value ? (
            <Image src={props.value} alt={props.label} h={props.previewHeight} w="auto" fit="contain" />
          ) : (
            <Text size="sm" c="dimmed">
              No image yet
            </Text>
          )}
          {uploadButton(props.value ? 'Replace' : 'Upload')}
          {props.value && (
            <Button variant="subtle" color="red" disabled={props.disabled} onClick={() => props.onChange('')}>
              Remove
            </Button>
          )}
        </Group>
      </Input.Wrapper>
    );
  }

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={props.label}
          description={props.description}
          placeholder="https:// or upload an image"
          style={{ flex: 1 }}
          value={props.value}
          error={props.error}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.currentTarget.value)}
          onBlur={props.onBlur}
        />
        {uploadButton('Upload')}
      </Group>
      {props.value ? (
        <Image src={props.value} alt={`${props.label} preview`} h={props.previewHeight} w="auto" fit="contain" />
      ) : (
        <Text size="xs" c="dimmed">
          No image yet
        </Text>
      )}
    </Stack>
  );
}
