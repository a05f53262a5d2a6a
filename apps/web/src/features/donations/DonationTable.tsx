import type { Donation } from '@atrium/contracts';
import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import { downloadReceipt } from './api';
import { money } from './campaign-money';

const STATUS_LABELS: Record<Donation['status'], string> = {
  paid: 'Paid',
  pending: 'Not paid',
  refunded: 'Refunded',
  void: 'Void',
};

interface Props {
  gifts: Donation[];
  timeZone: string;
  /** Which columns: a campaign's gifts name the donor, a person's gifts the campaign. */
  show: 'donor' | 'campaign';
  label: string;
}

/** Gifts with their date (tenant's zone), amount, state and receipt download. */
export function DonationTable({ gifts, timeZone, show, label }: Props) {
  if (gifts.length === 0) return <Text c="dimmed">No donations yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>{show === 'donor' ? 'Donor' : 'Campaign'}</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Receipt</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {gifts.map((gift) => (
            <Table.Tr key={gift.guId}>
              <Table.Td>{formatDateTime(gift.paidAt ?? gift.createdAt, timeZone)}</Table.Td>
              <Table.Td>
                {show === 'donor' ? (
                  <>
                    {gift.donorName}{' '}
                    <Text span size="xs" c="dimmed">
                      {gift.donorEmail}
                    </Text>
                    {gift.isAnonymous ? (
                      <Badge ml="xs" size="sm" variant="light" color="gray">
                        Anonymous
                      </Badge>
                    ) : null}
                    {gift.note ? (
                      <Text size="xs" c="dimmed">
                        {gift.note}
                      </Text>
                    ) : null}
                  </>
                ) : (
                  gift.campaignName
                )}
              </Table.Td>
              <Table.Td>{money(gift.amount, gift.currency)}</Table.Td>
              <Table.Td>{STATUS_LABELS[gift.status]}</Table.Td>
              <Table.Td>
                {gift.receiptNumber ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={`Download receipt ${gift.receiptNumber}`}
                    onClick={() => void downloadReceipt(gift.guId, gift.receiptNumber ?? 'receipt').catch(() => {})}
                  >
                    Receipt {gift.receiptNumber}
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
