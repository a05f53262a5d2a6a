import { formatFileSize } from '@atrium/contracts';
import { Input, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { filesApi } from '../../files/api';
import { UploadButton } from '../../files/UploadButton';

interface Props {
  value: string | null;
  /** The chosen file's name (an edited chapter's, before the list has loaded). */
  currentName: string | null;
  onChange: (fileId: string, fileName: string) => void;
  error?: string;
}

/** A file chapter's document: picked from the studio's files (/files) by name, or uploaded here. */
export function ChapterFileField({ value, currentName, onChange, error }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const files = useQuery({
    queryKey: ['files', 'list', 'course-picker', debounced],
    queryFn: () => filesApi.list({ start: 0, length: 50, search: debounced.trim(), source: 'staff', sort: '-date' }),
  });
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(
    value && currentName ? { id: value, name: currentName } : null,
  );
  const options = (files.data?.data ?? []).map((file) => ({
    value: file.id,
    label: `${file.fileName} (${formatFileSize(file.size)})`,
  }));
  if (picked && !options.some((option) => option.value === picked.id)) {
    options.unshift({ value: picked.id, label: picked.name });
  }
  return (
    <Input.Wrapper label="File" required error={error}>
      <Stack gap="xs" mt={4}>
        <Select
          aria-label="Choose a file from Files"
          placeholder="Search Files"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={options}
          value={value}
          nothingFoundMessage={files.isFetching ? 'Searching…' : 'No files found'}
          onChange={(id) => {
            const option = options.find((o) => o.value === id);
            if (!id || !option) return;
            const file = files.data?.data.find((f) => f.id === id);
            const name = file?.fileName ?? option.label;
            setPicked({ id, name });
            onChange(id, name);
          }}
          error={Boolean(error)}
        />
        <Text size="xs" c="dimmed">
          Or upload a new one; it is kept in Files too.
        </Text>
        <UploadButton
          url="/rest/files"
          maxBytes={files.data?.maxUploadBytes}
          label="Upload File"
          onUploaded={(file) => {
            setPicked({ id: file.id, name: file.fileName });
            onChange(file.id, file.fileName);
            void files.refetch();
          }}
        />
      </Stack>
    </Input.Wrapper>
  );
}
