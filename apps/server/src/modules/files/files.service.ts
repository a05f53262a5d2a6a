import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FILE_MESSAGES,
  type FileList,
  type FileListQuery,
  type FileShareInput,
  formatFileSize,
  isStaffRole,
  type MyFile,
  type MyFiles,
  type StudioFile,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, withTenant } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { cleanFileName } from './file-names.ts';
import { sniffFileType } from './file-types.ts';
import * as repo from './files.repo.ts';

type ListQuery = z.output<typeof FileListQuery>;
type ShareInput = z.output<typeof FileShareInput>;

function toStudioFile(row: repo.FileRow, shares: repo.ShareWithName[]): StudioFile {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    source: row.source,
    uploadedBy: row.uploadedBy,
    uploadedByName: row.uploadedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    shares: shares
      .filter((share) => share.fileId === row.id)
      .map((share) => ({
        id: share.id,
        kind: share.kind,
        contactId: share.contactId,
        contactName: share.contactName,
        courseId: share.courseId,
        courseName: share.courseName,
        createdAt: share.createdAt.toISOString(),
      })),
  };
}

function toMyFile(row: repo.FileRow, sharedAt: Date | null): MyFile {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    sharedAt: sharedAt?.toISOString() ?? null,
  };
}

const memberOf = (auth: AccessClaims) => ({ contactId: auth.sub, isStudent: auth.role === 'student' });
const isStaff = (auth: AccessClaims) => isStaffRole(auth.role) && !auth.preview;

/**
 * Checks an upload by its content and keeps it: the bytes on the media storage first, then the row;
 * if the row cannot be written the stored bytes are removed again.
 */
export async function uploadFile(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  bytes: Buffer,
  rawName: string | undefined,
): Promise<StudioFile> {
  const limit = platform.config.filesMaxUploadBytes;
  if (bytes.length === 0) throw badRequest('file', FILE_MESSAGES.empty);
  if (bytes.length > limit) throw badRequest('file', FILE_MESSAGES.tooLarge(formatFileSize(limit)));
  const fileName = cleanFileName(rawName) ?? 'file';
  const contentType = sniffFileType(bytes, fileName);
  if (!contentType) throw badRequest('file', FILE_MESSAGES.type);
  const storageKey = randomUUID();
  await platform.media.put(tenant.tenantId, storageKey, bytes);
  try {
    const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
      const uploader = await repo.findContact(tx, tenant.tenantId, auth.sub);
      return repo.insertFile(tx, {
        tenantId: tenant.tenantId,
        fileName,
        contentType,
        size: bytes.length,
        storageKey,
        source: isStaff(auth) ? 'staff' : 'member',
        uploadedBy: auth.sub,
        uploadedByName: uploader ? `${uploader.name} ${uploader.lastName}`.trim() : '',
      });
    });
    return toStudioFile(row, []);
  } catch (error) {
    await platform.media.remove(tenant.tenantId, storageKey);
    throw error;
  }
}

export async function listFiles(platform: Platform, tenant: TenantContext, query: ListQuery): Promise<FileList> {
  const { rows, total, shares } = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const page = await repo.findFiles(
      tx,
      tenant.tenantId,
      { search: query.search || undefined, source: query.source, sort: query.sort },
      { start: query.start, length: query.length },
    );
    const shares = await repo.sharesOf(
      tx,
      tenant.tenantId,
      page.rows.map((row) => row.id),
    );
    return { ...page, shares };
  });
  return {
    recordsTotal: total,
    data: rows.map((row) => toStudioFile(row, shares)),
    maxUploadBytes: platform.config.filesMaxUploadBytes,
  };
}

async function studioFile(platform: Platform, tenant: TenantContext, id: string): Promise<StudioFile> {
  const found = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await repo.findFile(tx, tenant.tenantId, id);
    return row ? { row, shares: await repo.sharesOf(tx, tenant.tenantId, [id]) } : null;
  });
  if (!found) throw notFound('File');
  return toStudioFile(found.row, found.shares);
}

export const getFile = studioFile;

/**
 * A new name as typed, in any script; a name typed without the old one's extension keeps that
 * extension, so the download still opens in the right program.
 */
export async function renameFile(
  platform: Platform,
  tenant: TenantContext,
  id: string,
  typed: string,
): Promise<StudioFile> {
  const cleaned = cleanFileName(typed);
  if (!cleaned) throw badRequest('fileName', 'fileName is required');
  const updated = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const current = await repo.findFile(tx, tenant.tenantId, id);
    if (!current) return null;
    const extension = /\.[^.\s]{1,10}$/.exec(current.fileName)?.[0] ?? '';
    const hasOwn = /\.[^.\s]{1,10}$/.test(cleaned);
    const fileName = !hasOwn && extension ? (cleanFileName(cleaned + extension) ?? cleaned) : cleaned;
    return repo.renameFile(tx, tenant.tenantId, id, fileName);
  });
  if (!updated) throw notFound('File');
  return studioFile(platform, tenant, id);
}

