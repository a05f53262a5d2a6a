import {
  FILE_PAGE_SIZE_DEFAULT,
  FILE_PAGE_SIZES,
  fileKindLabel,
  formatFileSize,
  type StudioFile,
} from '@atrium/contracts';
import { ActionIcon, Text } from '@mantine/core';
import { IconDownload, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { formatDateTime } from '../../lib/format';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { downloadFile, type FileListParams, filesApi } from './api';
import { useFileDelete } from './FileDeleteDialog';
import { fileSortOf, shareSummary } from './file-rules';
import { RenameDialog } from './RenameDialog';
import { ShareDialog } from './ShareDialog';
import { UploadButton } from './UploadButton';

const LIST = { pageSizes: FILE_PAGE_SIZES, defaultPageSize: FILE_PAGE_SIZE_DEFAULT, filters: ['source'] };

const wrap = { overflowWrap: 'anywhere' } as const;

/**
 * /files: the studio's documents for members (worksheets, PDFs, images), newest first; upload with
 * progress, share with members or every student, rename, delete. Members' own uploads show here too.
 */
export default function FilesPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Files');
  const { user } = useSession();
  const mayManage = user?.role === 'admin' || user?.role === 'staff';
  const list = useListState(LIST);
  const { params: state } = list;
  const source = state.filters.source;
  const params: FileListParams = {
    start: (state.page - 1) * state.pageSize,
    length: state.pageSize,
    search: state.search.trim(),
    source: source === 'staff' || source === 'member' ? source : null,
    sort: fileSortOf(state.sort),
  };
  const files = useQuery({
    queryKey: ['files', 'list', params],
    queryFn: () => filesApi.list(params),
    placeholderData: keepPreviousData,
  });
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['files'] });
  const [sharing, setSharing] = useState<StudioFile | null>(null);
  const [renaming, setRenaming] = useState<StudioFile | null>(null);
  const deletion = useFileDelete<StudioFile>(filesApi.remove, refresh);

  const columns: ListColumn<StudioFile>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      cell: (file) => (
        <>
          <Text size="sm" fw={500} style={wrap}>
            {file.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {fileKindLabel(file.contentType)}
          </Text>
        </>
      ),
    },
    { key: 'size', header: 'Size', sortable: true, cell: (file) => formatFileSize(file.size) },
    {
      key: 'date',
      header: 'Uploaded',
      sortable: true,
      cell: (file) => (
        <>
          <Text size="sm">{formatDateTime(file.createdAt, tenant.timezone)}</Text>
          <Text size="xs" c="dimmed" style={wrap}>
            {file.source === 'member' ? `By ${file.uploadedByName || 'a member'} (member)` : file.uploadedByName}
          </Text>
        </>
      ),
    },
    {
      key: 'shared',
      header: 'Shared with',
      cell: (file) => (
        <Text size="sm" style={wrap}>
          {file.source === 'member' && file.shares.length === 0 ? 'Uploaded by the member' : shareSummary(file.shares)}
        </Text>
      ),
    },
  ];

  return (
    <ListScreen
      id="files"
      title="Files"
      description="Worksheets, PDFs and images for your members. Share a file to show it on their My Files page."
      actions={
        mayManage ? (
          <UploadButton
            url="/rest/files"
            maxBytes={files.data?.maxUploadBytes}
            label="Upload File"
            onUploaded={refresh}
          />
        ) : null
      }
      list={list}
      search={{ label: 'Search files', placeholder: 'Search by name or uploader' }}
      filters={[
        {
          key: 'source',
          label: 'Uploaded by',
          placeholder: 'Everyone',
          data: [
            { value: 'staff', label: 'The studio' },
            { value: 'member', label: 'Members' },
          ],
        },
      ]}
      query={files}
      rows={files.data?.data ?? []}
      total={files.data?.recordsTotal ?? 0}
      rowKey={(file) => file.id}
      columns={columns}
      rowActions={(file) => (
        <>
          <ActionIcon variant="subtle" aria-label={`Download ${file.fileName}`} onClick={() => downloadFile(file)}>
            <IconDownload size={18} aria-hidden />
          </ActionIcon>
          {mayManage ? (
            <>
              <ActionIcon variant="subtle" aria-label={`Share ${file.fileName}`} onClick={() => setSharing(file)}>
                <IconShare size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={`Rename ${file.fileName}`} onClick={() => setRenaming(file)}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${file.fileName}`}
                onClick={() => deletion.ask(file)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </>
          ) : null}
        </>
      )}
      noun="files"
      emptyHint={
        mayManage
          ? 'Upload a worksheet or a PDF with Upload File, then share it with your members.'
          : 'Files your studio uploads show here.'
      }
      minWidth={720}
      highlightOnHover
    >
      <ShareDialog file={sharing} onClose={() => setSharing(null)} onChanged={() => refresh()} />
      <RenameDialog file={renaming} onClose={() => setRenaming(null)} onSaved={refresh} />
      {deletion.dialog('Members it is shared with lose it too. This cannot be undone.')}
    </ListScreen>
  );
}
