import { Group, Pagination, Select, Text } from '@mantine/core';

const PAGER_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

interface Props {
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** What the rows are, for the count ("3 templates"). */
  noun: string;
  /** The server stopped counting at `total`: the count reads "1–50 of 10000+". */
  capped?: boolean;
}

/** A client-side list's footer: "1–5 of 12", rows per page and the page buttons. */
export function ListPager({ total, page, pageSize, pageSizes, onPage, onPageSize, noun, capped }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const start = (page - 1) * pageSize;
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0
          ? `0 ${noun}`
          : `${start + 1}–${Math.min(start + pageSize, total)} of ${total}${capped ? '+' : ''}`}
      </Text>
      <Group gap="sm">
        <Select
          aria-label="Rows per page"
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(value) => value && onPageSize(Number(value))}
          allowDeselect={false}
          w={90}
        />
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': PAGER_CONTROL_LABELS[control] })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Group>
    </Group>
  );
}

/** The rows of one page (pages count from 1; a page past the end shows the last one). */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return rows.slice((current - 1) * pageSize, current * pageSize);
}
