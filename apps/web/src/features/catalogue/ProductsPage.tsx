import { CATALOGUE_MESSAGES, CATALOGUE_PAGE_SIZE_DEFAULT, CATALOGUE_PAGE_SIZES, type Item } from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconPencil, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../app/components/ListPager';
import { ListSearch } from '../../app/components/ListSearch';
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

/** /products: the merchandise list (spec 1 "Merchandise /products"; spec 3 §7.6). */
export default function ProductsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Merchandise');
  const mayManage = useMayManageCatalogue();
  // /offers is not in the spec's sidebar: it is reached from here, for roles with 'Manage Offers'
  // (as the menu does, nothing is hidden when the account detail could not be loaded).
  const { account } = useSession();
  const mayManageOffers = account ? account.permissions.isShowOffers : true;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(CATALOGUE_PAGE_SIZE_DEFAULT);
  const categories = useCategories('product');
  const list = useItems({
    start: (page - 1) * pageSize,
    length: pageSize,
    search: debouncedSearch.trim(),
    categoryId,
    isShowArchived: showArchived,
  });
  const archive = useArchiveItem();
  const rows = list.data?.data ?? [];
  const total = list.data?.recordsTotal ?? 0;

  const toggleArchive = async (item: Item) => {
    const done = await archive.mutateAsync({ guId: item.guId, archive: !item.isArchived }).catch(() => null);
    if (done)
      showSuccessToast(item.isArchived ? CATALOGUE_MESSAGES.productRestored : CATALOGUE_MESSAGES.productArchived);
  };

  return (
    <Stack component="section" aria-labelledby="products-title" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="products-title">
          Merchandise
        </Title>
        <Group gap="xs">
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
        </Group>
      </Group>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <ListSearch
          label="Search products"
          placeholder="Search by name or SKU"
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="Category"
          placeholder="All categories"
          data={(categories.data?.data ?? []).map((c) => ({ value: c.guId, label: c.name }))}
          value={categoryId}
          onChange={(value) => {
            setCategoryId(value);
            setPage(1);
          }}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
        <Switch
          label="Show archived"
          checked={showArchived}
          onChange={(event) => {
            setShowArchived(event.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>

      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading products" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="Products could not be loaded">
          Please try again.
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="lg">
          {debouncedSearch || categoryId ? 'No products match.' : 'No products yet.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-labelledby="products-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <VisuallyHidden>Image</VisuallyHidden>
                </Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Stock</Table.Th>
                <Table.Th>Status</Table.Th>
                {mayManage ? (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <Table.Tr key={item.guId}>
                  <Table.Td w={56}>
                    {item.imageUrl ? (
                      <Image src={item.imageUrl} alt="" w={40} h={40} radius="sm" fit="cover" />
                    ) : (
                      <IconPhoto size={24} aria-hidden color="var(--mantine-color-gray-5)" />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {mayManage ? (
                      <Anchor component={Link} to={`/products/new?guId=${encodeURIComponent(item.guId)}`}>
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
                  </Table.Td>
                  <Table.Td>{item.categoryName}</Table.Td>
                  <Table.Td>{formatPrice(item.price, item.currency)}</Table.Td>
                  <Table.Td>{stockLabel(item.stock)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {item.isArchived ? (
                        <Badge color="gray.8" variant="filled">
                          Archived
                        </Badge>
                      ) : (
                        <Badge color={item.isVisible ? 'teal.9' : 'gray.7'} variant="filled">
                          {item.isVisible ? 'Visible' : 'Hidden'}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {mayManage ? (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          component={Link}
                          to={`/products/new?guId=${encodeURIComponent(item.guId)}`}
                          variant="subtle"
                          aria-label={`Edit ${item.name}`}
                        >
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
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <ListPager
        total={total}
        page={page}
        pageSize={pageSize}
        pageSizes={CATALOGUE_PAGE_SIZES}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        noun="products"
      />
    </Stack>
  );
}
