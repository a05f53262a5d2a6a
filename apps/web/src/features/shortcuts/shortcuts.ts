import { flattenMenu, type NavItem, visibleMenu } from '../navigation/nav-item';

/** Spec 1 §3 "Shortcut: title, type, icon, url". */
export interface Shortcut {
  title: string;
  type: 'item';
  icon?: string;
  url: string;
}

/** Spec 3 §6: "Shortcuts are kept in a cookie named FUSE2.shortcuts." */
export const SHORTCUTS_COOKIE = 'FUSE2.shortcuts';
export const SHORTCUTS_EMPTY = 'No shortcuts yet!';
/** Fuse's bar keeps a handful; more would crowd the toolbar. */
export const SHORTCUTS_MAX = 10;

/** The menu's leaves a shortcut may point to: in-app screens the person sees. */
export function shortcutChoices(menu: NavItem[]): Shortcut[] {
  return flattenMenu(visibleMenu(menu))
    .filter((item) => item.url && !item.externalUrl && item.url !== '/logout')
    .map((item) => ({ title: item.title, type: 'item', icon: item.icon, url: item.url as string }));
}

/** Spec 3 §5: "Shortcut search is a case-insensitive filter on title." */
export function searchShortcuts(choices: readonly Shortcut[], query: string): Shortcut[] {
  const needle = query.trim().toLocaleLowerCase();
  return needle ? choices.filter((choice) => choice.title.toLocaleLowerCase().includes(needle)) : [...choices];
}

/** Spec 3 §6: "The default shortcut for staff is Store if the tenant shows the store menu; none for students." */
export function defaultShortcuts(choices: readonly Shortcut[], isStaff: boolean, showsStore: boolean): Shortcut[] {
  if (!isStaff || !showsStore) return [];
  const store = choices.find((choice) => choice.url === '/store');
  return store ? [store] : [];
}

/** The cookie's value read back: only well-formed shortcuts to screens still offered (a module turned off drops out). */
export function parseShortcuts(raw: string | null, choices: readonly Shortcut[]): Shortcut[] | null {
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const offered = new Map(choices.map((choice) => [choice.url, choice]));
    const seen = new Set<string>();
    const result: Shortcut[] = [];
    for (const entry of parsed) {
      const url = typeof entry === 'object' && entry !== null ? (entry as { url?: unknown }).url : null;
      const choice = typeof url === 'string' ? offered.get(url) : undefined;
      if (choice && !seen.has(choice.url)) {
        seen.add(choice.url);
        result.push(choice);
      }
    }
    return result.slice(0, SHORTCUTS_MAX);
  } catch {
    return [];
  }
}

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

/** The studio's own host keeps its own shortcuts; a year, like the spec's other remembered choices. */
export function writeShortcutsCookie(shortcuts: readonly Shortcut[]): void {
  const value = JSON.stringify(shortcuts.map(({ title, type, icon, url }) => ({ title, type, icon, url })));
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps shortcuts in this named cookie
  document.cookie = `${encodeURIComponent(SHORTCUTS_COOKIE)}=${encodeURIComponent(value)}; path=/; max-age=31536000; SameSite=Lax`;
}
