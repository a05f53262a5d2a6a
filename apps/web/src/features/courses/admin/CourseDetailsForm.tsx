import { COURSE_PRICINGS, type CourseDetail, findCurrency } from '@atrium/contracts';
import {
  Button,
  FileButton,
  Group,
  Image,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../../lib/notify';
import { RichTextField } from '../../forms/RichTextField';
import { fetchMedia, uploadMedia } from '../../media/api';
import { membershipsApi } from '../../memberships/api';
import { isPriced, NoCardPaymentsAlert } from '../../payment-settings/NoCardPaymentsAlert';
import { useTenant } from '../../session/session-store';
import { usersApi } from '../../users/api';
import { coursesAdminApi } from './api';
import { type DetailsForm, detailsBody, detailsFormOf, formFieldOf, PRICING_LABELS } from './course-rules';

/** Spec 3 §8: the text of a saved change. */
export const UPDATED = 'Updated successfully.';

/**
 * The course's details: name, description, teacher, image, how it is sold (free, a price, or only in
 * memberships) and the memberships that include it, and the preview chapter of its public page.
 */
export function CourseDetailsForm({
  course,
  setCourse,
}: {
  course: CourseDetail;
  setCourse: (c: CourseDetail) => void;
}) {
  const tenant = useTenant();
  const [form, setForm] = useState<DetailsForm>(() => detailsFormOf(course));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const client = useQueryClient();
  const staff = useQuery({ queryKey: ['users', 'staff'], queryFn: usersApi.staff });
  const media = useQuery({ queryKey: ['media'], queryFn: fetchMedia });
  const memberships = useQuery({
    queryKey: ['memberships', 'products', false],
    queryFn: () => membershipsApi.products(),
  });
  const set = <K extends keyof DetailsForm>(key: K, value: DetailsForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const images = (media.data ?? []).filter((item) => item.contentType.startsWith('image/'));
  const image = images.find((item) => item.id === form.imageId);
  const symbol = findCurrency(course.currency)?.symbol ?? course.currency;
  const chapters = course.sections.flatMap((section) =>
    section.chapters.map((chapter) => ({ value: chapter.guId, label: `${section.title}: ${chapter.title}` })),
  );

  const save = async () => {
    const checked = detailsBody(form, course.currency);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await coursesAdminApi.update(course.guId, checked.body);
      setCourse(saved);
      setForm(detailsFormOf(saved));
      showSuccessToast(UPDATED);
    } catch (error) {
      if (isApiError(error) && error.field) setErrors({ [formFieldOf(error.field)]: error.message });
      else showErrorToast(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const item = await uploadMedia(file);
      await client.invalidateQueries({ queryKey: ['media'] });
      set('imageId', item.id);
    } catch {
      // the API client showed the refusal
    } finally {
      setUploading(false);
    }
  };

  return (
    <form
      aria-labelledby="course-details-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md" maw={720}>
        <Title order={2} size="h3" id="course-details-title">
          Details
        </Title>
        <TextInput
          label="Course name"
          required
          maxLength={120}
          value={form.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errors.name}
        />
        <RichTextField label="Description" value={form.description} onChange={(html) => set('description', html)} />
        <Select
          label="Teacher"
          placeholder="No teacher"
          clearable
          searchable
          data={(staff.data ?? []).map((user) => ({
            value: user.guId,
            label: user.isTeacher ? `${user.fullName} (teacher)` : user.fullName,
          }))}
          value={form.teacherId}
          onChange={(value) => set('teacherId', value)}
          error={errors.teacherId}
        />
        <Stack gap={6}>
          <Select
            label="Image"
            placeholder="No image"
            description="From the media gallery; shown on the course page and in the courses listing."
            clearable
            searchable
            data={images.map((item) => ({ value: item.id, label: item.fileName }))}
            value={form.imageId}
            onChange={(value) => set('imageId', value)}
            error={errors.imageId}
          />
          <Group gap="sm" align="center" wrap="wrap">
            {image ? <Image src={image.url} alt={`${form.name} image`} h={72} w={128} fit="cover" radius="sm" /> : null}
            <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp,image/gif">
              {(props) => (
                <Button {...props} variant="default" size="xs" loading={uploading}>
                  Upload Image
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
        <Radio.Group
          label="Price"
          value={form.pricing}
          onChange={(value) => set('pricing', value as DetailsForm['pricing'])}
          error={errors.pricing}
        >
          <Stack gap={6} mt={6}>
            {COURSE_PRICINGS.map((pricing) => (
              <Radio key={pricing} value={pricing} label={PRICING_LABELS[pricing]} />
            ))}
          </Stack>
        </Radio.Group>
        {form.pricing === 'paid' ? (
          <TextInput
            label={`Price (${course.currency})`}
            required
            inputMode="decimal"
            leftSection={<span aria-hidden>{symbol}</span>}
            value={form.price}
            onChange={(event) => set('price', event.currentTarget.value)}
            error={errors.price}
            maw={240}
          />
        ) : null}
        <NoCardPaymentsAlert
          paymentProvider={tenant.paymentProvider}
          priced={form.pricing === 'paid' && isPriced(form.price)}
        />
        {form.pricing !== 'free' ? (
          <MultiSelect
            label="Memberships that include it"
            description={
              form.pricing === 'membership'
                ? 'Only active members of these memberships may take the course.'
                : 'Active members of these memberships take it without buying it.'
            }
            placeholder={form.membershipIds.length ? undefined : 'None'}
            searchable
            data={(memberships.data?.data ?? [])
              .filter((m) => !m.isArchived)
              .map((m) => ({ value: m.guId, label: m.name }))}
            value={form.membershipIds}
            onChange={(value) => set('membershipIds', value)}
            error={errors.membershipIds}
          />
        ) : null}
        <Select
          label="Preview chapter"
          description="Anyone may open it from the course page, before buying."
          placeholder={chapters.length ? 'No preview' : 'Add chapters first'}
          clearable
          data={chapters}
          value={form.previewChapterId}
          onChange={(value) => set('previewChapterId', value)}
          error={errors.previewChapterId}
        />
        {errors.slug ? (
          <Text c="red.8" size="sm" role="alert">
            {errors.slug}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
