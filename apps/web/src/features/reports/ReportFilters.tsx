import {
  type ItemCategoryList,
  type ItemList,
  LINE_KIND_LABELS,
  type MembershipList,
  PAYMENT_METHOD_LABELS,
} from '@atrium/contracts';
import { type ComboboxData, type ComboboxItem, Loader, Select, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { ReportFilter } from './report-kinds';
import { REPORT_KINDS, type ReportParams } from './report-params';

type Option = ComboboxItem;
type Options = Option[] | { group: string; items: Option[] }[];

const fromLabels = (labels: Record<string, string>): Option[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * The choices of a filter, from the catalogue calls that exist: products and services
 * (GET /rest/item) and memberships (GET /item/membership), archived ones too, since a report looks
 * back; the categories (GET /rest/itemCategory); kinds and methods are fixed lists.
 */
function useFilterOptions(source: ReportFilter['options']) {
  return useQuery({
    queryKey: ['reports', 'filter-options', source] as const,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<Options> => {
      if (source === 'kinds') return fromLabels(LINE_KIND_LABELS);
      if (source === 'methods') return fromLabels(PAYMENT_METHOD_LABELS);
      if (source === 'categories') {
        const list = await apiRequest<ItemCategoryList>('/rest/itemCategory', {
          query: { start: 0, length: 1000, isShowArchived: true },
          signal,
        });
        return list.data.map((category) => ({ value: category.guId, label: category.name }));
      }
      const [catalogue, memberships] = await Promise.all([
        apiRequest<ItemList>('/rest/item', { query: { start: 0, length: 1000, isShowArchived: true }, signal }),
        apiRequest<MembershipList>('/item/membership', { query: { showArchive: true }, signal }),
      ]);
      return [
        {
          group: 'Products and services',
          items: catalogue.data.map((item) => ({ value: item.guId, label: item.name })),
        },
        { group: 'Memberships', items: memberships.data.map((item) => ({ value: item.guId, label: item.name })) },
      ].filter((group) => group.items.length > 0);
    },
  });
}

function FilterSelect(props: { filter: ReportFilter; value: string | undefined; onChange: (value?: string) => void }) {
  const { filter, value, onChange } = props;
  const options = useFilterOptions(filter.options);
  const data = options.data ?? [];
  // a linked id that is not among the choices (a class, say) stays chosen, by its id
  const known = data.some((entry) =>
    'items' in entry ? entry.items.some((option) => option.value === value) : entry.value === value,
  );
  const shown: ComboboxData = value && !known && options.data ? [...data, { value, label: value }] : data;
  return (
    <Select
      label={filter.label}
      placeholder="All"
      clearable
      searchable
      nothingFoundMessage="Nothing matches"
      data={shown}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      rightSection={
        options.isLoading ? <Loader size="xs" aria-label={`Loading ${filter.label.toLowerCase()}`} /> : null
      }
      error={options.isError ? 'The choices could not be loaded' : undefined}
    />
  );
}

/** The chosen report's filters that its grouping takes, each a Select whose choice lives in the address. */
export function ReportFilters(props: { params: ReportParams; onChange: (filters: Record<string, string>) => void }) {
  const { params, onChange } = props;
  const filters = (REPORT_KINDS[params.report].filters ?? []).filter((filter) => filter.appliesTo(params.groupBy));
  if (filters.length === 0) return null;
  const set = (name: string, value?: string) => {
    const next = { ...params.filters };
    if (value) next[name] = value;
    else delete next[name];
    onChange(next);
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} mt="sm" className="no-print">
      {filters.map((filter) => (
        <FilterSelect
          key={filter.name}
          filter={filter}
          value={params.filters?.[filter.name]}
          onChange={(value) => set(filter.name, value)}
        />
      ))}
    </SimpleGrid>
  );
}
