import { Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListPager, pageOf } from '../../app/components/ListPager';
import { ListSearch } from '../../app/components/ListSearch';
import { formatDateTime } from '../../lib/format';
import { useTenant } from '../session/session-store';
import { SettingsHeader } from '../settings/SettingsHeader';
import { widgetKeys, widgetsApi } from './api';
import { filterWidgets, WIDGET_PAGE_SIZE, WIDGET_PAGE_SIZES, WIDGET_SEARCH_DEBOUNCE_MS } from './widget-rules';

export const widgetPath = (guId: string) => `/settings/widgets/${encodeURIComponent(guId)}`;

/** Spec 2 §2 "Widgets": header with the count, name search, Name/Type/Last Published/Last Updated. */
export default function WidgetsPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: widgetKeys.list, queryFn: widgetsApi.list, staleTime: 0 });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, WIDGET_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(WIDGET_PAGE_SIZE);
  const widgets = list.data ?? [];
  const matching = filterWidgets(widgets, debounced);
  const rows = pageOf(matching, page, pageSize);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, tenant.timezone) : '—');

  return (
    <Stack gap="md" component="section">
      <SettingsHeader title={`Widgets (${widgets.length})`}>
        <ListSearch
          label="Search widgets"
          type="search"
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          w={{ base: '100%', sm: 260 }}
        />
      </SettingsHeader>
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading widgets" />
        </Group>
      ) : matching.length === 0 ? (
        <Text c="dimmed" py="lg">
          No widgets found
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="Widgets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Last Published</Table.Th>
                <Table.Th>Last Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((widget) => (
                <Table.Tr
                  key={widget.guId}
                  onClick={() => navigate(widgetPath(widget.guId))}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') navigate(widgetPath(widget.guId));
                  }}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td>{widget.name}</Table.Td>
                  <Table.Td>{widget.type}</Table.Td>
                  <Table.Td>{when(widget.publishedDateStr)}</Table.Td>
                  <Table.Td>{when(widget.dateUpdatedStr)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {matching.length > 0 ? (
        <ListPager
          total={matching.length}
          page={page}
          pageSize={pageSize}
          pageSizes={WIDGET_PAGE_SIZES}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          noun="widgets"
        />
      ) : null}
    </Stack>
  );
}
