import { Checkbox, Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import type { SortValue } from './client-rows';
import type { ListSort } from './list-params';
import './list-kit.css';

export interface ListColumn<T> {
  /** The column's key (its name in `?sort=`). */
  key: string;
  header: string;
  /** The header is for screen readers only (an image column, say); a card shows no label for it. */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** A list the kit pages itself: the column sorts by this value. */
  sortValue?: (row: T) => SortValue;
  /** The screen sorts by this column itself (a server-paged list whose call takes the order, or rules of its own). */
  sortable?: boolean;
  width?: number | string;
  /** Amounts line up on the right. */
  align?: 'right';
}

/** Rows picked for a bulk action (delete selected...): a checkbox column before the others. */
export interface ListSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The row's checkbox ("Select Olivia Bennett"). */
  rowLabel: (row: T) => string;
  /** The header's checkbox ("Select all contacts on this page"). */
  allLabel: string;
}

export interface ListTableProps<T> {
  titleId?: string;
  label?: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  selection?: ListSelection<T>;
  sort: ListSort | null;
  onSort: (column: string) => void;
  /** The kit sorts the rows (a client list): columns with a sortValue sort. Else those marked sortable. */
  sortsHere: boolean;
  minWidth?: number;
  highlightOnHover?: boolean;
}

/**
 * The rows as a table, with explicit table roles so they stay a table for screen readers (and for
 * getByRole('row')) when a phone shows them as cards; each cell of a card shows its column's name from
 * `data-label` (generated content with empty alternative text: screen readers hear the header instead).
 */
export function ListTable<T>({
  titleId,
  label,
  columns,
  rows,
  rowKey,
  rowActions,
  onRowClick,
  selection,
  sort,
  onSort,
  sortsHere,
  minWidth = 640,
  highlightOnHover,
}: ListTableProps<T>) {
  // The kit sorts a whole list by sortValue; a column marked sortable is sorted by the screen (or its call).
  const picked = (row: T) => selection?.selected.has(rowKey(row)) ?? false;
  const allPicked = rows.length > 0 && rows.every(picked);
  const togglePicked = (row: T) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(rowKey(row))) next.delete(rowKey(row));
    else next.add(rowKey(row));
    selection.onChange(next);
  };
  const sortable = (column: ListColumn<T>) => Boolean((sortsHere && column.sortValue) || column.sortable);
  return (
    <div className="list-kit__scroll" style={{ '--list-kit-min-width': `${minWidth}px` } as CSSProperties}>
      <Table
        striped
        highlightOnHover={highlightOnHover}
        aria-labelledby={label ? undefined : titleId}
        aria-label={label}
        role="table"
        className="list-kit__table"
      >
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {selection ? (
              <Table.Th role="columnheader" w={40}>
                <Checkbox
                  aria-label={selection.allLabel}
                  checked={allPicked}
                  indeterminate={!allPicked && rows.some(picked)}
                  onChange={() => selection.onChange(allPicked ? new Set() : new Set(rows.map(rowKey)))}
                />
              </Table.Th>
            ) : null}
            {columns.map((column) => {
              const sorted = sort?.column === column.key ? sort.direction : null;
              return (
                <Table.Th
                  key={column.key}
                  role="columnheader"
                  w={column.width}
                  ta={column.align}
                  aria-sort={
                    sortable(column)
                      ? sorted === 'asc'
                        ? 'ascending'
                        : sorted === 'desc'
                          ? 'descending'
                          : 'none'
                      : undefined
                  }
                >
                  {column.hideHeader ? (
                    <VisuallyHidden>{column.header}</VisuallyHidden>
                  ) : sortable(column) ? (
                    <UnstyledButton className="list-kit__sort" onClick={() => onSort(column.key)}>
                      {column.header}
                      {sorted === 'asc' ? (
                        <IconChevronUp size={14} aria-hidden />
                      ) : sorted === 'desc' ? (
                        <IconChevronDown size={14} aria-hidden />
                      ) : (
                        <IconSelector size={14} aria-hidden />
                      )}
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
            {rowActions ? (
              <Table.Th role="columnheader">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              role="row"
              {...(onRowClick
                ? {
                    onClick: () => onRowClick(row),
                    onKeyDown: (event: KeyboardEvent) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
                    },
                    tabIndex: 0,
                    style: { cursor: 'pointer' },
                  }
                : {})}
              aria-selected={selection ? picked(row) : undefined}
            >
              {selection ? (
                <Table.Td role="cell" w={40} onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={selection.rowLabel(row)}
                    checked={picked(row)}
                    onChange={() => togglePicked(row)}
                  />
                </Table.Td>
              ) : null}
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  role="cell"
                  w={column.width}
                  ta={column.align}
                  // a phone's card shows the column's name before the value (CSS, not text of the cell)
                  data-label={column.hideHeader ? undefined : column.header}
                >
                  <div>{column.cell(row)}</div>
                </Table.Td>
              ))}
              {rowActions ? (
                <Table.Td
                  role="cell"
                  className="list-kit__actions"
                  // an action in a row that opens on a click does only its own thing
                  onClick={onRowClick ? (event) => event.stopPropagation() : undefined}
                >
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {rowActions(row)}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
