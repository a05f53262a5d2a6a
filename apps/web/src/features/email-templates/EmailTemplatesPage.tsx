import type { EmailTemplate } from '@atrium/contracts';
import { Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { useTenant } from '../session/session-store';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { useTemplateList } from './hooks';
import { formatMediumDate, TEMPLATE_PAGE_SIZE, TEMPLATE_PAGE_SIZES } from './template-rules';

export const templateEditPath = (id: string) => `/settings/templates/edit/${encodeURIComponent(id)}`;

const LIST = { pageSizes: TEMPLATE_PAGE_SIZES, defaultPageSize: TEMPLATE_PAGE_SIZE };

/** Spec 2 §2 "Email templates": the list, 5 a page, newest first. */
export default function EmailTemplatesPage() {
  const tenant = useTenant();
  const isAdmin = useIsAdmin();
  const list = useListState(LIST);
  const templates = useTemplateList();

  const columns: ListColumn<EmailTemplate>[] = [
    {
      key: 'name',
      header: 'Template Name',
      sortValue: (template) => template.name,
      cell: (template) => (
        <>
          <Anchor component={Link} to={templateEditPath(template.id)}>
            {template.name}
          </Anchor>
          {template.systemKey ? (
            <Text span size="xs" c="dimmed" ml="xs">
              (used for the platform's email)
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'created',
      header: 'Date Created',
      sortValue: (template) => template.createdAt,
      cell: (template) => formatMediumDate(template.createdAt, tenant?.timezone),
    },
  ];

  return (
    <ListScreen
      id="templates"
      header={
        <SettingsHeader title="Email Templates">
          {isAdmin ? (
            <Button component={Link} to="/settings/templates/add">
              Add Template
            </Button>
          ) : null}
        </SettingsHeader>
      }
      tableLabel="Email templates"
      list={list}
      query={templates}
      rows={templates.data ?? []}
      rowKey={(template) => template.id}
      columns={columns}
      noun="templates"
      texts={{ none: 'No templates found' }}
      emptyHint={
        isAdmin
          ? 'Add a template with Add Template to reuse its text in your emails.'
          : 'Templates an admin adds show here.'
      }
      minWidth={420}
      highlightOnHover
    />
  );
}
