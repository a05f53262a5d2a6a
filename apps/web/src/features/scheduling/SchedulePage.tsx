import { type ClassRule, weekdaysLabel } from '@atrium/contracts';
import { ActionIcon, Anchor, Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState, WHOLE_LIST_PAGING } from '../../app/components/list-kit';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { ClassRuleDialog } from './ClassRuleDialog';
import { useRules } from './hooks';
import { priceLabel } from './session-format';

function columns(currencySymbol: string): ListColumn<ClassRule>[] {
  return [
    { key: 'name', header: 'Class', cell: (rule) => rule.name, sortValue: (rule) => rule.name },
    {
      key: 'when',
      header: 'When',
      cell: (rule) => `${weekdaysLabel(rule.daysOfWeek)} ${rule.startTime} (${rule.durationMinutes} min)`,
      sortValue: (rule) => rule.startTime,
    },
    {
      key: 'dates',
      header: 'Dates',
      cell: (rule) => `${rule.startDate}${rule.endDate ? ` – ${rule.endDate}` : ' onwards'}`,
      sortValue: (rule) => rule.startDate,
    },
    {
      key: 'room',
      header: 'Room',
      cell: (rule) => (
        <>
          {rule.roomName ?? '—'}
          {rule.joinUrl ? (
            <>
              {' · '}
              <Anchor href={rule.joinUrl} target="_blank" rel="noopener noreferrer">
                Online (Zoom)
              </Anchor>
            </>
          ) : null}
        </>
      ),
      sortValue: (rule) => rule.roomName,
    },
    {
      key: 'teacher',
      header: 'Teacher',
      cell: (rule) => rule.teacherName ?? '—',
      sortValue: (rule) => rule.teacherName,
    },
    { key: 'spots', header: 'Spots', cell: (rule) => rule.capacity, sortValue: (rule) => rule.capacity },
    {
      key: 'price',
      header: 'Price',
      cell: (rule) => priceLabel(rule.priceMinor, currencySymbol) ?? 'Free',
      sortValue: (rule) => rule.priceMinor ?? 0,
    },
  ];
}

/** /schedule: the weekly classes (class rules); add one or change a whole series. */
export default function SchedulePage() {
  const tenant = useTenant();
  const label = tenant.scheduleLabel || 'Schedule';
  useDocumentHead(tenant, label);
  const list = useListState(WHOLE_LIST_PAGING);
  const rules = useRules();
  const [editing, setEditing] = useState<{ rule: ClassRule | null } | null>(null);

  return (
    <ListScreen
      id="schedule"
      title={label}
      actions={
        <>
          <Button component={Link} to="/facility" variant="default">
            Rooms
          </Button>
          <Button component={Link} to="/calendar" variant="default">
            Calendar
          </Button>
          <Button onClick={() => setEditing({ rule: null })}>Add Class</Button>
        </>
      }
      list={list}
      search={{
        label: 'Search classes',
        placeholder: 'Search by class, room or teacher',
        text: (rule) => [rule.name, rule.roomName, rule.teacherName].filter(Boolean).join(' '),
      }}
      query={rules}
      rows={rules.data?.data ?? []}
      rowKey={(rule) => rule.guId}
      columns={columns(tenant.csymbol)}
      rowActions={(rule) => (
        <ActionIcon variant="subtle" aria-label={`Edit ${rule.name}`} onClick={() => setEditing({ rule })}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      )}
      noun="classes"
      emptyHint="Add a class with Add Class: it repeats on the days you choose and shows on the calendar."
      minWidth={720}
    >
      <ClassRuleDialog opened={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
    </ListScreen>
  );
}
