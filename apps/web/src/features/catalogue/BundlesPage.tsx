import { type Bundle, CATALOGUE_MESSAGES, CATALOGUE_PAGE_SIZE_DEFAULT, CATALOGUE_PAGE_SIZES } from '@atrium/contracts';
import { ActionIcon, Badge, Button, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { BundleDialog } from './BundleDialog';
import { formatPrice } from './catalogue-format';
import { useArchiveBundle, useBundles } from './hooks';
import { MerchandiseBack } from './MerchandiseBack';
import { useMayManageCatalogue } from './ProductsPage';

const LIST = { pageSizes: CATALOGUE_PAGE_SIZES, defaultPageSize: CATALOGUE_PAGE_SIZE_DEFAULT };

const COLUMNS: ListColumn<Bundle>[] = [
  { key: 'name', header: 'Name', cell: (bundle) => bundle.name },
  {
    key: 'items',
    header: 'Items',
    cell: (bundle) => bundle.items.map((line) => `${line.qty} × ${line.name}`).join(', '),
  },
  {
    key: 'price',
    header: 'Price',
    cell: (bundle) => (
      <>
        {formatPrice(bundle.price, bundle.currency)}
        {bundle.itemsValue > bundle.price ? (
          <Text size="xs" c="dimmed">
            instead of {formatPrice(bundle.itemsValue, bundle.currency)}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (bundle) =>
      bundle.isArchived ? (
        <Badge color="gray.8" variant="filled">
          Archived
        </Badge>
      ) : (
        <Badge color={bundle.isVisible ? 'teal.9' : 'gray.7'} variant="filled">
          {bundle.isVisible ? 'Visible' : 'Hidden'}
        </Badge>
      ),
  },
];

/** /productbundle: bundles of products sold at their own price (spec 3 §7.6 /snode/pbundle). */
export default function BundlesPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Product Bundles');
  const mayManage = useMayManageCatalogue();
  const list = useListState(LIST);
  const { params } = list;
  const [editing, setEditing] = useState<{ bundle: Bundle | null } | null>(null);
  const bundles = useBundles({
    start: (params.page - 1) * params.pageSize,
    max: params.pageSize,
    search: params.search.trim(),
    isShowArchived: params.showArchived,
  });
  const archive = useArchiveBundle();

  const toggleArchive = async (bundle: Bundle) => {
    const done = await archive.mutateAsync({ guId: bundle.guId, archive: !bundle.isArchived }).catch(() => null);
    if (done)
      showSuccessToast(bundle.isArchived ? CATALOGUE_MESSAGES.bundleRestored : CATALOGUE_MESSAGES.bundleArchived);
  };

  return (
    <ListScreen
      id="bundles"
      title="Product Bundles"
      before={<MerchandiseBack />}
      actions={mayManage ? <Button onClick={() => setEditing({ bundle: null })}>Add Bundle</Button> : null}
      list={list}
      search={{ label: 'Search bundles' }}
      archived
      query={bundles}
      rows={bundles.data?.data ?? []}
      total={bundles.data?.recordsTotal ?? 0}
      rowKey={(bundle) => bundle.guId}
      columns={COLUMNS}
      rowActions={
        mayManage
          ? (bundle) => (
              <>
                <ActionIcon variant="subtle" aria-label={`Edit ${bundle.name}`} onClick={() => setEditing({ bundle })}>
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color={bundle.isArchived ? 'teal' : 'gray'}
                  aria-label={`${bundle.isArchived ? 'Restore' : 'Archive'} ${bundle.name}`}
                  onClick={() => toggleArchive(bundle)}
                >
                  {bundle.isArchived ? <IconArchiveOff size={18} /> : <IconArchive size={18} />}
                </ActionIcon>
              </>
            )
          : undefined
      }
      noun="bundles"
      emptyHint={
        mayManage ? 'Add a bundle to sell products together at their own price.' : 'Bundles your studio adds show here.'
      }
      minWidth={640}
    >
      <BundleDialog opened={editing !== null} bundle={editing?.bundle ?? null} onClose={() => setEditing(null)} />
    </ListScreen>
  );
}
