import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Tabler's own tags for each icon ('barbell' is tagged 'gym', 'fitness', 'workout'), so the designer's 'Add icon'
 * finds icons by them. They are only in `@tabler/icons`' icons.json (2 MB: names, categories, tags, versions,
 * unicode points); this plugin reads it at build time and gives the app a virtual module with the tags alone, as
 * text, each tag word once per icon. The icon catalogue imports it, so it lands in the catalogue's own chunk.
 */
export const ICON_TAGS_MODULE = 'virtual:tabler-icon-tags';
const RESOLVED_ID = `\0${ICON_TAGS_MODULE}`;

interface TablerIconEntry {
  name: string;
  tags?: unknown[];
}

/** 'a-b-2' → 'AB2': the name @tabler/icons-react gives the icon's component (its displayName, no 'Icon'). */
export function pascalName(kebab: string): string {
  return kebab
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/**
 * The words of an icon's tags that a search could need: lower case, split as the picker splits what is typed
 * (letters and digits), each once; a word inside one of the name's words or inside another tag word is left out,
 * as every search it answers is answered already ('weight' beside 'weightlifting', 'bar' on the barbell).
 */
export function tagWords(name: string, tags: readonly unknown[]): string[] {
  const nameWords = name.toLowerCase().split(/[^a-z0-9]+/);
  const words = [
    ...new Set(
      tags.flatMap((tag) =>
        String(tag)
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean),
      ),
    ),
  ].filter((word) => !nameWords.some((nameWord) => nameWord.includes(word)));
  return words.filter((word) => !words.some((other) => other !== word && other.includes(word)));
}

/** The module's text: a line per icon with tags, its component name then its tag words ('Barbell dumbbell gym …'). */
export function iconTagsText(icons: Record<string, TablerIconEntry>): string {
  const lines: string[] = [];
  for (const icon of Object.values(icons)) {
    const words = tagWords(icon.name, icon.tags ?? []);
    if (words.length > 0) lines.push(`${pascalName(icon.name)} ${words.join(' ')}`);
  }
  return lines.join('\n');
}

/**
 * icons.json as Node finds the package from `from` (the package's exports map leaves the file out, so it is
 * looked up in the node_modules folders themselves).
 */
export function findIconsJson(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', '@tabler', 'icons', 'icons.json');
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) throw new Error(`@tabler/icons' icons.json is not installed (looked up from ${from})`);
  }
}

export function tablerIconTags(): Plugin {
  let root = process.cwd();
  return {
    name: 'atrium-tabler-icon-tags',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === ICON_TAGS_MODULE ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const file = findIconsJson(root);
      this.addWatchFile(file);
      const icons = JSON.parse(readFileSync(file, 'utf8')) as Record<string, TablerIconEntry>;
      return `export default ${JSON.stringify(iconTagsText(icons))};\n`;
    },
  };
}
