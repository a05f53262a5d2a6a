import sharp from 'sharp';
import type { TenantContext } from '../lib/tenant-context.ts';
import { readMedia } from '../modules/media/media.service.ts';
import type { Platform } from '../platform.ts';

const OWN_MEDIA = /^\/media\/([0-9a-f-]{36})$/;

/** The media id of a favicon the tenant uploaded here, or null for any other address. */
export function ownMediaId(favIcon: string | null): string | null {
  return favIcon ? (OWN_MEDIA.exec(favIcon.trim())?.[1] ?? null) : null;
}

/**
 * Spec 1 §9: the favicon is resized to 16 by 16. Done once per tenant and favicon (cached), from
 * the image the tenant uploaded; null when there is none or it is not an image sharp can read.
 */
export function faviconPng(platform: Platform, tenant: TenantContext): Promise<Buffer | null> {
  const id = ownMediaId(tenant.settings.favIcon);
  if (!id) return Promise.resolve(null);
  return platform.favicons.get(`${tenant.tenantId}:${id}`, async () => {
    try {
      const file = await readMedia(platform, tenant, id);
      if (!file.contentType.startsWith('image/')) return null;
      return await sharp(file.bytes).resize(16, 16, { fit: 'cover' }).png().toBuffer();
    } catch {
      return null;
    }
  });
}