/** Removes the row (and its shares), then the stored bytes; a file that is a course's chapter stays. */
export async function deleteFile(platform: Platform, tenant: TenantContext, id: string): Promise<void> {
  const removed = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const course = await repo.courseUsingFile(tx, tenant.tenantId, id);
    if (course) throw new AppError(409, 'conflict', FILE_MESSAGES.inCourse(course.name), 'id');
    return repo.deleteFile(tx, tenant.tenantId, id);
  });
  if (!removed) throw notFound('File');
  await platform.media.remove(tenant.tenantId, removed.storageKey);
}

/** A member deletes one of their own uploads; anything else is not theirs to see (404). */
export async function deleteMyUpload(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
): Promise<void> {
  const removed = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await repo.findFile(tx, tenant.tenantId, id);
    if (row?.source !== 'member' || row.uploadedBy !== auth.sub) return null;
    return repo.deleteFile(tx, tenant.tenantId, id);
  });
  if (!removed) throw notFound('File');
  await platform.media.remove(tenant.tenantId, removed.storageKey);
}

/** Shares a file with one member, or with every student; sharing it again changes nothing. */
export async function shareFile(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
  input: ShareInput,
): Promise<StudioFile> {
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const file = await repo.findFile(tx, tenant.tenantId, id);
    if (!file) throw notFound('File');
    if (input.kind === 'contact') {
      const contact = await repo.findContact(tx, tenant.tenantId, input.contactId);
      if (!contact) throw notFound('Contact');
      if (contact.role !== 'student') {
        throw badRequest('contactId', 'Files are shared with members; staff see every file already.');
      }
      await repo.insertShare(tx, {
        tenantId: tenant.tenantId,
        fileId: id,
        kind: 'contact',
        contactId: contact.id,
        sharedBy: auth.sub,
      });
    } else if (input.kind === 'course') {
      const course = await repo.findCourse(tx, tenant.tenantId, input.courseId);
      if (!course) throw notFound('Course');
      await repo.insertShare(tx, {
        tenantId: tenant.tenantId,
        fileId: id,
        kind: 'course',
        courseId: course.id,
        sharedBy: auth.sub,
      });
    } else {
      await repo.insertShare(tx, { tenantId: tenant.tenantId, fileId: id, kind: 'students', sharedBy: auth.sub });
    }
  });
  return studioFile(platform, tenant, id);
}

export async function unshareFile(
  platform: Platform,
  tenant: TenantContext,
  id: string,
  shareId: string,
): Promise<StudioFile> {
  const removed = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    if (!(await repo.findFile(tx, tenant.tenantId, id))) throw notFound('File');
    return repo.deleteShare(tx, tenant.tenantId, id, shareId);
  });
  if (!removed) throw notFound('Share');
  return studioFile(platform, tenant, id);
}

/** A member's /myfiles: what was shared with them and what they uploaded themselves. */
export async function myFiles(platform: Platform, tenant: TenantContext, auth: AccessClaims): Promise<MyFiles> {
  const { shared, mine } = await readTenant(platform.db, tenant.tenantId, async (tx) => ({
    shared: await repo.filesSharedWith(tx, tenant.tenantId, memberOf(auth)),
    mine: await repo.uploadsOf(tx, tenant.tenantId, auth.sub),
  }));
  return {
    shared: shared
      .filter(({ file }) => file.uploadedBy !== auth.sub)
      .map(({ file, sharedAt }) => toMyFile(file, sharedAt)),
    mine: mine.map((row) => toMyFile(row, null)),
    maxUploadBytes: platform.config.filesMaxUploadBytes,
  };
}

export interface Download {
  fileName: string;
  contentType: string;
  size: number;
  body: Readable;
}

/**
 * A file for download when the caller may have it: staff any file of the studio; a member a file
 * shared with them or one they uploaded. Anything else, like another studio's file, is not found.
 */
export async function openDownload(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
): Promise<Download> {
  const row = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const file = await repo.findFile(tx, tenant.tenantId, id);
    if (!file) return null;
    if (isStaff(auth)) return file;
    if (file.source === 'member' && file.uploadedBy === auth.sub) return file;
    return (await repo.isSharedWith(tx, tenant.tenantId, id, memberOf(auth))) ? file : null;
  });
  if (!row) throw notFound('File');
  const body = await platform.media.stream(tenant.tenantId, row.storageKey);
  if (!body) throw notFound('File');
  return { fileName: row.fileName, contentType: row.contentType, size: row.size, body };
}
