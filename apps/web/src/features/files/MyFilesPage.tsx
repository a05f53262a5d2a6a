import { fileKindLabel, formatFileSize, type MyFile } from '@atrium/contracts';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { downloadFile, filesApi } from './api';
import { useFileDelete } from './FileDeleteDialog';
import { UploadButton } from './UploadButton';

const wrap = { overflowWrap: 'anywhere' } as const;

function FileItems({
  files,
  label,
  timeZone,
  onDelete,
}: {
  files: MyFile[];
  label: string;
  timeZone: string;
  onDelete?: (file: MyFile) => void;
}) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (file: MyFile) => {
    setDownloading(file.id);
    await downloadFile(file).catch(() => undefined);
    setDownloading(null);
  };
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {files.map((file) => (
        <Paper component="li" key={file.id} withBorder p="sm" radius="md">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Text fw={500} style={wrap}>
                {file.fileName}
              </Text>
              <Text size="sm" c="dimmed">
                {fileKindLabel(file.contentType)} · {formatFileSize(file.size)} ·{' '}
                {formatDateTime(file.sharedAt ?? file.createdAt, timeZone)}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="light"
                size="sm"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={downloading === file.id}
                aria-label={`Download ${file.fileName}`}
                onClick={() => download(file)}
              >
                Download
              </Button>
              {onDelete ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="sm"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={`Delete ${file.fileName}`}
                  onClick={() => onDelete(file)}
                >
                  Delete
                </Button>
              ) : null}
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** /myfiles: what the studio shared with the member, and what they uploaded themselves. */
export default function MyFilesPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'My Files');
  const files = useQuery({ queryKey: ['files', 'mine'], queryFn: filesApi.mine });
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['files', 'mine'] });
  const deletion = useFileDelete<MyFile>(filesApi.removeMine, refresh);

  return (
    <Stack component="section" aria-labelledby="my-files-title" gap="lg">
      <Title order={1} id="my-files-title">
        My Files
      </Title>
      {files.isPending ? (
        <Loader aria-label="Loading files" />
      ) : files.isError ? (
        <Alert color="red" title="Files could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Please try again.</Text>
            <Button size="xs" variant="default" onClick={() => files.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Stack component="section" aria-labelledby="shared-files-title" gap="sm">
            <Title order={2} size="h3" id="shared-files-title">
              Shared with me
            </Title>
            {files.data.shared.length === 0 ? (
              <Text>Nothing yet. Worksheets and documents your studio shares with you show here.</Text>
            ) : (
              <FileItems files={files.data.shared} label="Shared with me" timeZone={tenant.timezone} />
            )}
          </Stack>
          <Stack component="section" aria-labelledby="my-uploads-title" gap="sm">
            <Title order={2} size="h3" id="my-uploads-title">
              My uploads
            </Title>
            <UploadButton
              url="/rest/myfiles"
              maxBytes={files.data.maxUploadBytes}
              label="Upload a file"
              onUploaded={refresh}
            />
            {files.data.mine.length === 0 ? (
              <Text>Files you upload for your studio (a form, a photo, your homework) show here.</Text>
            ) : (
              <FileItems
                files={files.data.mine}
                label="My uploads"
                timeZone={tenant.timezone}
                onDelete={deletion.ask}
              />
            )}
          </Stack>
        </>
      )}
      {deletion.dialog('The studio will no longer see it.')}
    </Stack>
  );
}
