import type { ChapterType, CourseDetail, Section } from '@atrium/contracts';
import { ActionIcon, Button, Card, Group, Menu, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/notify';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { coursesAdminApi } from './api';
import { ChapterDialog, type ChapterTarget } from './ChapterDialog';
import { CHAPTER_TYPE_LABELS } from './course-rules';
import { moveButtonId, OutlineChapterRow } from './OutlineChapterRow';
import { chapterStep } from './outline-order';
import { SectionDialog } from './SectionDialog';
import { useOutlineMoves } from './useOutlineMoves';
import './course-outline.css';

type Dragging = { kind: 'chapter'; id: string } | { kind: 'section'; index: number } | null;
type Deleting = { kind: 'chapter'; id: string; title: string } | { kind: 'section'; id: string; title: string } | null;

const ADD_KINDS: ChapterType[] = ['video', 'text', 'file', 'live'];

/** Puts focus back on a chapter's move button after the list changed under it (the other one at an edge). */
function refocus(chapterId: string, direction: 'up' | 'down') {
  requestAnimationFrame(() => {
    const wanted = document.getElementById(moveButtonId(chapterId, direction)) as HTMLButtonElement | null;
    const other = document.getElementById(moveButtonId(chapterId, direction === 'up' ? 'down' : 'up'));
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  });
}

/**
 * The course's sections and chapters in order. Drag a section or a chapter (a chapter may land in
 * another section), or use the Move up / Move down buttons, which also carry a chapter across a
 * section's edge; each move is announced to screen readers.
 */
export function CourseOutline({
  course,
  timeZone,
  setCourse,
}: {
  course: CourseDetail;
  timeZone: string;
  setCourse: (course: CourseDetail) => void;
}) {
  const { announcement, moveChapter, moveSectionTo } = useOutlineMoves(course, setCourse);
  const [dragging, setDragging] = useState<Dragging>(null);
  const [over, setOver] = useState<string | null>(null);
  const [sectionTarget, setSectionTarget] = useState<Section | 'new' | null>(null);
  const [chapterTarget, setChapterTarget] = useState<ChapterTarget>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [removing, setRemoving] = useState(false);
  const sections = course.sections;
  const firstChapter = sections.find((s) => s.chapters.length > 0)?.chapters[0]?.guId;
  const lastChapter = [...sections]
    .reverse()
    .find((s) => s.chapters.length > 0)
    ?.chapters.at(-1)?.guId;

  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };
  const stepChapter = async (chapterId: string, direction: 'up' | 'down') => {
    const target = chapterStep(sections, chapterId, direction);
    if (!target) return;
    await moveChapter(chapterId, target);
    refocus(chapterId, direction);
  };
  const stepSection = async (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const id = sections[index]?.guId;
    await moveSectionTo(index, to);
    requestAnimationFrame(() => {
      const wanted = document.getElementById(`section-${id}-${direction}`) as HTMLButtonElement | null;
      (wanted && !wanted.disabled
        ? wanted
        : document.getElementById(`section-${id}-${direction === 'up' ? 'down' : 'up'}`)
      )?.focus();
    });
  };
  const remove = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      setCourse(
        deleting.kind === 'chapter'
          ? await coursesAdminApi.removeChapter(course.guId, deleting.id)
          : await coursesAdminApi.removeSection(course.guId, deleting.id),
      );
      showSuccessToast(`${deleting.title} is deleted successfully.`);
      setDeleting(null);
    } catch {
      // the API client showed the refusal
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="course-outline-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="course-outline-title">
          Sections and chapters
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setSectionTarget('new')}>
          Add Section
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Drag a section or a chapter to reorder it, or use its Move up and Move down buttons.
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {sections.length === 0 ? (
        <Text>No sections yet. Add a section, then add its chapters: videos, texts, files or live sessions.</Text>
      ) : null}
      <ol className="course-outline">
        {sections.map((section, sectionIndex) => (
          <li
            key={section.guId}
            className="course-outline__section"
            data-drop-target={(dragging?.kind === 'section' && over === section.guId) || undefined}
            onDragOver={(event) => {
              if (dragging?.kind !== 'section') return;
              event.preventDefault();
              setOver(section.guId);
            }}
            onDrop={(event) => {
              if (dragging?.kind !== 'section') return;
              event.preventDefault();
              void moveSectionTo(dragging.index, sectionIndex);
              endDrag();
            }}
          >
            <Card withBorder padding="sm" aria-labelledby={`section-${section.guId}-title`} component="section">
              <Group
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                draggable
                onDragStart={(event) => {
                  setDragging({ kind: 'section', index: sectionIndex });
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', section.title);
                }}
                onDragEnd={endDrag}
                className="course-outline__section-head"
              >
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconGripVertical size={16} className="course-outline__grip" aria-hidden />
                  <Title order={3} size="h5" id={`section-${section.guId}-title`} style={{ overflowWrap: 'anywhere' }}>
                    {section.title}
                  </Title>
                </Group>
                <Group gap={0} wrap="nowrap">
                  <ActionIcon
                    id={`section-${section.guId}-up`}
                    variant="subtle"
                    aria-label={`Move section ${section.title} up`}
                    disabled={sectionIndex === 0}
                    onClick={() => void stepSection(sectionIndex, 'up')}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    id={`section-${section.guId}-down`}
                    variant="subtle"
                    aria-label={`Move section ${section.title} down`}
                    disabled={sectionIndex === sections.length - 1}
                    onClick={() => void stepSection(sectionIndex, 'down')}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Rename section ${section.title}`}
                    onClick={() => setSectionTarget(section)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete section ${section.title}`}
                    onClick={() => setDeleting({ kind: 'section', id: section.guId, title: section.title })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
              <ol className="course-outline__chapters" aria-labelledby={`section-${section.guId}-title`}>
                {section.chapters.map((chapter, chapterIndex) => (
                  <OutlineChapterRow
                    key={chapter.guId}
                    chapter={chapter}
                    canMoveUp={chapter.guId !== firstChapter}
                    canMoveDown={chapter.guId !== lastChapter}
                    dropTarget={dragging?.kind === 'chapter' && dragging.id !== chapter.guId && over === chapter.guId}
                    onMove={(direction) => void stepChapter(chapter.guId, direction)}
                    onEdit={() => setChapterTarget({ mode: 'edit', chapter })}
                    onDelete={() => setDeleting({ kind: 'chapter', id: chapter.guId, title: chapter.title })}
                    drag={{
                      onDragStart: (event) => {
                        event.stopPropagation();
                        setDragging({ kind: 'chapter', id: chapter.guId });
                        event.dataTransfer.effectAllowed = 'move';
                        event.dataTransfer.setData('text/plain', chapter.title);
                      },
                      onDragOver: (event) => {
                        if (dragging?.kind !== 'chapter') return;
                        event.preventDefault();
                        event.stopPropagation();
                        setOver(chapter.guId);
                      },
                      onDrop: (event) => {
                        if (dragging?.kind !== 'chapter') return;
                        event.preventDefault();
                        event.stopPropagation();
                        void moveChapter(dragging.id, { sectionId: section.guId, index: chapterIndex });
                        endDrag();
                      },
                      onDragEnd: endDrag,
                    }}
                  />
                ))}
                {section.chapters.length === 0 ? (
                  <li
                    className="course-outline__empty"
                    data-drop-target={(dragging?.kind === 'chapter' && over === `empty-${section.guId}`) || undefined}
                    onDragOver={(event) => {
                      if (dragging?.kind !== 'chapter') return;
                      event.preventDefault();
                      event.stopPropagation();
                      setOver(`empty-${section.guId}`);
                    }}
                    onDrop={(event) => {
                      if (dragging?.kind !== 'chapter') return;
                      event.preventDefault();
                      event.stopPropagation();
                      void moveChapter(dragging.id, { sectionId: section.guId, index: 0 });
                      endDrag();
                    }}
                  >
                    <Text size="sm" c="dimmed">
                      No chapters yet.
                    </Text>
                  </li>
                ) : null}
              </ol>
              <Menu position="bottom-start">
                <Menu.Target>
                  <Button
                    variant="light"
                    size="xs"
                    mt="xs"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    rightSection={<IconChevronDown size={14} aria-hidden />}
                    aria-label={`Add chapter to ${section.title}`}
                  >
                    Add Chapter
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {ADD_KINDS.map((type) => (
                    <Menu.Item
                      key={type}
                      onClick={() => setChapterTarget({ mode: 'add', type, sectionId: section.guId })}
                    >
                      {CHAPTER_TYPE_LABELS[type]}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Card>
          </li>
        ))}
      </ol>
      <SectionDialog
        target={sectionTarget}
        courseId={course.guId}
        onClose={() => setSectionTarget(null)}
        onSaved={setCourse}
      />
      <ChapterDialog
        target={chapterTarget}
        course={course}
        timeZone={timeZone}
        onClose={() => setChapterTarget(null)}
        onSaved={setCourse}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting?.kind === 'section' ? 'Delete section' : 'Delete chapter'}
        message={
          <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>
            {deleting?.title} will be deleted, Are you sure?
            {deleting?.kind === 'section' ? ' Its chapters and the students’ progress in them go with it.' : ''}
          </Text>
        }
        confirmLabel="Delete"
        danger
        busy={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
