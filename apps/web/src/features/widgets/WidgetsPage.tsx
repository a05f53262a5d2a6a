import type { Widget } from '@atrium/contracts';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { formatDateTime } from '../../lib/format';
import { useTenant } from '../session/session-store';
import { SettingsHeader } from '../settings/SettingsHeader';
import { widgetKeys, widgetsApi } from './api';
import { filterWidgets, WIDGET_PAGE_SIZE, WIDGET_PAGE_SIZES, WIDGET_SEARCH_DEBOUNCE_MS } from './widget-rules';

export const widgetPath = (guId: string) => `/settings/widgets/${encodeURIComponent(guId)}`;

const LIST = { pageSizes: WIDGET_PAGE_SIZES, defaultPageSize: WIDGET_PAGE_SIZE };

/** What a widget is, said on the screen (decisions/faces.md "Widgets explain themselves"). */
export const WIDGETS_EXPLAINED =
  'A widget shows a piece of your studio on another website: an announcement, your events, past events or a link, in a frame of the width and height set here. Open a widget to change its address or size.';

/**
 * Spec 2 §2 "Widgets": header with the count, name search, Name/Type/Last Published/Last Updated.
 * Reached by its address only (not a Settings tile: a studio cannot add one), so it says what it is.
 */
export default function WidgetsPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const list = useListState(LIST, WIDGET_SEARCH_DEBOUNCE_MS);
  const widgets = useQuery({ queryKey: widgetKeys.list, queryFn: widgetsApi.list, staleTime: 0 });
  const all = widgets.data ?? [];
  const when = (iso: string | null) => (iso ? formatDateTime(iso, tenant.timezone) : '—');

  const columns: ListColumn<Widget>[] = [
    { key: 'name', header: 'Name', cell: (widget) => widget.name, sortValue: (widget) => widget.name },
    { key: 'type', header: 'Type', cell: (widget) => widget.type, sortValue: (widget) => widget.type },
    {
      key: 'published',
      header: 'Last Published',
      cell: (widget) => when(widget.publishedDateStr),
      sortValue: (widget) => widget.publishedDateStr,
    },
    {
      key: 'updated',
      header: 'Last Updated',
      cell: (widget) => when(widget.dateUpdatedStr),
      sortValue: (widget) => widget.dateUpdatedStr,
    },
  ];

  return (
    <ListScreen
      id="widgets"
      header={
        <>
          <SettingsHeader title={`Widgets (${all.length})`} />
          <Text maw={720} mb="md">
            {WIDGETS_EXPLAINED}
          </Text>
        </>
      }
      tableLabel="Widgets"
      list={list}
      search={{ label: 'Search widgets', type: 'search' }}
      query={widgets}
      rows={filterWidgets(all, list.params.search)}
      rowKey={(widget) => widget.guId}
      columns={columns}
      onRowClick={(widget) => navigate(widgetPath(widget.guId))}
      noun="widgets"
      texts={{ none: 'No widgets found', noMatch: 'No widgets found' }}
      emptyHint="Widgets made for your studio are listed here."
      minWidth={640}
      highlightOnHover
    />
  );
}
