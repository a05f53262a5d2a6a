import type { WebPageListItem } from '@atrium/contracts';
import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconSettings, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Busy } from '../../app/components/Busy';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { MediaManager } from '../media/MediaManager';
import { ExternalLinkPanel } from './ExternalLinkPanel';
import { useDeletePage, useUpdatePage, useWebsitePage } from './hooks';
import { ListingPlaceholder } from './ListingPlaceholder';
import { PageBuilder } from './PageBuilder';
import { PageHeaderBlock } from './PageHeaderBlock';
import { PageSettingsDialog } from './PageSettingsDialog';
import { PageTitleEditor } from './PageTitleEditor';
import { PreviewFrame } from './PreviewFrame';
import { pageControls } from './website-rules';

interface Props {
  name: string;
  /** The list entry, for the title while the page loads. */
  entry: WebPageListItem | undefined;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onDeleted: () => void;
}

/** The selected page: its header controls, then its listing, external link or builder (spec 3 §2.1). */
export function PagePanel({ name, entry, editing, onEditingChange, onDeleted }: Props) {
  const query = useWebsitePage(name);
  const update = useUpdatePage();
  const remove = useDeletePage();
  const [localTitle, setLocalTitle] = useState<string | null>(null);
  const [externalDraft, setExternalDraft] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  if (query.isLoading) return <Busy label="Loading the page" />;
  // A load that fails or returns nothing is an empty page in 'add' mode (spec 3 §4).
  const page = query.data ?? null;
  const title = page?.title ?? localTitle ?? entry?.title ?? name;
  const controls = pageControls(name, !!page);
  const external = controls.linkToggle && ((page?.isExternalLink ?? false) || externalDraft);

  const saveTitle = (next: string) => {
    if (!page) return setLocalTitle(next);
    update.mutate(
      { id: page.id, body: { title: next } },
      { onSuccess: () => showSuccessToast('Updated successfully.') },
    );
  };

  const setLinkMode = (mode: string) => {
    const toExternal = mode === 'external';
    setExternalDraft(toExternal);
    if (toExternal) onEditingChange(false);
    // Switching to external saves at once when the page already has an address; otherwise the
    // 'Enter URL' panel saves it with the address (the server requires one).
    if (!page || (toExternal && !page.externalLink)) return;
    update.mutate(
      { id: page.id, body: { isExternalLink: toExternal } },
      { onSuccess: () => showSuccessToast('Updated successfully.') },
    );
  };

  const setPublished = (isPublished: boolean) => {
    if (!page) return;
    update.mutate(
      { id: page.id, body: { isPublished } },
      {
        onSuccess: (saved) =>
          showSuccessToast(`${saved.title} Page is ${saved.isPublished ? 'Published' : 'Private'}.`),
      },
    );
  };

  const confirmDelete = () => {
    if (!page) return;
    remove.mutate(page, {
      onSuccess: (result) => {
        showSuccessToast(result.message);
        setDeleteOpen(false);
        onDeleted();
      },
    });
  };

  let body: ReactNode;
  if (controls.listing) {
    body = (
      <Stack gap="md">
        {page ? <PageHeaderBlock page={page} /> : null}
        {name === 'mediagallery' ? <MediaManager /> : <ListingPlaceholder name={name} title={title} />}
      </Stack>
    );
  } else if (external)
    // Keyed by the page alone: a refetch landing while the address is typed (or saved) must not
    // reset the field or drop the save's answer.
    body = <ExternalLinkPanel key={name} name={name} title={title} page={page} />;
  else if (editing || !page)
    body = (
      <PageBuilder
        key={`${name}-${page?.id ?? 'new'}`}
        name={name}
        page={page}
        title={title}
        onClose={() => onEditingChange(false)}
      />
    );
  else
    body = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          This is the page as visitors see it{page.isPublished ? '' : ' once it is published'}. Press Edit to change it.
          {page.draft ? ' It has a draft that is not published yet.' : ''}
        </Text>
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <PreviewFrame
            title={`${title} preview`}
            html={page.unhtml}
            css={page.css}
            header={page.header}
            subHeader={page.subHeader}
            height="50vh"
          />
        </Paper>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="md" wrap="wrap">
          <PageTitleEditor key={title} title={title} busy={update.isPending} onSave={saveTitle} />
          {controls.linkToggle && (
            <SegmentedControl
              aria-label="Page type"
              size="xs"
              value={external ? 'external' : 'internal'}
              onChange={setLinkMode}
              data={[
                { value: 'internal', label: 'Internal Page' },
                { value: 'external', label: 'External Link' },
              ]}
            />
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          {controls.publishToggle && page && (
            <Switch
              color="teal"
              label={page.isPublished ? 'Published' : 'Private'}
              checked={page.isPublished}
              disabled={update.isPending}
              onChange={(event) => setPublished(event.currentTarget.checked)}
            />
          )}
          {controls.designer && !external && page && !editing && (
            <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => onEditingChange(true)}>
              Edit
            </Button>
          )}
          {controls.deleteButton && (
            <Tooltip label="Delete page">
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                aria-label="Delete page"
                onClick={() => setDeleteOpen(true)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {controls.settingsGear && page && (
            <Tooltip label="Website Settings">
              <ActionIcon variant="light" size="lg" aria-label="Website Settings" onClick={() => setSettingsOpen(true)}>
                <IconSettings size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>

      {body}

      {page && <PageSettingsDialog opened={settingsOpen} page={page} onClose={() => setSettingsOpen(false)} />}
      <ConfirmDialog
        opened={deleteOpen}
        title="Delete page"
        message="Are you sure you want to delete this page?"
        confirmLabel="Delete"
        danger
        size={490}
        busy={remove.isPending}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
