/**
 * The whole Tabler icon set (`@tabler/icons-react`, outline and filled) for the designer's 'Add icon', searchable by
 * plain words and by Tabler's own tags. This module is only ever imported dynamically, when the picker opens: it is
 * its own chunk (with the tags, made at build time from `@tabler/icons`' icons.json), so the designer and the rest of
 * the app carry none of it.
 */

import tagsText from 'virtual:tabler-icon-tags';
import { type Icon, icons } from '@tabler/icons-react';
import { FAVOURITE_ICONS } from './icon-favourites';

export interface CatalogueIcon {
  /** The package's export, 'IconMapPin' (unique). */
  id: string;
  /** 'Map pin', 'Heart filled': Tabler's own name in words (unique, so each button has its own name). */
  name: string;
  /** Lower-case words to match: the name's words, and for the favourites the words a studio would type. */
  words: string;
  /** Tabler's tags for the icon in lower-case words ('dumbbell weights gym fitness …' for the barbell), or ''. */
  tags: string;
  icon: Icon;
}

/** 'IconMapPinFilled' → 'map pin filled'; 'IconBattery2' → 'battery 2'. */
export function wordsOfExport(exportName: string): string {
  return (exportName.replace(/^Icon/, '').match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).join(' ').toLowerCase();
}

/** The build's tags text ('Barbell dumbbell weights gym …', a line per icon) as component name → tag words. */
export function tagsByName(text: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0) tags.set(line.slice(0, space), line.slice(space + 1));
  }
  return tags;
}

function build(): CatalogueIcon[] {
  const seen = new Set<Icon>();
  const all: CatalogueIcon[] = [];
  const favourites = new Map(FAVOURITE_ICONS.map((f) => [f.exportName, f]));
  const tags = tagsByName(tagsText);
  // Tabler tags an icon once for both its styles: 'IconHeartFilled' has the tags of 'Heart'
  const tagsOf = (exportName: string) => {
    const name = exportName.replace(/^Icon/, '');
    return tags.get(name) ?? (name.endsWith('Filled') ? tags.get(name.slice(0, -'Filled'.length)) : undefined) ?? '';
  };
  for (const [exportName, icon] of Object.entries(icons) as [string, Icon][]) {
    if (!exportName.startsWith('Icon') || seen.has(icon)) continue;
    seen.add(icon);
    const words = wordsOfExport(exportName);
    const favourite = favourites.get(exportName);
    all.push({
      id: exportName,
      name: words.charAt(0).toUpperCase() + words.slice(1),
      words: favourite ? `${favourite.words} ${words}` : words,
      tags: tagsOf(exportName),
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

/** Those with a word starting with `term` first, the others after, each in the catalogue's order. */
function startingFirst(entries: CatalogueIcon[], term: string, text: (entry: CatalogueIcon) => string) {
  const starts = (entry: CatalogueIcon) =>
    text(entry)
      .split(' ')
      .some((word) => word.startsWith(term));
  return [...entries.filter(starts), ...entries.filter((entry) => !starts(entry))];
}

/**
 * The icons whose words hold every word typed ('map pin', 'pin map', 'yoga'), those with a word starting with the
 * first one typed first; then the icons found only with their tags ('workout' finds the dumbbell and the jump rope),
 * in the same order. Everything (favourites first) when nothing is typed.
 */
export function findIcons(search: string, catalogue: CatalogueIcon[] = ICON_CATALOGUE): CatalogueIcon[] {
  const terms = search
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const first = terms[0];
  if (first === undefined) return catalogue;
  const byName: CatalogueIcon[] = [];
  const byTag: CatalogueIcon[] = [];
  for (const entry of catalogue) {
    if (terms.every((term) => entry.words.includes(term))) byName.push(entry);
    else if (entry.tags && terms.every((term) => entry.words.includes(term) || entry.tags.includes(term)))
      byTag.push(entry);
  }
  return [
    ...startingFirst(byName, first, (entry) => entry.words),
    ...startingFirst(byTag, first, (entry) => `${entry.words} ${entry.tags}`),
  ];
}
