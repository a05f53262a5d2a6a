import type { ContactCard, ContactCards } from '@atrium/contracts';
import { ActionIcon, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../lib/api';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import {
  type BrandMark,
  brandLabel,
  brandMark,
  cardDescription,
  formatExpiry,
  isExpired,
  maskedNumber,
} from './card-format';

/** Spec 2 §7: the contact's cards at the tenant's payment provider (Stripe Connect), masked. */
const cardsApi = {
  list: (guId: string) =>
    apiRequest<ContactCards>(`/item/contact/${encodeURIComponent(guId)}/card`, {
      query: { provider: 'stripe' },
      silent: true,
    }),
  remove: (guId: string, cardId: string) =>
    apiRequest<{ message: string }>(`/item/contact/${encodeURIComponent(guId)}/card/${encodeURIComponent(cardId)}`, {
      method: 'DELETE',
    }),
};

const cardsKey = (guId: string) => ['contacts', 'cards', guId] as const;

export const NO_PROVIDER_TEXT =
  'Saved cards appear here once a payment provider is connected in Settings > Integrations.';

/** A small drawn mark per brand (no remote images); other brands show their name only. */
export function CardBrandLogo({ brand }: { brand: BrandMark }) {
  const label = brandLabel(brand);
  const box = { width: 40, height: 26, viewBox: '0 0 40 26', focusable: false } as const;
  const frame = (fill: string) => <rect x="0.5" y="0.5" width="39" height="25" rx="4" fill={fill} stroke="#d0d4da" />;
  if (brand === 'mastercard') {
    return (
      <svg {...box} role="img" aria-label={label} data-brand="mastercard">
        <title>{label}</title>
        {frame('#fff')}
        <circle cx="16" cy="13" r="7" fill="#eb001b" />
        <circle cx="24" cy="13" r="7" fill="#f79e1b" fillOpacity="0.85" />
      </svg>
    );
  }
  const styles: Record<
    Exclude<BrandMark, 'mastercard'>,
    { fill: string; color: string; text: string; size: number }
  > = {
    visa: { fill: '#fff', color: '#1a1f71', text: 'VISA', size: 11 },
    discover: { fill: '#fff', color: '#e65c00', text: 'DISCOVER', size: 6.5 },
    amex: { fill: '#2e77bc', color: '#fff', text: 'AMEX', size: 10 },
  };
  const s = styles[brand];
  return (
    <svg {...box} role="img" aria-label={label} data-brand={brand}>
      <title>{label}</title>
      {frame(s.fill)}
      <text
        x="20"
        y="17"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="700"
        fontStyle={brand === 'visa' ? 'italic' : undefined}
        fontSize={s.size}
        fill={s.color}
      >
        {s.text}
      </text>
    </svg>
  );
}

interface ListProps {
  data: ContactCards;
  onDelete: (card: ContactCard) => void;
  now?: Date;
}

/** The card's body once loaded: the no-provider line, the empty state, or one row per card. */
export function SavedCardsList({ data, onDelete, now }: ListProps) {
  if (data.provider === null) {
    return (
      <Text c="dimmed" size="sm" mt="xs">
        {NO_PROVIDER_TEXT}
      </Text>
    );
  }
  if (data.cards.length === 0) {
    return (
      <Text c="dimmed" size="sm" mt="xs">
        No saved cards
      </Text>
    );
  }
  return (
    <Stack
      gap="xs"
      mt="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label="Saved cards"
    >
      {data.cards.map((card) => {
        const mark = brandMark(card.brand);
        const expired = isExpired(card, now);
        const expiry = formatExpiry(card);
        return (
          <li key={card.id}>
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                {mark ? (
                  <CardBrandLogo brand={mark} />
                ) : (
                  <Badge variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
                    {brandLabel(card.brand)}
                  </Badge>
                )}
                <div style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {maskedNumber(card.last4)}
                    </Text>
                    {card.isDefault && (
                      <Badge size="xs" variant="light">
                        Default
                      </Badge>
                    )}
                  </Group>
                  {expiry && (
                    <Text size="xs" c={expired ? 'red.9' : 'dimmed'}>
                      {expired ? `Expired ${expiry}` : `Expires ${expiry}`}
                    </Text>
                  )}
                </div>
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => onDelete(card)}
                aria-label={`Remove ${cardDescription(card)}`}
                title="Remove card"
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}

/** The "Saved cards" card of the contact detail: list, remove with a confirm. */
export function ContactSavedCards({ guId }: { guId: string }) {
  const client = useQueryClient();
  const cards = useQuery({ queryKey: cardsKey(guId), queryFn: () => cardsApi.list(guId), retry: false });
  const remove = useMutation({
    mutationFn: (cardId: string) => cardsApi.remove(guId, cardId),
    onSettled: () => client.invalidateQueries({ queryKey: cardsKey(guId) }),
  });
  const [deleting, setDeleting] = useState<ContactCard | null>(null);

  async function confirm() {
    if (!deleting) return;
    await remove.mutateAsync(deleting.id).catch(() => null);
    setDeleting(null);
  }

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-cards-title">
      <Title order={2} fz="h4" id="contact-cards-title">
        Saved cards
      </Title>
      {cards.isPending ? (
        <Loader size="sm" aria-label="Loading saved cards" mt="xs" />
      ) : cards.isError || !cards.data ? (
        <Text c="red.9" size="sm" mt="xs" role="alert">
          {cards.error instanceof Error && cards.error.message
            ? cards.error.message
            : 'The saved cards could not be loaded.'}
        </Text>
      ) : (
        <SavedCardsList data={cards.data} onDelete={setDeleting} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Remove Card"
        message={deleting ? `Remove ${cardDescription(deleting)} from this contact?` : ''}
        confirmLabel="Yes"
        cancelLabel="No"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirm}
      />
    </Card>
  );
}
