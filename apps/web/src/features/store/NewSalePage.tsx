import {
  type CheckoutQuote,
  type DeskCheckoutQuoteRequest,
  type DeskPaymentMethod,
  QUANTITY_MAX,
  QUANTITY_MIN,
  takesCardPayments,
} from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { catalogueApi } from '../catalogue/api';
import { useContactAutocomplete } from '../contacts/hooks';
import { invoicesApi } from '../invoices/api';
import { goToProvider } from '../invoices/card-payment';
import { invoicePath } from '../invoices/InvoicesPage';
import { money } from '../invoices/invoice-format';
import { DeskMembershipSale } from '../memberships/DeskMembershipSale';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { storeApi } from './api';
import { saleOptions } from './sale-options';

interface CartLine {
  guId: string;
  name: string;
  qty: number;
}

type Buyer = { kind: 'walkin' } | { kind: 'contact'; id: string; label: string };

const PAYMENTS: { value: DeskPaymentMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'credit_card', label: 'Card' },
  { value: 'account', label: 'Charge account' },
  { value: 'invoice', label: 'Leave open' },
];

const clampQty = (value: number) => Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.round(value)));

/**
 * /store/new: the desk's sale. Pick the buyer (a contact or the walk-in), add catalogue items and bundles, apply
 * a code, choose how they pay; every amount shown comes from POST /item/checkout/validate, and
 * Complete sale sends the same cart to POST /item/checkout with one key per sale, then opens the invoice.
 */
