import {
  OFFER_MESSAGES,
  OFFER_PAGE_SIZE_DEFAULT,
  OFFER_STATUSES,
  type OfferStatus,
  type OfferView,
} from '@atrium/contracts';
import { ActionIcon, Badge, Button, Text } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { MerchandiseBack } from '../catalogue/MerchandiseBack';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { useOffers, useSetOfferStatus } from './hooks';
import { OfferDialog } from './OfferDialog';
import { appliesToLabel, datesLabel, discountLabel, usageLabel } from './offer-format';

const PAGE_SIZES = [10, 25, 50, 100] as const;
const LIST = { pageSizes: PAGE_SIZES, defaultPageSize: OFFER_PAGE_SIZE_DEFAULT, filters: ['status'] };
const STATUS_LABELS: Record<OfferStatus, string> = { ACTIVE: 'Active', DISABLED: 'Disabled', EXPIRED: 'Expired' };
const STATUS_COLORS: Record<OfferStatus, string> = { ACTIVE: 'teal.9', DISABLED: 'gray.8', EXPIRED: 'orange.9' };
const isStatus = (value: string | null | undefined): value is OfferStatus =>
  (OFFER_STATUSES as readonly string[]).includes(value ?? '');

const COLUMNS: ListColumn<OfferView>[] = [
  {
    key: 'code',
    header: 'Code',
    cell: (offer) => (
      <>
        <Text fw={600} ff="monospace">
          {offer.offerCode}
        </Text>
        {offer.description ? (
          <Text size="xs" c="dimmed">
            {offer.description}
          </Text>
        ) : null}
      </>
    ),
  },
  { key: 'discount', header: 'Discount', cell: discountLabel },
  { key: 'appliesTo', header: 'Applies to', cell: appliesToLabel },
  { key: 'dates', header: 'Dates', cell: datesLabel },
  { key: 'used', header: 'Used', cell: usageLabel },
  {
    key: 'status',
    header: 'Status',
    cell: (offer) => (
      <Badge color={STATUS_COLORS[offer.effectiveStatus]} variant="filled">
        {STATUS_LABELS[offer.effectiveStatus]}
      </Badge>
    ),
  },
];

/** /offers: the tenant's offer codes (spec 1 "offers"; spec 3 §3, §5). Needs 'Manage Offers'. */
export default function OffersPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Offers');
  const list = useListState(LIST);
  const { params } = list;
  const status = isStatus(params.filters.status) ? params.filters.status : null;
  const [editing, setEditing] = useState<{ offer: OfferView | null } | null>(null);
  const offers = useOffers({
    start: (params.page - 1) * params.pageSize,
    length: params.pageSize,
    search: params.search.trim(),
    status,
  });
  const setOfferStatus = useSetOfferStatus();

  const toggle = async (offer: OfferView) => {
    const next: OfferStatus = offer.status === 'DISABLED' ? 'ACTIVE' : 'DISABLED';
    const done = await setOfferStatus.mutateAsync({ guId: offer.guId, status: next }).catch(() => null);
    if (done) showSuccessToast(next === 'ACTIVE' ? OFFER_MESSAGES.offerEnabled : OFFER_MESSAGES.offerDisabled);
  };

  return (
    <ListScreen
      id="offers"
      title="Offers"
      before={<MerchandiseBack />}
      actions={<Button onClick={() => setEditing({ offer: null })}>Add Offer</Button>}
      list={list}
      search={{ label: 'Search offers', placeholder: 'Search by code or description' }}
      filters={[
        {
          key: 'status',
          label: 'Status',
          placeholder: 'All statuses',
          data: OFFER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
          width: 200,
        },
      ]}
      query={offers}
      rows={offers.data?.data ?? []}
      total={offers.data?.recordsTotal ?? 0}
      rowKey={(offer) => offer.guId}
      columns={COLUMNS}
      rowActions={(offer) => (
        <>
          <ActionIcon variant="subtle" aria-label={`Edit ${offer.offerCode}`} onClick={() => setEditing({ offer })}>
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
        </>
      )}
      noun="offers"
      emptyHint="Add an offer code with Add Offer; buyers type it at checkout for the discount."
      minWidth={760}
    >
      <OfferDialog opened={editing !== null} offer={editing?.offer ?? null} onClose={() => setEditing(null)} />
    </ListScreen>
  );
}
