import { z } from 'zod';

/**
 * GET /edtest/tenant/settings/menu?name={name} (spec 1 §7, answer "not shown"; decisions.md
 * "Structure"): a menu of the tenant's public website by name, as every visitor sees it.
 * `public` is the site navigation (buildPublicMenu), `footer` the footer's page links and `legal`
 * the legal links (footerLinks). The staff and student menus depend on the signed-in account and
 * are built in the client from the account detail.
 */
export const MENU_NAMES = ['public', 'footer', 'legal'] as const;
export const MenuName = z.enum(MENU_NAMES, { error: 'Unknown menu: use public, footer or legal' });
export type MenuName = z.infer<typeof MenuName>;

export const MenuLink = z.object({
  id: z.string(),
  type: z.literal('item'),
  title: z.string(),
  url: z.string(),
  external: z.boolean(),
});
export const MenuGroup = z.object({
  id: z.string(),
  type: z.literal('group'),
  title: z.string(),
  children: z.array(MenuLink),
});
export const TenantMenu = z.object({
  name: MenuName,
  items: z.array(z.union([MenuLink, MenuGroup])),
});
export type TenantMenu = z.infer<typeof TenantMenu>;
