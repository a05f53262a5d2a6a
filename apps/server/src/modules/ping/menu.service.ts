import { buildPublicMenu, footerLinks, type MenuName, type PublicMenuItem, type TenantMenu } from '@atrium/contracts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';

type Item = TenantMenu['items'][number];

/** Groups hold links only (the forms group); a deeper group is flattened into its links. */
function toItem(item: PublicMenuItem): Item {
  if (item.type === 'item') return item;
  const links = (items: PublicMenuItem[]): Array<Extract<Item, { type: 'item' }>> =>
    items.flatMap((child) => (child.type === 'item' ? [child] : links(child.children)));
  return { id: item.id, type: 'group', title: item.title, children: links(item.children) };
}

/**
 * GET /edtest/tenant/settings/menu?name=: a menu of the tenant's public website, from the same
 * cached tenant config as /ping and built by the same functions as the web app and the
 * server-rendered site, so the three never disagree.
 */
export async function tenantMenu(platform: Platform, tenant: TenantContext, name: MenuName): Promise<TenantMenu> {
  const { config } = await platform.tenantConfigs.get(tenant);
  if (name === 'public') return { name, items: buildPublicMenu(config).map(toItem) };
  const links = footerLinks(config)[name === 'footer' ? 'pages' : 'legal'];
  return {
    name,
    items: links.map((link, index) => ({ id: `${name}-${index + 1}`, type: 'item' as const, ...link })),
  };
}
