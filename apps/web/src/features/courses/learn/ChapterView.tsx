import type { ChapterContent } from '@atrium/contracts';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Typography } from '@mantine/core';
import { IconCheck, IconDownload, IconVideo } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { LazyVideoPlayer } from '../../video';
import { downloadChapterFile } from './api';

export interface ChapterViewProps {
  courseId: string;
  chapter: ChapterContent;
  timeZone: string;
  /** Where the video starts (the saved second). */
  startAt: number;
  completed: boolean;
  onVideoProgress: (seconds: number, duration: number) => void;
  onMarkComplete: () => void;
  marking: boolean;
}

function MarkComplete({
  completed,
  marking,
  onMarkComplete,
}: Pick<ChapterViewProps, 'completed' | 'marking' | 'onMarkComplete'>) {
  if (completed)
    return (
      <Group gap={6} c="teal.9">
        <IconCheck size={18} aria-hidden />
        <Text fw={500}>Completed</Text>
      </Group>
    );
  return (
    <Button
      variant="light"
      loading={marking}
      onClick={onMarkComplete}
      leftSection={<IconCheck size={16} aria-hidden />}
    >
      Mark as complete
    </Button>
  );
}

/** One chapter as the learner sees it: a video, a reading, a document to download or a live session. */
export function ChapterView(props: ChapterViewProps) {
  const { chapter, courseId } = props;
  const [downloading, setDownloading] = useState(false);
  if (chapter.type === 'video') {
    if (!chapter.videoAssetId) return <Alert color="yellow">This video is not ready yet.</Alert>;
    return (
      <Suspense
        fallback={
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text>Loading the player…</Text>
          </Group>
        }
      >
        <LazyVideoPlayer
          key={chapter.guId}
          assetId={chapter.videoAssetId}
          startAt={props.startAt}
          label={chapter.title}
          onProgress={props.onVideoProgress}
        />
        {props.completed ? (
          <Group gap={6} c="teal.9" mt="xs">
            <IconCheck size={18} aria-hidden />
            <Text fw={500}>Completed</Text>
          </Group>
        ) : null}
      </Suspense>
    );
  }
  if (chapter.type === 'text')
    return (
      <Stack gap="md">
        <Typography>
          {/* the server sanitises a chapter's rich text (sanitize-html) before it is stored and sent */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server */}
          <div style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: chapter.html }} />
        </Typography>
        <MarkComplete {...props} />
      </Stack>
    );
  if (chapter.type === 'file')
    return (
      <Stack gap="md" align="flex-start">
        {chapter.file ? (
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            aria-label={`Download ${chapter.file.name}`}
            onClick={async () => {
              if (!chapter.file) return;
              setDownloading(true);
              await downloadChapterFile(courseId, chapter.guId, chapter.file.name).catch(() => undefined);
              setDownloading(false);
            }}
          >
            Download {chapter.file.name}
          </Button>
        ) : (
          <Text>This document is no longer available.</Text>
        )}
        <MarkComplete {...props} />
      </Stack>
    );
  const live = chapter.live;
  return (
    <Stack gap="md" align="flex-start">
      {live ? (
        <>
          <Text>
            Live session on {formatDateTime(live.startsAt, props.timeZone)} for {live.durationMinutes} minutes.
          </Text>
          {live.joinUrl ? (
            <Button
              component="a"
              href={live.joinUrl}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconVideo size={16} aria-hidden />}
            >
              Join the live session
            </Button>
          ) : (
            <Text c="dimmed">The link to join appears here before the session starts.</Text>
          )}
        </>
      ) : (
        <Text>The time of this live session is not set yet.</Text>
      )}
      <Anchor href="#course-outline" size="sm">
        Back to the outline
      </Anchor>
      <MarkComplete {...props} />
    </Stack>
  );
}
