/**
 * The whole Tabler icon set (`@tabler/icons-react`, outline and filled) for the designer's 'Add icon', searchable by
 * plain words. This module is only ever imported dynamically, when the picker opens: it is its own chunk, so the
 * designer and the rest of the app carry none of it.
 */
import { type Icon, icons } from '@tabler/icons-react';
import { FAVOURITE_ICONS } from './icon-favourites';

export interface CatalogueIcon {
  /** The package's export, 'IconMapPin' (unique). */
  id: string;
  /** 'Map pin', 'Heart filled': Tabler's own name in words (unique, so each button has its own name). */
  name: string;
  /** Lower-case words to match: the name's words, and for the favourites the words a studio would type. */
  words: string;
  icon: Icon;
}

/** 'IconMapPinFilled' → 'map pin filled'; 'IconBattery2' → 'battery 2'. */
export function wordsOfExport(exportName: string): string {
  return (exportName.replace(/^Icon/, '').match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).join(' ').toLowerCase();
}

function build(): CatalogueIcon[] {
  const seen = new Set<Icon>();
  const all: CatalogueIcon[] = [];
  const favourites = new Map(FAVOURITE_ICONS.map((f) => [f.exportName, f]));
  for (const [exportName, icon] of Object.entries(icons) as [string, Icon][]) {
    if (!exportName.startsWith('Icon') || seen.has(icon)) continue;
    seen.add(icon);
    const words = wordsOfExport(exportName);
    const favourite = favourites.get(exportName);
    all.push({
      id: exportName,
      name: words.charAt(0).toUpperCase() + words.slice(1),
      words: favourite ? `${favourite.words} ${words}` : words,
      icon,
    });
  }
  // the favourites first (in their order), then the rest by name
  const rank = (entry: CatalogueIcon) => {
    const i = FAVOURITE_ICONS.findIndex((f) => icons[f.exportName as keyof typeof icons] === entry.icon);
    return i < 0 ? FAVOURITE_ICONS.length : i;
  };
  return all.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

export const ICON_CATALOGUE: CatalogueIcon[] = build();

/**
 * The icons whose words hold every word typed ('map pin', 'pin map', 'yoga'), those with a word starting with the
 * first one typed first; everything (favourites first) when nothing is typed.
 */
export function findIcons(search: string, catalogue: CatalogueIcon[] = ICON_CATALOGUE): CatalogueIcon[] {
  const terms = search
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (terms.length === 0) return catalogue;
  const matches = catalogue.filter((entry) => terms.every((term) => entry.words.includes(term)));
  const first = terms[0] as string;
  const startsWord = (entry: CatalogueIcon) => entry.words.split(' ').some((word) => word.startsWith(first));
  return [...matches.filter(startsWord), ...matches.filter((entry) => !startsWord(entry))];
}
