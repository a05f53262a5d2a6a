import type { Chapter, ChapterType, CourseDetail } from '@atrium/contracts';
import { Anchor, Checkbox, Input, Loader, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { FormDialog } from '../../../app/components/FormDialog';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../../lib/notify';
import { RichTextField } from '../../forms/RichTextField';
import { LazyVideoUploader } from '../../video';
import { coursesAdminApi } from './api';
import { ChapterFileField } from './ChapterFileField';
import { ChapterVideoStatus } from './ChapterVideoStatus';
import {
  blankChapterForm,
  CHAPTER_TYPE_LABELS,
  type ChapterForm,
  chapterBody,
  chapterFormOf,
  chapterUpdateOf,
} from './course-rules';

export type ChapterTarget =
  | { mode: 'add'; type: ChapterType; sectionId: string }
  | { mode: 'edit'; chapter: Chapter }
  | null;

interface Props {
  target: ChapterTarget;
  course: CourseDetail;
  timeZone: string;
  onClose: () => void;
  onSaved: (course: CourseDetail) => void;
}

/** Add or edit a chapter: its title, section and the content of its kind (video, text, file, live session). */
export function ChapterDialog({ target, course, timeZone, onClose, onSaved }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const type = target?.mode === 'edit' ? target.chapter.type : target?.type;
  const title = target
    ? `${target.mode === 'add' ? 'Add' : 'Edit'} ${CHAPTER_TYPE_LABELS[type as ChapterType].toLowerCase()} chapter`
    : 'Chapter';
  const [pending, setPending] = useState(false);
  const [form, setForm] = useState<ChapterForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [openedFor, setOpenedFor] = useState<ChapterTarget>(null);
  // A fresh form each time the dialog opens for a chapter (set while rendering, before the fields mount).
  if (target !== openedFor) {
    setOpenedFor(target);
    setErrors({});
    setForm(
      target === null
        ? null
        : target.mode === 'edit'
          ? chapterFormOf(target.chapter, timeZone)
          : blankChapterForm(target.type, target.sectionId),
    );
  }
  const set = <K extends keyof ChapterForm>(key: K, value: ChapterForm[K]) =>
    setForm((current) => (current ? { ...current, [key]: value } : current));
  const editing = target?.mode === 'edit' ? target.chapter : null;

  const submit = async () => {
    if (!form || !target) return;
    const checked = chapterBody(form, timeZone);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const saved =
        target.mode === 'add'
          ? await coursesAdminApi.addChapter(course.guId, target.sectionId, checked.body)
          : await coursesAdminApi.changeChapter(
              course.guId,
              target.chapter.guId,
              chapterUpdateOf(checked.body, form, target.chapter),
            );
      showSuccessToast(
        target.mode === 'add' ? `${checked.body.title} is added successfully.` : 'Updated successfully.',
      );
      onSaved(saved);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.field && error.field !== 'type') setErrors({ [error.field]: error.message });
      else showErrorToast(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      opened={target !== null}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={phone}
      pending={pending}
      submitLabel={target?.mode === 'add' ? 'Add' : 'Save'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {form ? (
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            data-autofocus
            maxLength={200}
            value={form.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={errors.title}
          />
          {editing && course.sections.length > 1 ? (
            <Select
              label="Section"
              description="A chapter moved to another section goes to its end."
              data={course.sections.map((section) => ({ value: section.guId, label: section.title }))}
              value={form.sectionId}
              onChange={(value) => value && set('sectionId', value)}
              allowDeselect={false}
              error={errors.sectionId}
            />
          ) : null}
          {form.type === 'video' ? (
            <VideoFields form={form} set={set} error={errors.videoAssetId} />
          ) : form.type === 'text' ? (
            <RichTextField label="Text" value={form.html} onChange={(html) => set('html', html)} />
          ) : form.type === 'file' ? (
            <ChapterFileField
              value={form.fileId}
              currentName={editing?.fileName ?? null}
              onChange={(fileId) => set('fileId', fileId)}
              error={errors.fileId}
            />
          ) : (
            <LiveFields form={form} set={set} errors={errors} timeZone={timeZone} joinUrl={editing?.joinUrl ?? null} />
          )}
          <Checkbox
            label="Part of the demo (people who register for the demo may open it)"
            checked={form.isDemo}
            onChange={(event) => set('isDemo', event.currentTarget.checked)}
          />
          {errors.type ? (
            <Text size="sm" c="red.8" role="alert">
              {errors.type}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </FormDialog>
  );
}

type Setter = <K extends keyof ChapterForm>(key: K, value: ChapterForm[K]) => void;

function VideoFields({ form, set, error }: { form: ChapterForm; set: Setter; error?: string }) {
  // The uploader stays once shown (it follows its upload through the transcode); a saved video shows its state.
  const [uploading, setUploading] = useState(!form.videoAssetId);
  return (
    <Input.Wrapper label="Video" required error={error}>
      <Stack gap="xs" mt={4}>
        {!uploading && form.videoAssetId ? (
          <>
            <ChapterVideoStatus assetId={form.videoAssetId} />
            <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setUploading(true)}>
              Replace the video
            </Anchor>
          </>
        ) : (
          <Suspense fallback={<Loader size="sm" aria-label="Loading the uploader" />}>
            <LazyVideoUploader
              title={form.title}
              joinIntro={form.joinIntro}
              joinOutro={form.joinOutro}
              onUploaded={(assetId) => set('videoAssetId', assetId)}
            />
          </Suspense>
        )}
        <Text size="xs" c="dimmed">
          Large videos resume where they stopped if the connection drops. You can save the chapter while the video is
          processing.
        </Text>
        <Checkbox
          label="Play the studio's intro video before it"
          checked={form.joinIntro}
          onChange={(event) => set('joinIntro', event.currentTarget.checked)}
        />
        <Checkbox
          label="Play the studio's outro video after it"
          checked={form.joinOutro}
          onChange={(event) => set('joinOutro', event.currentTarget.checked)}
        />
      </Stack>
    </Input.Wrapper>
  );
}

function LiveFields({
  form,
  set,
  errors,
  timeZone,
  joinUrl,
}: {
  form: ChapterForm;
  set: Setter;
  errors: Record<string, string>;
  timeZone: string;
  joinUrl: string | null;
}) {
  return (
    <>
      <TextInput
        type="datetime-local"
        label="Starts at"
        description={`In the studio's time zone (${timeZone}).`}
        required
        value={form.startsAt}
        onChange={(event) => set('startsAt', event.currentTarget.value)}
        error={errors.startsAt}
      />
      <NumberInput
        label="Duration (minutes)"
        required
        min={1}
        max={1440}
        allowDecimal={false}
        value={form.durationMinutes}
        onChange={(value) => set('durationMinutes', String(value))}
        error={errors.durationMinutes}
      />
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {joinUrl
          ? `Zoom meeting: ${joinUrl}`
          : "A Zoom meeting is made through the studio's Zoom connection when you save (Settings > Integrations)."}
      </Text>
    </>
  );
}
