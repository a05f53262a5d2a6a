import { type Bundle, CATALOGUE_MESSAGES, CATALOGUE_PAGE_SIZE_DEFAULT, CATALOGUE_PAGE_SIZES } from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../app/components/ListPager';
import { ListSearch } from '../../app/components/ListSearch';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { BundleDialog } from './BundleDialog';
import { formatPrice } from './catalogue-format';
import { useArchiveBundle, useBundles } from './hooks';
import { useMayManageCatalogue } from './ProductsPage';

/** /productbundle: bundles of products sold at their own price (spec 3 §7.6 /snode/pbundle). */
export default function BundlesPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Product Bundles');
  const mayManage = useMayManageCatalogue();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [showArchived, setShowArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(CATALOGUE_PAGE_SIZE_DEFAULT);
  const [editing, setEditing] = useState<{ bundle: Bundle | null } | null>(null);
  const list = useBundles({
    start: (page - 1) * pageSize,
    max: pageSize,
    search: debouncedSearch.trim(),
    isShowArchived: showArchived,
  });
  const archive = useArchiveBundle();
  const rows = list.data?.data ?? [];

  const toggleArchive = async (bundle: Bundle) => {
    const done = await archive.mutateAsync({ guId: bundle.guId, archive: !bundle.isArchived }).catch(() => null);
    if (done)
      showSuccessToast(bundle.isArchived ? CATALOGUE_MESSAGES.bundleRestored : CATALOGUE_MESSAGES.bundleArchived);
  };

  return (
    <Stack component="section" aria-labelledby="bundles-title" gap="md">
      <Group gap="xs">
        <Button component={Link} to="/products" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Merchandise
        </Button>
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="bundles-title">
          Product Bundles
        </Title>
        {mayManage ? <Button onClick={() => setEditing({ bundle: null })}>Add Bundle</Button> : null}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ListSearch
          label="Search bundles"
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          w={{ base: '100%', sm: 280 }}
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
          <Loader aria-label="Loading bundles" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="Bundles could not be loaded">
          Please try again.
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="lg">
          {debouncedSearch ? 'No bundles match.' : 'No bundles yet.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-labelledby="bundles-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Items</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Status</Table.Th>
                {mayManage ? (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((bundle) => (
                <Table.Tr key={bundle.guId}>
                  <Table.Td>{bundle.name}</Table.Td>
                  <Table.Td>{bundle.items.map((line) => `${line.qty} × ${line.name}`).join(', ')}</Table.Td>
                  <Table.Td>
                    {formatPrice(bundle.price, bundle.currency)}
                    {bundle.itemsValue > bundle.price ? (
                      <Text size="xs" c="dimmed">
                        instead of {formatPrice(bundle.itemsValue, bundle.currency)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {bundle.isArchived ? (
                      <Badge color="gray.8" variant="filled">
                        Archived
                      </Badge>
                    ) : (
                      <Badge color={bundle.isVisible ? 'teal.9' : 'gray.7'} variant="filled">
                        {bundle.isVisible ? 'Visible' : 'Hidden'}
                      </Badge>
                    )}
                  </Table.Td>
                  {mayManage ? (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${bundle.name}`}
                          onClick={() => setEditing({ bundle })}
                        >
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
        total={list.data?.recordsTotal ?? 0}
        page={page}
        pageSize={pageSize}
        pageSizes={CATALOGUE_PAGE_SIZES}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        noun="bundles"
      />
      <BundleDialog opened={editing !== null} bundle={editing?.bundle ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
