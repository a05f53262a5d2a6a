import {
  INVOICE_STATUS_LABELS,
  type InvoiceDetail,
  type InvoicePublic,
  PAYMENT_METHOD_LABELS,
} from '@atrium/contracts';
import {
  Anchor,
  Badge,
  Box,
  Divider,
  Group,
  Image,
  type MantineSize,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { formatInvoiceDate, money, STATUS_COLORS } from './invoice-format';

type AnyInvoice = InvoiceDetail | InvoicePublic;

export function InvoiceStatusBadge({ status }: { status: AnyInvoice['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot" c="dark.7">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** An invoice's row in a short list: its number (a link), date, total, balance (what is left to pay) and status. */
export function InvoiceRow({
  row,
  to,
  timeZone,
  linkSize,
}: {
  row: {
    invoiceId: string;
    createdAt: string;
    total: number;
    balance: number;
    currency: string;
    status: AnyInvoice['status'];
  };
  to: string;
  timeZone: string | undefined;
  linkSize?: MantineSize;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={to} size={linkSize}>
          {row.invoiceId}
        </Anchor>
      </Table.Td>
      <Table.Td>{formatInvoiceDate(row.createdAt, timeZone)}</Table.Td>
      <Table.Td ta="right">{money(row.total, row.currency)}</Table.Td>
      <Table.Td ta="right">{money(row.balance, row.currency)}</Table.Td>
      <Table.Td>
        <InvoiceStatusBadge status={row.status} />
      </Table.Td>
    </Table.Tr>
  );
}

/** What the printed invoice shows: who sells, who buys, the lines, the totals and the payments. */
export function InvoiceView({ invoice, timeZone }: { invoice: AnyInvoice; timeZone?: string }) {
  const m = (value: number) => money(value, invoice.currency);
  const totals: [string, string, boolean?][] = [
    ['Subtotal', m(invoice.subTotal)],
    ...(invoice.discount ? [['Discount', `-${m(invoice.discount)}`] as [string, string]] : []),
    ...invoice.taxes
      .filter((tax) => tax.amount !== 0)
      .map((tax) => [`${tax.label} (${tax.rate}%)`, m(tax.amount)] as [string, string]),
    ...(invoice.cardFees ? [['Card fees', m(invoice.cardFees)] as [string, string]] : []),
    ['Total', m(invoice.total), true],
    ['Paid', m(invoice.amountPaid)],
    ...(invoice.amountRefunded ? [['Refunded', m(invoice.amountRefunded)] as [string, string]] : []),
    ['Balance', m(invoice.balance), true],
  ];
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            {invoice.tenant.logo ? (
              <Image src={invoice.tenant.logo} alt={invoice.tenant.name} h={48} w="auto" fit="contain" />
            ) : null}
            <Text fw={700}>{invoice.tenant.name}</Text>
            {[invoice.tenant.address, invoice.tenant.phone, invoice.tenant.email].filter(Boolean).map((line) => (
              <Text key={line} size="sm" c="gray.7">
                {line}
              </Text>
            ))}
          </Stack>
          <Stack gap={2} align="flex-end">
            <Title order={2} size="h3">
              Invoice {invoice.invoiceId}
            </Title>
            <Text size="sm">{formatInvoiceDate(invoice.createdAt, timeZone)}</Text>
            <InvoiceStatusBadge status={invoice.status} />
          </Stack>
        </Group>
        <Stack gap={0}>
          <Text fw={700} size="sm">
            Bill to
          </Text>
          <Text>{invoice.contact.name}</Text>
          <Text size="sm" c="gray.7">
            {invoice.contact.email}
          </Text>
        </Stack>
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Invoice items">
          <Table miw={480} aria-label="Items" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Tax</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.itemName}</Table.Td>
                  <Table.Td ta="right">{item.qty}</Table.Td>
                  <Table.Td ta="right">{m(item.price)}</Table.Td>
                  <Table.Td ta="right">{m(item.tax)}</Table.Td>
                  <Table.Td ta="right">{m(item.itemTotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
        <Stack gap={4} ml="auto" w={{ base: '100%', sm: 280 }} aria-label="Totals" role="group">
          {totals.map(([label, value, strong]) => (
            <Group key={label} justify="space-between">
              <Text fw={strong ? 700 : undefined}>{label}</Text>
              <Text fw={strong ? 700 : undefined} data-testid={`invoice-${label.toLowerCase()}`}>
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
        {invoice.payments.length > 0 ? (
          <>
            <Divider />
            <Title order={3} size="h5">
              Payments
            </Title>
            <Stack gap={4}>
              {invoice.payments.map((payment, index) => (
                <Group key={'id' in payment ? payment.id : index} justify="space-between">
                  <Text size="sm">
                    {formatInvoiceDate(payment.createdAt, timeZone)} ·{' '}
                    {payment.kind === 'refund' ? 'Refund' : 'Payment'} ({PAYMENT_METHOD_LABELS[payment.method]})
                  </Text>
                  <Text size="sm">{payment.kind === 'refund' ? `-${m(payment.amount)}` : m(payment.amount)}</Text>
                </Group>
              ))}
            </Stack>
          </>
        ) : null}
        {invoice.note ? (
          <Text size="sm" c="gray.7">
            {invoice.note}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
