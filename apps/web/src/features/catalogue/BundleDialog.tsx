import { BUNDLE_QTY_MAX, type Bundle, CATALOGUE_MESSAGES } from '@atrium/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormActions, showServerError } from '../../app/components/FormDialog';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { formatPrice, parsePrice } from './catalogue-format';
import { useItems, useSaveBundle } from './hooks';

interface Line {
  /** A key for React that stays with the line when another is removed. */
  key: number;
  itemId: string | null;
  qty: number | string;
}

interface Props {
  opened: boolean;
  bundle: Bundle | null;
  onClose: () => void;
}

let lineKeys = 0;
const newLine = (itemId: string | null = null, qty: number | string = 1): Line => {
  lineKeys += 1;
  return { key: lineKeys, itemId, qty };
};

const ALL_ITEMS = { start: 0, length: 1000, search: '', categoryId: null, isShowArchived: false };

/** Add or edit a bundle: its items with quantities, at its own price. */
export function BundleDialog({ opened, bundle, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 600px)');
  const tenant = useTenant();
  const items = useItems(ALL_ITEMS);
  const save = useSaveBundle();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [description, setDescription] = useState('');
  const [isVisible, setVisible] = useState(true);
  const [lines, setLines] = useState<Line[]>(() => [newLine()]);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);

  useEffect(() => {
    if (!opened) return;
    setName(bundle?.name ?? '');
    setPrice(bundle ? String(bundle.price) : '');
    setDescription(bundle?.description ?? '');
    setVisible(bundle?.isVisible ?? true);
    setLines(bundle ? bundle.items.map((line) => newLine(line.itemId, line.qty)) : [newLine()]);
    setSubmitted(false);
    setServerError(null);
  }, [opened, bundle]);

  const products = items.data?.data ?? [];
  const options = products.map((item) => ({
    value: item.guId,
    label: `${item.name} (${formatPrice(item.price, item.currency)})`,
  }));
  // An archived item already in the bundle stays choosable so the dialog shows it.
  for (const line of bundle?.items ?? []) {
    if (!options.some((o) => o.value === line.itemId))
      options.push({ value: line.itemId, label: `${line.name} (archived)` });
  }
  const chosen = lines.filter((line) => line.itemId);
  const errors = {
    name: name.trim() ? null : CATALOGUE_MESSAGES.nameRequired,
    price: !price.trim()
      ? CATALOGUE_MESSAGES.priceRequired
      : parsePrice(price) === null
        ? 'Enter a price such as 12.50 (0 or more)'
        : null,
    items: chosen.length === 0 ? CATALOGUE_MESSAGES.bundleItemsRequired : null,
  };
  const serverFor = (field: string) => (serverError && serverError.field === field ? serverError.message : null);
  const show = (message: string | null, field: string) => (submitted ? message : null) ?? serverFor(field);
  const itemsValue = chosen.reduce((sum, line) => {
    const item = products.find((p) => p.guId === line.itemId);
    return sum + (item ? item.price * Number(line.qty || 0) : 0);
  }, 0);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (errors.name || errors.price || errors.items || save.isPending) return;
    const body = {
      name: name.trim(),
      price: parsePrice(price) ?? 0,
      description: description.trim(),
      isVisible,
      items: chosen.map((line) => ({ itemId: line.itemId ?? '', qty: Number(line.qty) || 1 })),
    };
    try {
      await save.mutateAsync({ guId: bundle?.guId ?? null, body });
      showSuccessToast(bundle ? CATALOGUE_MESSAGES.bundleUpdated : CATALOGUE_MESSAGES.bundleAdded);
      onClose();
    } catch (error) {
      showServerError(error, (field, message) => setServerError({ field, message }));
    }
  }

  const title = bundle ? 'Edit Bundle' : 'Add Bundle';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={560} fullScreen={phone} centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={show(errors.name, 'name')}
          />
          <TextInput
            label={`Price (${tenant.csymbol || '$'})`}
            required
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
            error={show(errors.price, 'price')}
            description={
              itemsValue > 0
                ? `The items alone come to ${formatPrice(itemsValue, products[0]?.currency ?? 'USD')}`
                : undefined
            }
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Text fw={500} size="sm" id="bundle-items-label">
            Items
          </Text>
          {lines.map((line, index) => (
            <Group key={line.key} align="flex-end" gap="xs" wrap="nowrap" role="group" aria-label={`Item ${index + 1}`}>
              <Select
                label={`Item ${index + 1}`}
                placeholder="Choose an item"
                data={options}
                value={line.itemId}
                searchable
                onChange={(value) =>
                  setLines((current) => current.map((l, i) => (i === index ? { ...l, itemId: value } : l)))
                }
                error={serverFor(`items.${index}.itemId`)}
                style={{ flex: 1 }}
              />
              <NumberInput
                label={`Quantity of item ${index + 1}`}
                min={1}
                max={BUNDLE_QTY_MAX}
                allowDecimal={false}
                allowNegative={false}
                value={line.qty}
                onChange={(value) =>
                  setLines((current) => current.map((l, i) => (i === index ? { ...l, qty: value } : l)))
                }
                error={serverFor(`items.${index}.qty`)}
                w={110}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove item ${index + 1}`}
                disabled={lines.length === 1}
                onClick={() => setLines((current) => current.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          {show(errors.items, 'items') ? (
            <Text c="red.9" size="sm" role="alert">
              {show(errors.items, 'items')}
            </Text>
          ) : null}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setLines((current) => [...current, newLine()])}
            >
              Add Item
            </Button>
          </Group>
          <Switch
            label="Visible in the store"
            checked={isVisible}
            onChange={(e) => setVisible(e.currentTarget.checked)}
          />
          <FormActions onCancel={onClose} pending={save.isPending} submitLabel="Submit" />
        </Stack>
      </form>
    </Modal>
  );
}
