import {
  dateInZone,
  endOfDayInZone,
  isBlankNotice,
  knownTimeZone,
  NOTICE_MESSAGES,
  type Notice,
  type NoticeCreate,
  type NoticeList,
  type NoticeType,
  type NoticeUpdate,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, withTenant } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import { dropSiteNotices } from '../../site/site-notices.ts';
import * as repo from './notices.repo.ts';

const zoneOf = (tenant: TenantContext) => knownTimeZone(tenant.settings.timezone);

/** The studio's today (YYYY-MM-DD) on the business clock. */
const todayOf = (platform: Platform, tenant: TenantContext) => dateInZone(platform.clock.now(), zoneOf(tenant));

export function toNotice(row: repo.NoticeRow, zone: string, today: string): Notice {
  return {
    _id: row.id,
    message: row.message,
    isActive: row.isActive,
    type: row.type as NoticeType,
    expiryDate: row.expiryDate,
    expiresAt: row.expiryDate ? endOfDayInZone(row.expiryDate, zone).toISOString() : null,
    isExpired: row.expiryDate !== null && row.expiryDate < today,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Staff-written HTML goes through the website's sanitiser; what is left must still say something. */
function cleanMessage(html: string): string {
  const clean = sanitizePageHtml(html).trim();
  if (isBlankNotice(clean)) throw badRequest('message', NOTICE_MESSAGES.messageRequired);
  return clean;
}

/**
 * GET /edtest/noticeboard?isActive={bool}. Staff (and front desk) read every notice, private and
 * expired ones too, optionally by isActive; a member (and a student preview) reads the board only:
 * the active notices whose last day has not passed in the studio's zone.
 */
export function listNotices(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  query: { isActive?: boolean },
): Promise<NoticeList> {
  const zone = zoneOf(tenant);
  const today = todayOf(platform, tenant);
  const board = auth.role === 'student' || Boolean(auth.preview);
  if (board && query.isActive === false) throw forbidden(NOTICE_MESSAGES.boardOnly);
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const rows = await repo.findNotices(
      tx,
      tenant.tenantId,
      board ? { shownOn: today } : query.isActive === undefined ? {} : { isActive: query.isActive },
    );
    return { data: rows.map((row) => toNotice(row, zone, today)) };
  });
}

/** POST /edtest/noticeboard. */
export function createNotice(
  platform: Platform,
  tenant: TenantContext,
  input: z.output<typeof NoticeCreate>,
): Promise<Notice> {
  const message = cleanMessage(input.message);
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await repo.insertNotice(tx, tenant.tenantId, {
      message,
      isActive: input.isActive,
      type: input.type,
      expiryDate: input.expiryDate,
    });
    return toNotice(row, zoneOf(tenant), todayOf(platform, tenant));
  }).finally(() => dropSiteNotices(platform, tenant.tenantId));
}

/** PUT /edtest/noticeboard/{id}: another studio's notice is a 404. */
export function changeNotice(
  platform: Platform,
  tenant: TenantContext,
  id: string,
  input: z.output<typeof NoticeUpdate>,
): Promise<Notice> {
  const message = input.message === undefined ? undefined : cleanMessage(input.message);
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await repo.updateNotice(tx, tenant.tenantId, id, {
      ...(message !== undefined ? { message } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.expiryDate !== undefined ? { expiryDate: input.expiryDate } : {}),
    });
    if (!row) throw notFound('Notice');
    return toNotice(row, zoneOf(tenant), todayOf(platform, tenant));
  }).finally(() => dropSiteNotices(platform, tenant.tenantId));
}

/** DELETE /edtest/noticeboard/{id}. */
export async function removeNotice(platform: Platform, tenant: TenantContext, id: string): Promise<void> {
  const deleted = await withTenant(platform.db, tenant.tenantId, (tx) => repo.deleteNotice(tx, tenant.tenantId, id));
  dropSiteNotices(platform, tenant.tenantId);
  if (!deleted) throw notFound('Notice');
}
