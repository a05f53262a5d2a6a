import type { Chapter } from '@atrium/contracts';
import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconBroadcast,
  IconFileText,
  IconGripVertical,
  IconPaperclip,
  IconPencil,
  IconTrash,
  IconVideo,
} from '@tabler/icons-react';
import type { DragEvent } from 'react';
import { ChapterVideoStatus } from './ChapterVideoStatus';
import { CHAPTER_TYPE_LABELS, durationLabel } from './course-rules';

const TYPE_ICONS = { video: IconVideo, text: IconFileText, file: IconPaperclip, live: IconBroadcast } as const;

export const moveButtonId = (chapterId: string, direction: 'up' | 'down') => `chapter-${chapterId}-${direction}`;

interface Props {
  chapter: Chapter;
  canMoveUp: boolean;
  canMoveDown: boolean;
  dropTarget: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onEdit: () => void;
  onDelete: () => void;
  drag: {
    onDragStart: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
    onDragEnd: () => void;
  };
}

/** One chapter of the outline: its kind, title and state, moved by drag or by its Move up / Move down buttons. */
export function OutlineChapterRow({
  chapter,
  canMoveUp,
  canMoveDown,
  dropTarget,
  onMove,
  onEdit,
  onDelete,
  drag,
}: Props) {
  const Icon = TYPE_ICONS[chapter.type];
  const length = durationLabel(chapter.durationSeconds);
  return (
    <li
      className="course-outline__chapter"
      data-drop-target={dropTarget || undefined}
      draggable
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
    >
      <IconGripVertical size={16} className="course-outline__grip" aria-hidden />
      <Icon size={18} aria-hidden className="course-outline__icon" />
      <div className="course-outline__body">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {chapter.title}
        </Text>
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed">
            {CHAPTER_TYPE_LABELS[chapter.type]}
            {length ? ` · ${length}` : ''}
          </Text>
          {chapter.isPreview ? (
            <Badge size="xs" color="blue.9">
              Preview
            </Badge>
          ) : null}
          {chapter.isDemo ? (
            <Badge size="xs" color="grape.9">
              Demo
            </Badge>
          ) : null}
        </Group>
        {chapter.type === 'video' && chapter.videoAssetId ? (
          <ChapterVideoStatus assetId={chapter.videoAssetId} compact />
        ) : null}
      </div>
      <Group gap={0} wrap="nowrap" className="course-outline__actions">
        <ActionIcon
          id={moveButtonId(chapter.guId, 'up')}
          variant="subtle"
          aria-label={`Move ${chapter.title} up`}
          disabled={!canMoveUp}
          onClick={() => onMove('up')}
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          id={moveButtonId(chapter.guId, 'down')}
          variant="subtle"
          aria-label={`Move ${chapter.title} down`}
          disabled={!canMoveDown}
          onClick={() => onMove('down')}
        >
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label={`Edit ${chapter.title}`} onClick={onEdit}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${chapter.title}`} onClick={onDelete}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </li>
  );
}
