import type { PublicCatalogue, ShopItem } from '@atrium/contracts';
import { Alert, Badge, Button, Card, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MantineScope } from '../../app/MantineScope';
import { money } from '../invoices/invoice-format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { fetchPublicPage, type PublicPage } from '../website-pages/page-api';
import { shopApi } from './api';
import { CartView } from './CartView';
import { linesOf, quantityChoices, withItem } from './cart-lines';
import { type CartState, useCart } from './useCart';
import './shop.css';

/** /merchandise: the studio's merchandise and bundles as cards, and the visitor's cart beside them. */
export default function MerchandisePage() {
  // The public shell is plain CSS: this screen brings Mantine itself, as the invoice page does.
  return (
    <MantineScope>
      <ShopCatalogue pageName="merchandise" title="Merchandise" checkoutPath="/checkout" />
    </MantineScope>
  );
}

function ItemCard({ item, state }: { item: ShopItem; state: CartState }) {
  const [qty, setQty] = useState('1');
  const [adding, setAdding] = useState(false);
  const add = async () => {
    setAdding(true);
    await state.save(withItem(linesOf(state.cart), item.guId, Number(qty)));
    setAdding(false);
  };
  const titleId = `shop-item-${item.guId}`;
  return (
    <Card component="li" withBorder padding="md" aria-labelledby={titleId}>
      {item.imageUrl && (
        <Card.Section>
          <img className="shop-card__image" src={item.imageUrl} alt={item.name} loading="lazy" />
        </Card.Section>
      )}
      <Stack gap={6} mt={item.imageUrl ? 'sm' : 0}>
        <Title order={3} size="h4" id={titleId}>
          {item.name}
        </Title>
        {item.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {item.description}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{money(item.price, item.currency)}</Text>
          {!item.inStock ? (
            <Badge color="gray" variant="light">
              Out of stock
            </Badge>
          ) : item.stockLeft !== null ? (
            // Mantine's orange on its tint is 3.6:1: the text in dark 7, as the invoice status badges have it.
            <Badge color="orange" variant="light" c="dark.7">
              Only {item.stockLeft} left
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <NativeSelect
            label="Quantity"
            aria-label={`Quantity of ${item.name}`}
            data={quantityChoices(item.stockLeft)}
            value={qty}
            onChange={(event) => setQty(event.currentTarget.value)}
            disabled={!item.inStock}
            w={80}
          />
          <Button
            onClick={() => void add()}
            disabled={!item.inStock || state.cart === null}
            loading={adding}
            aria-describedby={titleId}
            style={{ flex: 1 }}
          >
            Add to cart
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The catalogue as cards and the cart beside them: the public /merchandise page and the student's
 * My Store. `pageName` is the website page whose header block it shows, if any.
 */
export function ShopCatalogue({
  pageName,
  title,
  checkoutPath,
}: {
  pageName?: string;
  title: string;
  checkoutPath: string;
}) {
  const tenant = useTenant();
  const state = useCart();
  const [catalogue, setCatalogue] = useState<PublicCatalogue | null>(null);
  const [failed, setFailed] = useState(false);
  // The page's own header block, when the studio published the merchandise page with one.
  const [page, setPage] = useState<PublicPage | null>(null);
  const published = tenant.web.pages.some((candidate) => candidate.name === pageName);
  useDocumentHead(tenant, page?.title || title);
  useEffect(() => {
    shopApi
      .catalogue(tenant.tenantId)
      .then(setCatalogue)
      .catch(() => setFailed(true));
    // Only a published page has a header block to show (asking for another would log a 404).
    if (pageName && published) fetchPublicPage(tenant.tenantId, pageName).then(setPage);
  }, [tenant.tenantId, pageName, published]);
  const categories = (catalogue?.categories ?? []).filter((category) => category.items.length > 0);
  return (
    <div className="shop-page">
      <Stack gap={4} mb="lg">
        <Title order={1}>{page?.header || title}</Title>
        {page?.subHeader ? <Text c="dimmed">{page.subHeader}</Text> : null}
      </Stack>
      <div className="shop-layout">
        {/* Until the products come, they hold the screen, so the cart below them on a phone does not jump. */}
        <section aria-label="Products" className={catalogue === null ? 'shop-products--loading' : undefined}>
          {failed ? (
            <Alert color="red" role="alert">
              The products could not be loaded. Please try again.
            </Alert>
          ) : catalogue === null ? (
            <Group gap="xs">
              <Loader size="sm" aria-label="Loading the products" />
              <Text>Loading the products…</Text>
            </Group>
          ) : categories.length === 0 ? (
            <Text>No products for sale yet.</Text>
          ) : (
            <Stack gap="xl">
              {categories.map((category) => (
                <section key={category.guId} aria-labelledby={`shop-category-${category.guId}`}>
                  <Title order={2} size="h3" mb="sm" id={`shop-category-${category.guId}`}>
                    {category.name}
                  </Title>
                  <ul className="shop-grid">
                    {category.items.map((item) => (
                      <ItemCard key={item.guId} item={item} state={state} />
                    ))}
                  </ul>
                </section>
              ))}
            </Stack>
          )}
        </section>
        <CartView state={state} checkoutPath={checkoutPath} />
      </div>
    </div>
  );
}
