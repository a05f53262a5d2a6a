import { CATALOGUE_MESSAGES, CATALOGUE_PAGE_SIZE_DEFAULT, CATALOGUE_PAGE_SIZES, type Item } from '@atrium/contracts';
import { ActionIcon, Anchor, Badge, Button, Image, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { formatPrice, stockLabel } from './catalogue-format';
import { useArchiveItem, useCategories, useItems } from './hooks';

/** Admins and staff change the catalogue; the front desk only looks (the server refuses it too). */
export function useMayManageCatalogue(): boolean {
  const { user } = useSession();
  return user?.role === 'admin' || user?.role === 'staff';
}

const LIST = { pageSizes: CATALOGUE_PAGE_SIZES, defaultPageSize: CATALOGUE_PAGE_SIZE_DEFAULT, filters: ['category'] };

const editPath = (item: Item) => `/products/new?guId=${encodeURIComponent(item.guId)}`;

function columns(mayManage: boolean): ListColumn<Item>[] {
  return [
    {
      key: 'image',
      header: 'Image',
      hideHeader: true,
      width: 56,
      cell: (item) =>
        item.imageUrl ? (
          <Image src={item.imageUrl} alt="" w={40} h={40} radius="sm" fit="cover" />
        ) : (
          <IconPhoto size={24} aria-hidden color="var(--mantine-color-gray-5)" />
        ),
    },
    {
      key: 'name',
      header: 'Name',
      cell: (item) => (
        <>
          {mayManage ? (
            <Anchor component={Link} to={editPath(item)}>
              {item.name}
            </Anchor>
          ) : (
            item.name
          )}
          {item.sku ? (
            <Text size="xs" c="dimmed">
              {item.sku}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'category', header: 'Category', cell: (item) => item.categoryName },
    { key: 'price', header: 'Price', cell: (item) => formatPrice(item.price, item.currency) },
    { key: 'stock', header: 'Stock', cell: (item) => stockLabel(item.stock) },
    {
      key: 'status',
      header: 'Status',
      cell: (item) =>
        item.isArchived ? (
          <Badge color="gray.8" variant="filled">
            Archived
          </Badge>
        ) : (
          <Badge color={item.isVisible ? 'teal.9' : 'gray.7'} variant="filled">
            {item.isVisible ? 'Visible' : 'Hidden'}
          </Badge>
        ),
    },
  ];
}

/** /products: the merchandise list (spec 1 "Merchandise /products"; spec 3 §7.6). */
export default function ProductsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Merchandise');
  const mayManage = useMayManageCatalogue();
  // /offers is not in the spec's sidebar: it is reached from here, for roles with 'Manage Offers'
  // (as the menu does, nothing is hidden when the account detail could not be loaded).
  const { account } = useSession();
  const mayManageOffers = account ? account.permissions.isShowOffers : true;
  const list = useListState(LIST);
  const { params } = list;
  const categories = useCategories('product');
  const items = useItems({
    start: (params.page - 1) * params.pageSize,
    length: params.pageSize,
    search: params.search.trim(),
    categoryId: params.filters.category ?? null,
    isShowArchived: params.showArchived,
  });
  const archive = useArchiveItem();

  const toggleArchive = async (item: Item) => {
    const done = await archive.mutateAsync({ guId: item.guId, archive: !item.isArchived }).catch(() => null);
    if (done)
      showSuccessToast(item.isArchived ? CATALOGUE_MESSAGES.productRestored : CATALOGUE_MESSAGES.productArchived);
  };

  return (
    <ListScreen
      id="products"
      title="Merchandise"
      actions={
        <>
          <Button component={Link} to="/productbundle" variant="default">
            Bundles
          </Button>
          {mayManageOffers ? (
            <Button component={Link} to="/offers" variant="default">
              Offers
            </Button>
          ) : null}
          {mayManage ? (
            <Button component={Link} to="/products/new">
              Add Product
            </Button>
          ) : null}
        </>
      }
      list={list}
      search={{ label: 'Search products', placeholder: 'Search by name or SKU' }}
      filters={[
        {
          key: 'category',
          label: 'Category',
          placeholder: 'All categories',
          data: (categories.data?.data ?? []).map((c) => ({ value: c.guId, label: c.name })),
        },
      ]}
      archived
      query={items}
      rows={items.data?.data ?? []}
      total={items.data?.recordsTotal ?? 0}
      rowKey={(item) => item.guId}
      columns={columns(mayManage)}
      rowActions={
        mayManage
          ? (item) => (
              <>
                <ActionIcon component={Link} to={editPath(item)} variant="subtle" aria-label={`Edit ${item.name}`}>
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color={item.isArchived ? 'teal' : 'gray'}
                  aria-label={`${item.isArchived ? 'Restore' : 'Archive'} ${item.name}`}
                  onClick={() => toggleArchive(item)}
                  loading={archive.isPending && archive.variables?.guId === item.guId}
                >
                  {item.isArchived ? <IconArchiveOff size={18} /> : <IconArchive size={18} />}
                </ActionIcon>
              </>
            )
          : undefined
      }
      noun="products"
      emptyHint={
        mayManage ? 'Add a product with Add Product to sell it in your store.' : 'Products your studio adds show here.'
      }
      minWidth={720}
      highlightOnHover
    />
  );
}
