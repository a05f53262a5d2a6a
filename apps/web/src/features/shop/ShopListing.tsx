import type { PublicCatalogue } from '@atrium/contracts';
import { Anchor, List, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { money } from '../invoices/invoice-format';
import { useTenant } from '../session/session-store';
import { shopApi } from './api';

/** The website builder's listing of the merchandise page: what visitors see there, and where it is managed. */
export function ShopListing() {
  const tenant = useTenant();
  const [catalogue, setCatalogue] = useState<PublicCatalogue | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    shopApi
      .catalogue(tenant.tenantId)
      .then(setCatalogue)
      .catch(() => setFailed(true));
  }, [tenant.tenantId]);
  const items = (catalogue?.categories ?? []).flatMap((category) => category.items);
  return (
    <Stack gap="xs">
      <Text size="sm">
        Visitors see the visible products and bundles of your store on this page, add them to a cart and check out.{' '}
        <Anchor component={Link} to="/products" size="sm">
          Manage them in Merchandise
        </Anchor>
      </Text>
      {failed ? (
        <Text size="sm" c="red.9">
          The products could not be loaded.
        </Text>
      ) : catalogue === null ? (
        <Loader size="sm" aria-label="Loading the products" />
      ) : items.length === 0 ? (
        <Text size="sm">No products are visible to visitors yet.</Text>
      ) : (
        <List spacing={2} size="sm" aria-label="Products visitors see">
          {items.map((item) => (
            <List.Item key={item.guId}>
              {item.name}: {money(item.price, item.currency)}
              {item.inStock ? '' : ' (out of stock)'}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
