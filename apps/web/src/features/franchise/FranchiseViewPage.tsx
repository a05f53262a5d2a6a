import { Alert, Button, Card, Group, Loader, Stack, Table } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTenant } from '../session/session-store';
import { SettingsHeader } from '../settings/SettingsHeader';
import { FRANCHISE_LIST_PATH, formatCreatedDate, franchiseEditPath, orgIdLabel } from './franchise-rules';
import { useFranchise } from './hooks';

/** /settings/franchise/{id}: the spec's placeholder view, here a read-only summary with an Edit link. */
export default function FranchiseViewPage() {
  const { id } = useParams();
  const tenant = useTenant();
  const franchise = useFranchise(id);
  const row = franchise.data;
  return (
    <Stack gap="md" component="section">
      <SettingsHeader title={row?.name ?? 'Franchise'} backTo={FRANCHISE_LIST_PATH}>
        {row ? (
          <Button component={Link} to={franchiseEditPath(row.guid)}>
            Edit
          </Button>
        ) : null}
      </SettingsHeader>
      {franchise.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading franchise" />
        </Group>
      ) : !row ? (
        <Alert color="red">{franchise.error?.message ?? 'Franchise not found.'}</Alert>
      ) : (
        <Card withBorder maw={720}>
          <Table variant="vertical" aria-label="Franchise details">
            <Table.Tbody>
              {[
                ['Org Id', orgIdLabel(row)],
                ['Created Date', formatCreatedDate(row.dateCreatedStr, tenant.timezone)],
                ['Account owner', `${row.accountOwnerName} (${row.fromEmail})`],
                ['Phone', row.phone],
                ['TimeZone', row.timezone],
                [
                  'Address',
                  [row.address.line1, row.address.line2, row.address.city, row.address.state, row.address.zip]
                    .filter(Boolean)
                    .join(', '),
                ],
              ].map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={160}>{label}</Table.Th>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}
