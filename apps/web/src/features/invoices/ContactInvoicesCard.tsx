import { PAYMENT_METHOD_LABELS } from '@atrium/contracts';
import { Anchor, Box, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTenant } from '../session/session-store';
import { invoicesApi } from './api';
import { InvoiceRow } from './InvoiceView';
import { formatInvoiceDate, money } from './invoice-format';

/**
 * The contact's money on their detail screen, read from invoices (the balance is on the profile
 * card): the latest invoices, and the latest payments with refunds as their own rows.
 */
export function ContactInvoicesCard({ contactId }: { contactId: string }) {
  const tenant = useTenant();
  const found = useQuery({
    queryKey: ['invoices', 'contact', contactId],
    queryFn: () => invoicesApi.ofContact(contactId),
  });
  const data = found.data;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-invoices-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="contact-invoices-title">
          Invoices and payments
        </Title>
        {found.isPending ? (
          <Loader size="sm" aria-label="Loading invoices" />
        ) : !data ? (
          <Text size="sm" c="red.9">
            The invoices could not be loaded.
          </Text>
        ) : data.invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            No invoices yet.
          </Text>
        ) : (
          <>
            <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Invoices of this contact">
              <Table miw={420} verticalSpacing="xs" aria-label="Latest invoices">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Invoice</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                    <Table.Th ta="right">Balance</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.invoices.map((row) => (
                    <InvoiceRow
                      key={row.id}
                      row={row}
                      to={`/invoices/${row.id}`}
                      timeZone={tenant.timezone}
                      linkSize="sm"
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
            <Title order={3} size="h5">
              Latest payments
            </Title>
            {data.payments.length === 0 ? (
              <Text size="sm" c="dimmed">
                No payments yet.
              </Text>
            ) : (
              <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Payments of this contact">
                <Table miw={420} verticalSpacing="xs" aria-label="Latest payments">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Invoice</Table.Th>
                      <Table.Th>Method</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.payments.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>{formatInvoiceDate(row.createdAt, tenant.timezone)}</Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={`/invoices/${row.invoiceGuId}`} size="sm">
                            {row.invoiceId}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          {row.kind === 'refund' ? 'Refund, ' : ''}
                          {PAYMENT_METHOD_LABELS[row.method]}
                        </Table.Td>
                        <Table.Td ta="right">
                          {money(row.kind === 'refund' ? -row.amount : row.amount, row.currency)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
