import type { Bundle, Item } from '@atrium/contracts';

/** One choice of the sale screen's "Add item" search: what it adds to the cart and how it reads. */
export interface SaleOption {
  value: string;
  /** The name the cart line shows. */
  name: string;
  /** What the option reads (the name, what kind, how many can be sold). */
  label: string;
  disabled: boolean;
}

function left(count: number | null, unit: string): string {
  if (count === null) return '';
  return count === 0 ? 'out of stock' : `${count} ${unit}`;
}

function optionOf(guId: string, name: string, notes: string[], count: number | null): SaleOption {
  const said = notes.filter(Boolean);
  return {
    value: guId,
    name,
    label: said.length > 0 ? `${name} (${said.join(', ')})` : name,
    disabled: count === 0,
  };
}

/**
 * The catalogue's products and services and its bundles, by name. A bundle can be sold as many
 * times as its scarcest item allows (`available`, from the server); one that cannot is disabled,
 * as an item out of stock is. Bundles come from their own list (with availability), not the items'.
 */
export function saleOptions(items: readonly Item[], bundles: readonly Bundle[]): SaleOption[] {
  const options = [
    ...items
      .filter((item) => item.kind !== 'bundle' && !item.isArchived)
      .map((item) => optionOf(item.guId, item.name, [left(item.stock, 'in stock')], item.stock)),
    ...bundles
      .filter((bundle) => !bundle.isArchived)
      .map((bundle) =>
        optionOf(bundle.guId, bundle.name, ['bundle', left(bundle.available, 'available')], bundle.available),
      ),
  ];
  return options.sort((a, b) => a.name.localeCompare(b.name) || a.value.localeCompare(b.value));
}
