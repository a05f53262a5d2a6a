import { Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPager, pageOf } from '../../app/components/ListPager';
import { useTenant } from '../session/session-store';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { useTemplateList } from './hooks';
import { formatMediumDate, TEMPLATE_PAGE_SIZE, TEMPLATE_PAGE_SIZES } from './template-rules';

export const templateEditPath = (id: string) => `/settings/templates/edit/${encodeURIComponent(id)}`;

/** Spec 2 §2 "Email templates": the list, 5 a page, newest first. */
export default function EmailTemplatesPage() {
  const tenant = useTenant();
  const isAdmin = useIsAdmin();
  const list = useTemplateList();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TEMPLATE_PAGE_SIZE);
  const templates = list.data ?? [];
  const rows = pageOf(templates, page, pageSize);

  return (
    <Stack gap="md" component="section">
      <SettingsHeader title="Email Templates">
        {isAdmin ? (
          <Button component={Link} to="/settings/templates/add">
            Add Template
          </Button>
        ) : null}
      </SettingsHeader>
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading templates" />
        </Group>
      ) : templates.length === 0 ? (
        <Text c="dimmed" py="lg">
          No templates found
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="Email templates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Template Name</Table.Th>
                <Table.Th>Date Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((template) => (
                <Table.Tr key={template.id}>
                  <Table.Td>
                    <Anchor component={Link} to={templateEditPath(template.id)}>
                      {template.name}
                    </Anchor>
                    {template.systemKey ? (
                      <Text span size="xs" c="dimmed" ml="xs">
                        (used for the platform's email)
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatMediumDate(template.createdAt, tenant?.timezone)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {templates.length > 0 ? (
        <ListPager
          total={templates.length}
          page={page}
          pageSize={pageSize}
          pageSizes={TEMPLATE_PAGE_SIZES}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          noun="templates"
        />
      ) : null}
    </Stack>
  );
}
