import { VIDEO_UPLOAD_PATH, type VideoAsset } from '@atrium/contracts';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { useEffect, useRef, useState } from 'react';
import { getTokens } from '../../lib/auth-tokens';
import { assetIdOfUploadUrl, fetchVideo, retryVideo, uploadErrorMessage, useVideoStatus } from './api';

export interface VideoUploaderProps {
  /** Title of the video; the file's name when empty. */
  title?: string;
  /** Join the studio's intro before / outro after this video. */
  joinIntro?: boolean;
  joinOutro?: boolean;
  /** Called once the upload is accepted (the asset exists and is processing). */
  onUploaded?: (assetId: string) => void;
  /** Called when the transcode is done and the video can be watched. */
  onReady?: (asset: VideoAsset) => void;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number; fileName: string; retrying: boolean }
  | { kind: 'uploaded'; assetId: string }
  | { kind: 'error'; message: string; assetId: string | null };

/** The retries of a dropped connection: tus resumes from the server's offset each time. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000];

/**
 * Uploads a video by tus (resumable: a dropped connection retries and goes on from where the server
 * stopped; the same file chosen again after a reload resumes too), then follows the processing on the
 * server until the video is ready, showing why it failed with a Retry.
 */
export default function VideoUploader({ title, joinIntro, joinOutro, onUploaded, onReady }: VideoUploaderProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const uppyRef = useRef<Uppy | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const assetId = phase.kind === 'uploaded' || phase.kind === 'error' ? phase.assetId : null;
  const status = useVideoStatus(phase.kind === 'uploaded' ? phase.assetId : null);
  const asset = status.data;
  const readyFor = useRef<string | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  useEffect(() => {
    const uppy = new Uppy({ autoProceed: true, restrictions: { maxNumberOfFiles: 1, allowedFileTypes: ['video/*'] } });
    uppy.use(Tus, {
      endpoint: VIDEO_UPLOAD_PATH,
      retryDelays: RETRY_DELAYS,
      // Chunks of 16 MB: a dropped connection loses at most one chunk's progress on any server or proxy.
      chunkSize: 16 * 1024 * 1024,
      removeFingerprintOnSuccess: true,
      // Each request carries the current token (an upload can outlast one).
      onBeforeRequest: (request) => {
        const token = getTokens().access;
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
    });
    uppy.on('upload-progress', (file, progress) => {
      const total = progress.bytesTotal ?? file?.size ?? 0;
      const percent = total ? Math.floor((progress.bytesUploaded / total) * 100) : 0;
      setPhase({ kind: 'uploading', percent, fileName: file?.name ?? '', retrying: false });
    });
    uppy.on('upload-retry', (file) =>
      setPhase((current) =>
        current.kind === 'uploading'
          ? { ...current, retrying: true }
          : { kind: 'uploading', percent: 0, fileName: file.name ?? '', retrying: true },
      ),
    );
    uppy.on('upload-success', (file, response) => {
      const id = assetIdOfUploadUrl(response.uploadURL ?? file?.tus?.uploadUrl);
      uppy.clear();
      if (!id) return setPhase({ kind: 'error', message: 'The upload finished without an address.', assetId: null });
      setPhase({ kind: 'uploaded', assetId: id });
      onUploadedRef.current?.(id);
    });
    uppy.on('upload-error', (file, error) => {
      const id = assetIdOfUploadUrl(file?.tus?.uploadUrl);
      uppy.clear();
      setPhase({ kind: 'error', message: uploadErrorMessage(error.message), assetId: id });
    });
    uppy.on('restriction-failed', (_file, error) => setPhase({ kind: 'error', message: error.message, assetId: null }));
    uppyRef.current = uppy;
    return () => {
      uppy.destroy();
      uppyRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (asset?.status === 'ready' && readyFor.current !== asset.id) {
      readyFor.current = asset.id;
      onReady?.(asset);
    }
  }, [asset, onReady]);
  // After a refusal the asset may hold the server's reason (e.g. not a video).
  useEffect(() => {
    if (phase.kind !== 'error' || !phase.assetId) return;
    let live = true;
    fetchVideo(phase.assetId)
      .then((found) => {
        if (live && found.failureReason) setPhase({ kind: 'error', message: found.failureReason, assetId: found.id });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [phase]);

  const choose = (file: File | undefined) => {
    const uppy = uppyRef.current;
    if (!file || !uppy) return;
    uppy.clear();
    try {
      uppy.addFile({
        name: file.name,
        type: file.type,
        data: file,
        meta: {
          filename: file.name,
          title: title?.trim() || file.name.replace(/\.[^.]+$/, ''),
          joinIntro: joinIntro ? 'true' : 'false',
          joinOutro: joinOutro ? 'true' : 'false',
        },
      });
      setPhase({ kind: 'uploading', percent: 0, fileName: file.name, retrying: false });
    } catch {
      // restriction-failed has said why
    }
  };

  const retry = async () => {
    if (!asset) return;
    await retryVideo(asset.id);
    await status.refetch();
  };
  const busy = phase.kind === 'uploading' || asset?.status === 'processing';

  return (
    <Stack gap="xs">
      <input
        ref={input}
        type="file"
        accept="video/*"
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(event) => {
          choose(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
      <Group>
        <Button onClick={() => input.current?.click()} disabled={busy} variant="default">
          {assetId || asset ? 'Upload another video' : 'Upload video'}
        </Button>
        {phase.kind === 'uploading' && (
          <Button variant="subtle" color="gray" onClick={() => uppyRef.current?.cancelAll()}>
            Cancel
          </Button>
        )}
      </Group>
      {phase.kind === 'uploading' && (
        <ProgressLine
          label={phase.retrying ? `Connection lost — resuming ${phase.fileName}…` : `Uploading ${phase.fileName}`}
          percent={phase.percent}
        />
      )}
      {phase.kind === 'uploaded' && asset?.status === 'processing' && (
        <ProgressLine label={`Processing ${asset.title}`} percent={asset.progressPercent} />
      )}
      {phase.kind === 'uploaded' && asset?.status === 'ready' && (
        <Text size="sm" role="status">
          {asset.title} is ready to watch.
        </Text>
      )}
      {((phase.kind === 'uploaded' && asset?.status === 'failed') || phase.kind === 'error') && (
        <Alert color="red" title="The video could not be used" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{phase.kind === 'error' ? phase.message : asset?.failureReason}</Text>
            {phase.kind === 'uploaded' && asset?.mimeType && (
              <Button size="xs" onClick={() => void retry()}>
                Retry
              </Button>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function ProgressLine({ label, percent }: { label: string; percent: number }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" truncate>
          {label}
        </Text>
        <Text size="sm" aria-hidden>
          {percent}%
        </Text>
      </Group>
      <Progress value={percent} aria-label={label} animated={percent < 100} />
    </Stack>
  );
}
