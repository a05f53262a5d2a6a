/** Spec 1 §3 "Navigation item". `icon` names a Tabler icon (see app/layouts/NavIcon). */
export interface NavItem {
  id: string;
  title: string;
  type: 'item' | 'group' | 'collapsable';
  icon?: string;
  url?: string;
  /** True when `url` leaves the app (an absolute URL rendered as a plain link). */
  externalUrl?: boolean;
  openInNewTab?: boolean;
  exactMatch?: boolean;
  hidden?: boolean;
  badge?: { title: string; color?: string };
  isBeta?: boolean;
  children?: NavItem[];
}

/** A menu entry that may have been switched off by a flag. */
export type MaybeNavItem = NavItem | null;

/**
 * Drops the items whose in-app screen is not built yet (a module not built is absent from every
 * menu); external links and groups pass, and a group left empty goes in pruneMenu.
 */
export function keepBuilt(items: MaybeNavItem[], isBuilt: (url: string) => boolean): MaybeNavItem[] {
  return items.map((item) => {
    if (!item) return null;
    if (item.type !== 'item')
      return { ...item, children: keepBuilt(item.children ?? [], isBuilt).filter((c) => c !== null) };
    return item.externalUrl || !item.url || isBuilt(item.url) ? item : null;
  });
}

/**
 * Removes switched-off entries, then groups left without children (spec 1 §6: empty groups go).
 * `hidden` items stay: they are part of the definition and the renderer skips them.
 */
export function pruneMenu(items: MaybeNavItem[]): NavItem[] {
  const result: NavItem[] = [];
  for (const item of items) {
    if (!item) continue;
    if (item.type === 'item') {
      result.push(item);
      continue;
    }
    const children = pruneMenu(item.children ?? []);
    if (children.length > 0) result.push({ ...item, children });
  }
  return result;
}

export function collapsable(id: string, title: string, icon: string, children: MaybeNavItem[]): NavItem {
  return { id, title, type: 'collapsable', icon, children: children.filter((child) => child !== null) };
}

/** What a person sees: the pruned menu without hidden entries. */
export function visibleMenu(items: NavItem[]): NavItem[] {
  return items
    .filter((item) => !item.hidden)
    .map((item) => (item.children ? { ...item, children: visibleMenu(item.children) } : item));
}

/** Every visible leaf, depth first: handy for tests and for "is this path in the menu". */
export function flattenMenu(items: NavItem[]): NavItem[] {
  return items.flatMap((item) => (item.type === 'item' ? [item] : flattenMenu(item.children ?? [])));
}
