import {
  OFFER_MESSAGES,
  OFFER_PAGE_SIZE_DEFAULT,
  OFFER_STATUSES,
  type OfferStatus,
  type OfferView,
} from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconPencil, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../app/components/ListPager';
import { ListSearch } from '../../app/components/ListSearch';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { useOffers, useSetOfferStatus } from './hooks';
import { OfferDialog } from './OfferDialog';
import { appliesToLabel, datesLabel, discountLabel, usageLabel } from './offer-format';

const PAGE_SIZES = [10, 25, 50, 100] as const;
const STATUS_LABELS: Record<OfferStatus, string> = { ACTIVE: 'Active', DISABLED: 'Disabled', EXPIRED: 'Expired' };
const STATUS_COLORS: Record<OfferStatus, string> = { ACTIVE: 'teal.9', DISABLED: 'gray.8', EXPIRED: 'orange.9' };

/** /offers: the tenant's offer codes (spec 1 "offers"; spec 3 §3, §5). Needs 'Manage Offers'. */
export default function OffersPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Offers');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [status, setStatus] = useState<OfferStatus | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(OFFER_PAGE_SIZE_DEFAULT);
  const [editing, setEditing] = useState<{ offer: OfferView | null } | null>(null);
  const list = useOffers({ start: (page - 1) * pageSize, length: pageSize, search: debouncedSearch.trim(), status });
  const setOfferStatus = useSetOfferStatus();
  const rows = list.data?.data ?? [];

  const toggle = async (offer: OfferView) => {
    const next: OfferStatus = offer.status === 'DISABLED' ? 'ACTIVE' : 'DISABLED';
    const done = await setOfferStatus.mutateAsync({ guId: offer.guId, status: next }).catch(() => null);
    if (done) showSuccessToast(next === 'ACTIVE' ? OFFER_MESSAGES.offerEnabled : OFFER_MESSAGES.offerDisabled);
  };

  return (
    <Stack component="section" aria-labelledby="offers-title" gap="md">
      <Group gap="xs">
        <Button component={Link} to="/products" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Merchandise
        </Button>
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="offers-title">
          Offers
        </Title>
        <Button onClick={() => setEditing({ offer: null })}>Add Offer</Button>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ListSearch
          label="Search offers"
          placeholder="Search by code or description"
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={OFFER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          value={status}
          onChange={(value) => {
            setStatus(value as OfferStatus | null);
            setPage(1);
          }}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading offers" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="Offers could not be loaded">
          Please try again.
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="lg">
          {debouncedSearch || status ? 'No offers match.' : 'No offers yet.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-labelledby="offers-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Applies to</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Used</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((offer) => (
                <Table.Tr key={offer.guId}>
                  <Table.Td>
                    <Text fw={600} ff="monospace">
                      {offer.offerCode}
                    </Text>
                    {offer.description ? (
                      <Text size="xs" c="dimmed">
                        {offer.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{discountLabel(offer)}</Table.Td>
                  <Table.Td>{appliesToLabel(offer)}</Table.Td>
                  <Table.Td>{datesLabel(offer)}</Table.Td>
                  <Table.Td>{usageLabel(offer)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[offer.effectiveStatus]} variant="filled">
                      {STATUS_LABELS[offer.effectiveStatus]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${offer.offerCode}`}
                        onClick={() => setEditing({ offer })}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color={offer.status === 'DISABLED' ? 'teal' : 'gray'}
                        aria-label={`${offer.status === 'DISABLED' ? 'Enable' : 'Disable'} ${offer.offerCode}`}
                        onClick={() => toggle(offer)}
                      >
                        {offer.status === 'DISABLED' ? <IconPlayerPlay size={18} /> : <IconPlayerPause size={18} />}
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        total={list.data?.recordsTotal ?? 0}
        page={page}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        noun="offers"
      />
      <OfferDialog opened={editing !== null} offer={editing?.offer ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
