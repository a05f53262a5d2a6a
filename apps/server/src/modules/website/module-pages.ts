import { withTenant } from '../../db/client.ts';
import type { TenantSettings } from '../../lib/tenant-settings.ts';
import type { Platform } from '../../platform.ts';
import { findPageByName, findPageByUrl, insertPage, nextSequence, updatePage } from './website.repo.ts';
import { websiteChanged } from './website.service.ts';

/**
 * Each module's standard page on the public site (spec 3 §2.1's listing pages) and the switch that
 * turns the module on (Module Settings, the onboarding wizard's products). The media gallery has no
 * module switch: the owner publishes it.
 */
export const MODULE_PAGES = [
  { flag: 'isShowScheduleMenu', name: 'calendar', title: 'Calendar' },
  { flag: 'isShowCourses', name: 'courses', title: 'Courses' },
  { flag: 'isShowEventsMenu', name: 'events', title: 'Events' },
  { flag: 'isShowMerchandiseMenu', name: 'merchandise', title: 'Merchandise' },
  { flag: 'isShowDonationMenu', name: 'donations', title: 'Donations' },
  { flag: 'isShowFormsMenu', name: 'forms', title: 'Forms' },
] as const satisfies readonly { flag: keyof TenantSettings; name: string; title: string }[];

export type ModuleFlag = (typeof MODULE_PAGES)[number]['flag'];
export type ModuleSwitches = Partial<Record<ModuleFlag, boolean>>;

/** The module switches a settings write flipped (before → after); a switch saved unchanged is not a turn. */
export function flippedModules(before: TenantSettings, after: TenantSettings): ModuleSwitches {
  const flipped: ModuleSwitches = {};
  for (const { flag } of MODULE_PAGES) if (before[flag] !== after[flag]) flipped[flag] = after[flag];
  return flipped;
}

/**
 * A module turned on publishes its standard page into the public menu, so a new studio's site is
 * more than "Home": an unpublished page is published (marked as the module's), a missing one (the
 * owner deleted Merchandise) is made again. A page already published is the owner's and is left.
 * A module turned off takes back only the page it published; a page the owner published, hid or
 * unpublished themselves (any publish toggle clears the mark) is left as the owner set it.
 */
export async function applyModuleSwitches(
  platform: Platform,
  tenantId: string,
  switches: ModuleSwitches,
): Promise<void> {
  const turns = MODULE_PAGES.filter(({ flag }) => switches[flag] !== undefined);
  if (turns.length === 0) return;
  const changed = await withTenant(platform.db, tenantId, async (tx) => {
    let count = 0;
    for (const { flag, name, title } of turns) {
      const page = await findPageByName(tx, tenantId, name);
      if (switches[flag]) {
        if (page?.isPublished) continue;
        if (page) await updatePage(tx, tenantId, page.id, { isPublished: true, publishedByModule: true });
        else if (await findPageByUrl(tx, tenantId, name)) continue;
        else {
          const sequence = await nextSequence(tx, tenantId);
          await insertPage(tx, tenantId, {
            name,
            title,
            url: name,
            sequence,
            isPublished: true,
            publishedByModule: true,
          });
        }
        count += 1;
      } else if (page?.publishedByModule) {
        await updatePage(tx, tenantId, page.id, { isPublished: false, publishedByModule: false });
        count += 1;
      }
    }
    return count;
  });
  if (changed > 0) websiteChanged(platform, tenantId);
}
