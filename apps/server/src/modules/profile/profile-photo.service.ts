import { randomUUID } from 'node:crypto';
import type { ProfileResponse } from '@atrium/contracts';
import sharp from 'sharp';
import { withTenant } from '../../db/client.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { toSessionContact } from '../auth/session.ts';
import { findContact, updateContactRecord } from '../contacts/contact-records.repo.ts';
import { sniffMediaType } from '../media/media-types.ts';
import { ownAccountOnly } from './profile.service.ts';

/** A profile photo is taken up to 5 MB and kept as a 256 px square WebP (a few KB). */
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_SIZE = 256;
/** Where a photo is served: an unguessable name on the tenant's own host, never in the media gallery. */
const PHOTO_PATH = /^\/profile-photo\/([0-9a-f-]{36})$/;
/** Stored beside the media files under its own UUID, with no media row: /media never serves or lists it. */
const storageKey = (id: string) => id;

export const photoUrl = (id: string) => `/profile-photo/${id}`;

function ownPhotoId(picture: string | null): string | null {
  return picture ? (PHOTO_PATH.exec(picture)?.[1] ?? null) : null;
}

async function squarePhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw badRequest('file', 'Choose a photo to upload.');
  if (bytes.length > PROFILE_PHOTO_MAX_BYTES) throw badRequest('file', 'The photo is larger than 5 MB.');
  const type = sniffMediaType(bytes);
  if (!type?.startsWith('image/')) throw badRequest('file', 'A photo must be a PNG, JPEG, GIF or WebP image.');
  try {
    // rotate() applies the camera's EXIF orientation; the output keeps no metadata (no GPS)
    return await sharp(bytes, { animated: false })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest('file', 'This image could not be read. Try another photo.');
  }
}

/**
 * PUT /rest/user/profile/photo: one's own photo. The new file is stored before the row points at
 * it, and the old file is removed only after, so a failure leaves the old photo in place.
 */
export async function replaceProfilePhoto(
  platform: Platform,
  ctx: Authenticated,
  bytes: Buffer,
): Promise<ProfileResponse> {
  ownAccountOnly(ctx);
  const { tenant, auth } = ctx;
  const photo = await squarePhoto(bytes);
  const id = randomUUID();
  await platform.media.put(tenant.tenantId, storageKey(id), photo);
  let previous: string | null = null;
  let row: Awaited<ReturnType<typeof updateContactRecord>>;
  try {
    row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
      previous = (await findContact(tx, tenant.tenantId, auth.sub))?.picture ?? null;
      return updateContactRecord(tx, tenant.tenantId, auth.sub, { picture: photoUrl(id) });
    });
    if (!row) throw unauthorized();
  } catch (error) {
    await platform.media.remove(tenant.tenantId, storageKey(id));
    throw error;
  }
  await removeStoredPhoto(platform, tenant, previous);
  return { contact: toSessionContact(row, tenant) };
}

/** DELETE /rest/user/profile/photo: back to initials. */
export async function removeProfilePhoto(platform: Platform, ctx: Authenticated): Promise<ProfileResponse> {
  ownAccountOnly(ctx);
  const { tenant, auth } = ctx;
  let previous: string | null = null;
  const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    previous = (await findContact(tx, tenant.tenantId, auth.sub))?.picture ?? null;
    return updateContactRecord(tx, tenant.tenantId, auth.sub, { picture: null });
  });
  if (!row) throw unauthorized();
  await removeStoredPhoto(platform, tenant, previous);
  return { contact: toSessionContact(row, tenant) };
}

async function removeStoredPhoto(platform: Platform, tenant: TenantContext, picture: string | null): Promise<void> {
  const id = ownPhotoId(picture);
  if (id) await platform.media.remove(tenant.tenantId, storageKey(id));
}

/** GET /profile-photo/{id}: the stored square, from the tenant whose host asks (another's is a 404). */
export async function readProfilePhoto(platform: Platform, tenant: TenantContext, id: string): Promise<Buffer> {
  const bytes = await platform.media.get(tenant.tenantId, storageKey(id));
  if (!bytes) throw notFound('Photo');
  return bytes;
}
