import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/notify';
import { retryVideo, useVideoStatus } from '../../video/api';
import { durationLabel } from './course-rules';

/**
 * A chapter's video as the server has it: processing with its progress, ready with its length, or
 * failed with the reason and Retry. Asked again every two seconds while it is processing.
 */
export function ChapterVideoStatus({ assetId, compact = false }: { assetId: string; compact?: boolean }) {
  const status = useVideoStatus(assetId);
  const [retrying, setRetrying] = useState(false);
  const asset = status.data;
  if (status.isError) return <Text size="sm">The video could not be found.</Text>;
  if (!asset) return <Text size="sm">Checking the video…</Text>;
  if (asset.status === 'uploading') {
    return <Text size="sm">{asset.title}: the upload has not finished. Upload the video again to go on.</Text>;
  }
  if (asset.status === 'processing') {
    return (
      <Stack gap={2} role="status" aria-live="polite">
        <Text size="sm">
          Processing {compact ? '' : `${asset.title} `}({asset.progressPercent}%)
        </Text>
        <Progress value={asset.progressPercent} size="sm" aria-label={`Processing ${asset.title}`} maw={280} />
      </Stack>
    );
  }
  if (asset.status === 'failed') {
    const retry = async () => {
      setRetrying(true);
      try {
        await retryVideo(asset.id);
        showSuccessToast(`Processing ${asset.title} again.`);
        await status.refetch();
      } finally {
        setRetrying(false);
      }
    };
    return (
      <Alert color="red" title="The video could not be processed" role="alert" p="xs">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {asset.failureReason ?? 'Processing stopped.'}
          </Text>
          <Button size="xs" onClick={() => void retry()} loading={retrying} aria-label={`Retry ${asset.title}`}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  const length = durationLabel(asset.durationSeconds);
  return (
    <Text size="sm" c="dimmed">
      {compact ? 'Ready' : `${asset.title}: ready`}
      {length ? ` · ${length}` : ''}
    </Text>
  );
}
