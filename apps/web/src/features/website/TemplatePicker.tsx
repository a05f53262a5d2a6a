import type { TEMPLATE_PAGE_TYPES, WebTemplate } from '@atrium/contracts';
import {
  ActionIcon,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCode, IconFile, IconLayoutDashboard, IconSearch, IconTemplate, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { type Starter, startersFor } from './designer-starters';
import { useDeleteTemplate, useTemplates } from './hooks';

export const TEMPLATE_PAGE_SIZES = ['5', '10', '25', '100'];

interface Props {
  pageType: (typeof TEMPLATE_PAGE_TYPES)[number];
  onEmpty: () => void;
  onStarter: (starter: Starter) => void;
  onHtml: () => void;
  onTemplate: (template: WebTemplate) => void;
}

function Choice({
  label,
  icon,
  onClick,
  children,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="sm" className="atrium-template-card">
      <UnstyledButton onClick={onClick} className="atrium-template-card__pick" aria-label={`Use ${label}`}>
        <div className="atrium-template-card__thumb" aria-hidden="true">
          {icon}
        </div>
        <Text fw={500} size="sm" mt="xs" ta="center">
          {label}
        </Text>
      </UnstyledButton>
      {children}
    </Card>
  );
}

/** Step 1 'Select Template': Empty, HTML, and the saved templates, paged and searchable (spec 3 §2.1, §9). */
export function TemplatePicker({ pageType, onEmpty, onStarter, onHtml, onTemplate }: Props) {
  const tenant = useTenant();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [pageSize, setPageSize] = useState(5);
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<WebTemplate | null>(null);
  const templates = useTemplates({ pageType, start: (page - 1) * pageSize, max: pageSize, search: debounced });
  const remove = useDeleteTemplate();
  const total = templates.data?.total ?? 0;

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, {
      onSuccess: () => {
        showSuccessToast('Template deleted successfully');
        setToDelete(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          label="Search Templates"
          placeholder="Search Templates"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
        {startersFor(pageType).map((starter) => (
          <Choice
            key={starter.id}
            label={starter.label}
            icon={<IconLayoutDashboard size={40} />}
            onClick={() => onStarter(starter)}
          />
        ))}
        <Choice label="Empty Template" icon={<IconFile size={40} />} onClick={onEmpty} />
        <Choice label="HTML template" icon={<IconCode size={40} />} onClick={onHtml} />
        {templates.data?.data.map((template) => (
          <Choice
            key={template._id}
            label={template.name}
            onClick={() => onTemplate(template)}
            icon={
              template.s3Url || template.thumbnail ? (
                <img src={template.s3Url ?? template.thumbnail ?? ''} alt="" />
              ) : (
                <IconTemplate size={40} />
              )
            }
          >
            {template.orgId === tenant.orgId && (
              <ActionIcon
                variant="subtle"
                color="red"
                className="atrium-template-card__delete"
                aria-label={`Delete template ${template.name}`}
                onClick={() => setToDelete(template)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Choice>
        ))}
      </SimpleGrid>
      {templates.isLoading && <Text c="dimmed">Loading templates…</Text>}
      {templates.data && total === 0 && (
        <Text c="dimmed" size="sm">
          {debounced.trim() ? 'No saved templates match your search.' : 'No saved templates yet.'}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap">
        <Select
          label="Templates per page"
          data={TEMPLATE_PAGE_SIZES}
          value={String(pageSize)}
          onChange={(value) => {
            setPageSize(Number(value ?? 5));
            setPage(1);
          }}
          allowDeselect={false}
          w={140}
        />
        {total > pageSize && (
          <Pagination
            total={Math.ceil(total / pageSize)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        )}
      </Group>
      <ConfirmDialog
        opened={!!toDelete}
        title="Delete template"
        message={`${toDelete?.name ?? ''} will be deleted, Are you sure?`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
