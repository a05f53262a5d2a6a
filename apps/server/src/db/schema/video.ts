import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from './columns.ts';

export const VIDEO_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** The tenant's own intro and outro videos (spec 2 §7, assets of type introTenant and outroTenant). */
export const VIDEO_TENANT_ROLES = ['introTenant', 'outroTenant'] as const;
export type VideoTenantRole = (typeof VIDEO_TENANT_ROLES)[number];

/** One WebVTT caption track of a video, stored beside its HLS files. */
export interface VideoCaptionTrack {
  id: string;
  /** BCP 47 language tag, e.g. en or pt-BR. */
  language: string;
  label: string;
  /** File name under the asset's storage folder. */
  key: string;
  isDefault: boolean;
}

/** One HLS rendition made by the transcode. */
export interface VideoRendition {
  height: number;
  width: number;
  /** Target video bit rate, bits a second. */
  bitrate: number;
  /** Playlist file name under the HLS prefix, e.g. 720p.m3u8. */
  playlist: string;
}

/**
 * A video uploaded by tus and transcoded to HLS (issue 25; spec 3 §3 video asset model): the
 * upload's id is the asset's id. A course chapter points at one; the tenant's intro and outro are
 * assets with tenantRole set.
 */
export const videoAssets = pgTable(
  'video_assets',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    title: text('title').notNull(),
    originalName: text('original_name').notNull(),
    /** Bytes the upload declared (Upload-Length); checked against the configured limit. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** What ffprobe found the file to be (e.g. video/mp4), never the name's or the browser's guess. */
    mimeType: text('mime_type'),
    status: text('status', { enum: VIDEO_STATUSES }).notNull().default('uploading'),
    failureReason: text('failure_reason'),
    progressPercent: integer('progress_percent').notNull().default(0),
    durationMs: integer('duration_ms'),
    width: integer('width'),
    height: integer('height'),
    /** Storage key of the poster (JPEG) under the asset's folder. */
    posterKey: text('poster_key'),
    /** Folder of the HLS files (a new one per transcode, so a retry never serves half of two). */
    hlsPrefix: text('hls_prefix'),
    /** The master playlist's file name under hlsPrefix. */
    hlsMasterKey: text('hls_master_key'),
    renditions: jsonb('renditions').$type<VideoRendition[]>().notNull().default(sql`'[]'::jsonb`),
    captions: jsonb('captions').$type<VideoCaptionTrack[]>().notNull().default(sql`'[]'::jsonb`),
    /** Join the tenant's intro before and its outro after this video when transcoding. */
    joinIntro: boolean('join_intro').notNull().default(false),
    joinOutro: boolean('join_outro').notNull().default(false),
    /** Set on the tenant's intro or outro video; one of each per tenant. */
    tenantRole: text('tenant_role', { enum: VIDEO_TENANT_ROLES }),
    /** The staff member (contact id) who uploaded it; only they may resume the upload. */
    createdBy: uuid('created_by').notNull(),
    transcodeStartedAt: timestamp('transcode_started_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('video_assets_tenant_created_idx').on(t.tenantId, t.createdAt),
    uniqueIndex('video_assets_tenant_role_uq').on(t.tenantId, t.tenantRole).where(sql`${t.tenantRole} is not null`),
    check('video_assets_status_known', sql`${t.status} in ('uploading', 'processing', 'ready', 'failed')`),
    check(
      'video_assets_tenant_role_known',
      sql`${t.tenantRole} is null or ${t.tenantRole} in ('introTenant', 'outroTenant')`,
    ),
    check('video_assets_progress_range', sql`${t.progressPercent} between 0 and 100`),
    check('video_assets_size_positive', sql`${t.sizeBytes} >= 0`),
    check('video_assets_failed_has_reason', sql`${t.status} <> 'failed' or ${t.failureReason} is not null`),
  ],
);