export default function NewSalePage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'New sale');
  const navigate = useNavigate();
  const saleKey = useRef(crypto.randomUUID());

  const [buyer, setBuyer] = useState<Buyer>({ kind: 'walkin' });
  const [contactSearch, setContactSearch] = useState('');
  const [debouncedContact] = useDebouncedValue(contactSearch, 200);
  const contacts = useContactAutocomplete(buyer.kind === 'contact' ? debouncedContact : '');

  const [itemSearch, setItemSearch] = useState('');
  const [debouncedItem] = useDebouncedValue(itemSearch, 200);
  const search = debouncedItem.trim();
  const catalogue = useQuery({
    queryKey: ['store', 'items', search],
    queryFn: () => catalogueApi.items({ start: 0, length: 20, search, categoryId: null, isShowArchived: false }),
    placeholderData: keepPreviousData,
  });
  const bundles = useQuery({
    queryKey: ['store', 'bundles', search],
    queryFn: () => catalogueApi.bundles({ start: 0, max: 20, search, isShowArchived: false }),
    placeholderData: keepPreviousData,
  });
  const options = saleOptions(catalogue.data?.data ?? [], bundles.data?.data ?? []);
  const searching = catalogue.isFetching || bundles.isFetching;

  const [cart, setCart] = useState<CartLine[]>([]);
  const [codeText, setCodeText] = useState('');
  const [code, setCode] = useState('');
  const [payment, setPayment] = useState<DeskPaymentMethod>('cash');
  const cardsTaken = takesCardPayments(tenant.paymentProvider);
  const walkin = buyer.kind === 'walkin';
  const method: DeskPaymentMethod = walkin && payment === 'account' ? 'cash' : payment;

  const request: DeskCheckoutQuoteRequest = {
    contactId: buyer.kind === 'contact' ? buyer.id : undefined,
    items: cart.map((line) => ({ guId: line.guId, qty: line.qty })),
    offerCode: code || undefined,
    paymentMethod: method,
  };
  const quote = useQuery({
    queryKey: ['store', 'quote', request],
    queryFn: ({ signal }) => storeApi.quote(request, signal),
    enabled: cart.length > 0 && (buyer.kind === 'walkin' || !!buyer.id),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const sale = useMutation({
    mutationFn: () => storeApi.checkout({ ...request, idempotencyKey: saleKey.current }),
    onSuccess: async (invoice) => {
      if (method !== 'credit_card') return navigate(invoicePath(invoice.id));
      // The sale leaves the invoice open for the card: the provider's page takes it, then returns to the invoice.
      try {
        goToProvider(await invoicesApi.cardPayment(invoice.id));
        await new Promise(() => {}); // stay busy while the browser leaves
      } catch {
        navigate(invoicePath(invoice.id));
      }
    },
  });

  const addItem = (guId: string | null) => {
    const item = options.find((option) => option.value === guId);
    if (!item || item.disabled) return;
    setCart((lines) =>
      lines.some((line) => line.guId === item.value)
        ? lines.map((line) => (line.guId === item.value ? { ...line, qty: clampQty(line.qty + 1) } : line))
        : [...lines, { guId: item.value, name: item.name, qty: 1 }],
    );
    setItemSearch('');
  };
  const setQty = (guId: string, value: number | string) => {
    const qty = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(qty)) return;
    setCart((lines) => lines.map((line) => (line.guId === guId ? { ...line, qty: clampQty(qty) } : line)));
  };
  const applyCode = (event: FormEvent) => {
    event.preventDefault();
    setCode(codeText.trim());
  };

  const buyerChosen = buyer.kind === 'walkin' || !!buyer.id;
  const data: CheckoutQuote | undefined = cart.length > 0 && buyerChosen ? quote.data : undefined;
  const currency = data?.currency ?? 'USD';
  const lineOf = new Map((data?.lines ?? []).map((line) => [line.guId, line]));
  const quoteError = cart.length > 0 && buyerChosen && quote.isError ? quote.error : null;
  const saleError = sale.error;
  const canSell = cart.length > 0 && buyerChosen && !!data && !quote.isFetching && !quoteError;

  const contactOptions = (contacts.data ?? []).map((row) => ({ value: row.id, label: row.label }));
  if (buyer.kind === 'contact' && buyer.id && !contactOptions.some((row) => row.value === buyer.id)) {
    contactOptions.unshift({ value: buyer.id, label: buyer.label });
  }

  return (
    <Stack component="section" aria-labelledby="sale-title" gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="sale-title">
          New sale
        </Title>
        <Anchor component={Link} to="/store">
          Back to Store
        </Anchor>
      </Group>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Radio.Group
            label="Customer"
            value={buyer.kind}
            onChange={(value) =>
              setBuyer(value === 'walkin' ? { kind: 'walkin' } : { kind: 'contact', id: '', label: '' })
            }
          >
            <Group gap="md" mt={4}>
              <Radio value="walkin" label="Walk-in" />
              <Radio value="contact" label="Contact" />
            </Group>
          </Radio.Group>
          {buyer.kind === 'contact' && (
            <Select
              label="Contact"
              placeholder="Search by name, email or phone"
              searchable
              searchValue={contactSearch}
              onSearchChange={setContactSearch}
              value={buyer.id || null}
              onChange={(value, option) =>
                setBuyer(
                  value && option
                    ? { kind: 'contact', id: value, label: option.label }
                    : { kind: 'contact', id: '', label: '' },
                )
              }
              data={contactOptions}
              filter={({ options }) => options}
              nothingFoundMessage={debouncedContact.trim() && !contacts.isFetching ? 'No contacts found' : undefined}
            />
          )}
        </Stack>
      </Paper>

      {buyer.kind === 'contact' && buyer.id ? (
        <Paper withBorder p="md">
          <DeskMembershipSale contactId={buyer.id} contactName={buyer.label} />
        </Paper>
      ) : null}

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Select
            label="Add item"
            placeholder="Search products and bundles"
            searchable
            searchValue={itemSearch}
            onSearchChange={setItemSearch}
            value={null}
            onChange={addItem}
            data={options.map(({ value, label, disabled }) => ({ value, label, disabled }))}
            filter={({ options: shown }) => shown}
            rightSection={searching ? <Loader size="xs" aria-label="Searching the catalogue" /> : undefined}
            nothingFoundMessage={searching ? undefined : 'No items found'}
          />
          {cart.length === 0 ? (
            <Text c="dimmed">No items yet</Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Quantity</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Remove</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {cart.map((line) => {
                    const priced = lineOf.get(line.guId);
                    return (
                      <Table.Tr key={line.guId}>
                        <Table.Td>
                          <Text size="sm">{line.name}</Text>
                          {priced && (
                            <Text size="xs" c="dimmed">
                              {money(priced.price, currency)} each
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={`Quantity of ${line.name}`}
                            value={line.qty}
                            onChange={(value) => setQty(line.guId, value)}
                            min={QUANTITY_MIN}
                            max={QUANTITY_MAX}
                            allowDecimal={false}
                            allowNegative={false}
                            clampBehavior="strict"
                            w={90}
                          />
                        </Table.Td>
                        <Table.Td ta="right">{priced ? money(priced.total, currency) : ''}</Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${line.name}`}
                            onClick={() => setCart((lines) => lines.filter((l) => l.guId !== line.guId))}
                          >
                            <span aria-hidden>×</span>
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <form onSubmit={applyCode}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Offer code"
                value={codeText}
                onChange={(event) => setCodeText(event.currentTarget.value)}
                maxLength={50}
              />
              <Button type="submit" variant="default">
                Apply
              </Button>
              {code && (
                <Button
                  variant="subtle"
                  onClick={() => {
                    setCode('');
                    setCodeText('');
                  }}
                >
                  Remove code
                </Button>
              )}
            </Group>
          </form>
          {data?.offer && (
            <Alert color={data.offer.valid ? 'teal' : 'red'} role={data.offer.valid ? 'status' : 'alert'}>
              {data.offer.valid
                ? `Code '${data.offer.offerCode}' applied: ${money(data.offer.discount, currency)} off.`
                : data.offer.alert}
            </Alert>
          )}
          <Radio.Group label="Payment" value={method} onChange={(value) => setPayment(value as DeskPaymentMethod)}>
            <Group gap="md" mt={4}>
              {PAYMENTS.filter((option) => option.value !== 'credit_card' || cardsTaken).map((option) => (
                <Radio
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  disabled={option.value === 'account' && walkin}
                />
              ))}
            </Group>
          </Radio.Group>
          {walkin && (
            <Text size="xs" c="dimmed">
              The walk-in customer has no account to charge.
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md" aria-label="Totals" component="section">
        <Stack gap={4}>
          {(
            [
              ['Subtotal', data?.subtotal],
              ['Discount', data?.discount],
              ['Tax', data?.tax],
              ['Card fee', data?.cardFee],
            ] as const
          ).map(([label, amount]) => (
            <Group key={label} justify="space-between">
              <Text size="sm">{label}</Text>
              <Text size="sm">{money(amount ?? 0, currency)}</Text>
            </Group>
          ))}
          <Group justify="space-between">
            <Text fw={700}>Total</Text>
            <Text fw={700} data-testid="sale-total">
              {money(data?.total ?? 0, currency)}
            </Text>
          </Group>
        </Stack>
      </Paper>

      {quoteError && (
        <Alert color="red" role="alert">
          {isApiError(quoteError) ? quoteError.message : 'The sale could not be priced.'}
        </Alert>
      )}
      {saleError && (
        <Alert color="red" role="alert">
          {saleError.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => sale.mutate()} disabled={!canSell} loading={sale.isPending}>
          Complete sale
        </Button>
      </Group>
    </Stack>
  );
}
