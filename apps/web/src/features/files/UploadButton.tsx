import { FILE_ACCEPT, FILE_MESSAGES, formatFileSize, type StudioFile } from '@atrium/contracts';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { uploadFile } from './api';
import { percentOf, refusalBeforeUpload } from './file-rules';

interface Props {
  url: '/rest/files' | '/rest/myfiles';
  /** The limit in force (from the list call); a larger file is refused before it is sent. */
  maxBytes: number | undefined;
  label?: string;
  onUploaded: (file: StudioFile) => void;
}

interface Upload {
  name: string;
  fraction: number;
  controller: AbortController;
}

/**
 * An upload button with its progress: the file goes up as it is (no second copy in memory), the bar
 * and the percentage say how far it is, Cancel stops it. A refusal (type, size) is shown as a toast.
 */
export function UploadButton({ url, maxBytes, label = 'Upload', onUploaded }: Props) {
  const [upload, setUpload] = useState<Upload | null>(null);
  const resetRef = useRef<() => void>(null);

  const start = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const refusal = maxBytes === undefined ? null : refusalBeforeUpload(file, maxBytes);
    if (refusal) {
      showErrorToast(refusal);
      return;
    }
    const controller = new AbortController();
    setUpload({ name: file.name, fraction: 0, controller });
    try {
      const saved = await uploadFile(
        url,
        file,
        (fraction) => setUpload((current) => (current ? { ...current, fraction } : current)),
        controller.signal,
      );
      showSuccessToast(FILE_MESSAGES.uploaded);
      onUploaded(saved);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        showErrorToast(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setUpload(null);
    }
  };

  const percent = upload ? percentOf(upload.fraction) : 0;
  return (
    <Stack gap={4} maw="100%">
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={start} accept={FILE_ACCEPT} resetRef={resetRef}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={18} aria-hidden />} loading={upload !== null}>
              {label}
            </Button>
          )}
        </FileButton>
        {upload ? (
          <Button variant="default" onClick={() => upload.controller.abort()}>
            Cancel upload
          </Button>
        ) : null}
      </Group>
      {upload ? (
        <div role="status" aria-live="polite">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Uploading {upload.name}: {percent}%
          </Text>
          <Progress value={percent} size="sm" aria-label={`Uploading ${upload.name}`} />
        </div>
      ) : maxBytes !== undefined ? (
        <Text size="xs" c="dimmed">
          PDF, images, Office and text files, up to {formatFileSize(maxBytes)}.
        </Text>
      ) : null}
    </Stack>
  );
}
