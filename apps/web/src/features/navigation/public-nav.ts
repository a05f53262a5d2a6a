import { buildPublicMenu, type PublicMenuItem, type TenantConfig } from '@atrium/contracts';
import type { NavItem } from './nav-item';

function toNavItem(entry: PublicMenuItem): NavItem {
  if (entry.type === 'group') {
    return { id: entry.id, title: entry.title, type: 'collapsable', children: entry.children.map(toNavItem) };
  }
  return entry.external
    ? { id: entry.id, title: entry.title, type: 'item', url: entry.url, externalUrl: true, openInNewTab: true }
    : { id: entry.id, title: entry.title, type: 'item', url: entry.url, exactMatch: entry.url === '/' };
}

/** The public site menu (spec 1 §2): the shared contracts rule, in the navigation item shape. */
export function buildPublicNav(tenant: TenantConfig): NavItem[] {
  return buildPublicMenu(tenant).map(toNavItem);
}
