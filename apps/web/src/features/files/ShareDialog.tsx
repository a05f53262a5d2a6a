import { FILE_MESSAGES, type FileShare, type FileShareInput, type StudioFile } from '@atrium/contracts';
import { ActionIcon, Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUsersGroup, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { ContactSearch } from '../contacts/ContactSearch';
import { filesApi, shareableCourses } from './api';

interface Props {
  file: StudioFile | null;
  onClose: () => void;
  /** The file as the server has it after each change (the list refreshes from it). */
  onChanged: (file: StudioFile) => void;
}

const shareName = (share: FileShare) =>
  share.kind === 'students'
    ? 'All students'
    : share.kind === 'course'
      ? `Students of ${share.courseName ?? 'a course'}`
      : (share.contactName ?? 'A member');

/**
 * Share a file: with members picked by the contact search, or with every student; each share can be
 * taken back. Every change is saved at once (no Save button), as sharing dialogs of file stores do.
 */
export function ShareDialog({ file, onClose, onChanged }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [current, setCurrent] = useState<StudioFile | null>(file);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => setCurrent(file), [file]);

  const run = async (key: string, call: () => Promise<StudioFile>, message: string) => {
    setBusy(key);
    try {
      const updated = await call();
      setCurrent(updated);
      onChanged(updated);
      showSuccessToast(message);
    } catch {
      // The API client toasted the refusal; the dialog stays as it was.
    } finally {
      setBusy(null);
    }
  };
  const share = (input: FileShareInput, key: string) =>
    current && run(key, () => filesApi.share(current.id, input), FILE_MESSAGES.shared);

  // The studio's courses, for "the students of a course"; absent when courses are off or not the user's to manage.
  const courses = useQuery({
    queryKey: ['files', 'share-courses'],
    queryFn: shareableCourses,
    enabled: file !== null,
    staleTime: 60_000,
  });
  const shares = current?.shares ?? [];
  const sharedCourses = new Set(shares.flatMap((s) => (s.courseId ? [s.courseId] : [])));
  const courseOptions = (courses.data ?? []).filter((course) => !sharedCourses.has(course.value));
  const withEveryone = shares.some((s) => s.kind === 'students');
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={current ? `Share ${current.fileName}` : 'Share'}
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      <Stack gap="md">
        <ContactSearch
          label="Share with a member"
          exclude={shares.flatMap((s) => (s.contactId ? [s.contactId] : []))}
          onPick={(contact) => share({ kind: 'contact', contactId: contact.id }, `contact:${contact.id}`)}
        />
        <Button
          variant="default"
          leftSection={<IconUsersGroup size={18} aria-hidden />}
          disabled={withEveryone}
          loading={busy === 'students'}
          onClick={() => share({ kind: 'students' }, 'students')}
        >
          {withEveryone ? 'Shared with all students' : 'Share with all students'}
        </Button>
        {courses.data && courses.data.length > 0 ? (
          <Select
            label="Share with the students of a course"
            placeholder={courseOptions.length > 0 ? 'Choose a course' : 'Shared with every course'}
            data={courseOptions}
            value={null}
            searchable
            disabled={courseOptions.length === 0 || busy === 'course'}
            onChange={(courseId) => courseId && share({ kind: 'course', courseId }, 'course')}
          />
        ) : null}
        <section aria-labelledby="file-shares-title">
          <Title order={2} size="h5" id="file-shares-title" mb="xs">
            Shared with
          </Title>
          {shares.length === 0 ? (
            <Text size="sm">Nobody yet: only staff can open this file.</Text>
          ) : (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {shares.map((s) => (
                <Group key={s.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {shareName(s)}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Stop sharing with ${shareName(s)}`}
                    loading={busy === s.id}
                    onClick={() =>
                      current && run(s.id, () => filesApi.unshare(current.id, s.id), FILE_MESSAGES.unshared)
                    }
                  >
                    <IconX size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
        </section>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
