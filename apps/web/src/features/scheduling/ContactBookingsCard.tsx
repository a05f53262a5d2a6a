import type { ContactBooking } from '@atrium/contracts';
import { Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ScrollTable } from '../../app/components/ScrollTable';
import { formatDateTime } from '../../lib/format';
import { useTenant } from '../session/session-store';
import { schedulingApi } from './api';
import { attendanceSummary, placeLabel } from './contact-bookings-format';
import { PastPager } from './PastPager';

const LABEL_COLOURS: Record<string, string> = {
  Attended: 'teal',
  'No-show': 'red',
  'Late cancel': 'orange',
  'Class cancelled': 'gray',
};

function PlacesTable({
  places,
  past,
  label,
  timeZone,
}: {
  places: ContactBooking[];
  past: boolean;
  label: string;
  timeZone: string;
}) {
  return (
    <ScrollTable minWidth={360} label={label}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Class</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {places.map((place) => {
            const status = placeLabel(place, past);
            return (
              <Table.Tr key={place.guId}>
                <Table.Td>{place.className}</Table.Td>
                <Table.Td>{formatDateTime(place.startsAt, timeZone)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge variant="light" color={LABEL_COLOURS[status] ?? 'blue'}>
                      {status}
                    </Badge>
                    {place.payment === 'at_desk' ? (
                      <Badge variant="light" color="orange">
                        Unpaid: pay at the desk
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The person's classes to come, their past classes a page at a time, and their attendance (issue 11). */
export function ContactBookingsCard({ contactId }: { contactId: string }) {
  const tenant = useTenant();
  const [start, setStart] = useState(0);
  const places = useQuery({
    queryKey: ['scheduling', 'contact-bookings', contactId, start],
    queryFn: () => schedulingApi.contactBookings(contactId, start),
    enabled: tenant.isShowScheduleMenu,
    placeholderData: keepPreviousData,
  });
  if (!tenant.isShowScheduleMenu) return null;
  const data = places.data;
  const end = data ? start + data.past.length : 0;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-bookings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="contact-bookings-title">
          Classes
        </Title>
        {places.isPending ? (
          <Loader size="sm" aria-label="Loading classes" />
        ) : data ? (
          <>
            <Text size="sm">{attendanceSummary(data.attendance)}</Text>
            <Title order={3} size="h5">
              Upcoming
            </Title>
            {data.upcoming.length === 0 ? (
              <Text c="dimmed">No classes booked.</Text>
            ) : (
              <PlacesTable places={data.upcoming} past={false} label="Upcoming classes" timeZone={data.timezone} />
            )}
            <Title order={3} size="h5">
              Past
            </Title>
            {data.pastTotal === 0 ? (
              <Text c="dimmed">No past classes.</Text>
            ) : (
              <>
                <PlacesTable places={data.past} past label="Past classes" timeZone={data.timezone} />
                <PastPager
                  start={start}
                  end={end}
                  total={data.pastTotal}
                  onStart={setStart}
                  fetching={places.isFetching}
                  loading={places.isFetching && places.isPlaceholderData}
                  announce
                />
              </>
            )}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
