import type { Course } from '@atrium/contracts';
import { ActionIcon, Anchor, Badge, Button, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../../app/components/list-kit';
import { showSuccessToast } from '../../../lib/notify';
import { DeleteDialog } from '../../dialogs/ConfirmDialog';
import { useTenant } from '../../session/session-store';
import { useDocumentHead } from '../../tenant/tenant-head';
import { type CourseListParams, courseKeys, coursesAdminApi } from './api';
import { CourseCreateDialog } from './CourseCreateDialog';
import { priceLabel } from './course-rules';
import { editorPath } from './paths';

const LIST = { pageSizes: [10, 25, 50, 100], defaultPageSize: 25, filters: ['status'] };
const wrap = { overflowWrap: 'anywhere' } as const;

export function StatusBadge({ status }: { status: Course['status'] }) {
  return status === 'published' ? <Badge color="teal.9">Published</Badge> : <Badge color="gray.8">Draft</Badge>;
}

/**
 * /services (spec 1 §2 admin "Courses"): the studio's courses with price, status and students;
 * a new course is a draft named in a dialog and then built in the editor (/content/{id}).
 */
export default function CoursesPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Courses');
  const navigate = useNavigate();
  const list = useListState(LIST);
  const { params: state } = list;
  const status = state.filters.status;
  const params: CourseListParams = {
    start: (state.page - 1) * state.pageSize,
    length: state.pageSize,
    search: state.search.trim(),
    status: status === 'draft' || status === 'published' ? status : null,
  };
  const courses = useQuery({
    queryKey: courseKeys.list(params),
    queryFn: () => coursesAdminApi.list(params),
    placeholderData: keepPreviousData,
  });
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Course | null>(null);
  const remove = useMutation({
    mutationFn: (course: Course) => coursesAdminApi.remove(course.guId),
    onSuccess: (_, course) => {
      showSuccessToast(`${course.name} is deleted successfully.`);
      setDeleting(null);
      return client.invalidateQueries({ queryKey: courseKeys.all });
    },
    // The API client showed the refusal (a course with students is unpublished, not deleted).
    onError: () => setDeleting(null),
  });

  const columns: ListColumn<Course>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (course) => (
        <>
          <Anchor component={Link} to={editorPath(course.guId)} fw={500} size="sm" style={wrap}>
            {course.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {course.sectionCount} {course.sectionCount === 1 ? 'section' : 'sections'}, {course.chapterCount}{' '}
            {course.chapterCount === 1 ? 'chapter' : 'chapters'}
            {course.teacher ? ` · ${course.teacher.name}` : ''}
          </Text>
        </>
      ),
    },
    { key: 'price', header: 'Price', cell: (course) => priceLabel(course) },
    { key: 'status', header: 'Status', cell: (course) => <StatusBadge status={course.status} /> },
    { key: 'students', header: 'Students', align: 'right', cell: (course) => course.studentCount },
  ];

  return (
    <ListScreen
      id="courses"
      title="Courses"
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          Add Course
        </Button>
      }
      list={list}
      search={{ label: 'Search courses', placeholder: 'Search by name' }}
      filters={[
        {
          key: 'status',
          label: 'Status',
          placeholder: 'Any status',
          data: [
            { value: 'draft', label: 'Draft' },
            { value: 'published', label: 'Published' },
          ],
        },
      ]}
      query={courses}
      rows={courses.data?.data ?? []}
      total={courses.data?.recordsTotal ?? 0}
      rowKey={(course) => course.guId}
      columns={columns}
      rowActions={(course) => (
        <>
          <ActionIcon component={Link} to={editorPath(course.guId)} variant="subtle" aria-label={`Edit ${course.name}`}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${course.name}`}
            onClick={() => setDeleting(course)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </>
      )}
      noun="courses"
      emptyHint="Add a course with Add Course, then give it sections and chapters of video, text, files or live sessions."
      minWidth={640}
      highlightOnHover
    >
      <CourseCreateDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(course) => {
          client.invalidateQueries({ queryKey: courseKeys.all });
          navigate(editorPath(course.guId));
        }}
      />
      <DeleteDialog
        item={deleting}
        title="Delete course"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onDelete={(item) => remove.mutate(item)}
      >
        {deleting?.name} will be deleted, Are you sure?
      </DeleteDialog>
    </ListScreen>
  );
}
