import { z } from 'zod';

/** Video assets (issue 25): uploads by tus, HLS transcodes, signed playback. */
export const VIDEO_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export const VideoStatus = z.enum(VIDEO_STATUSES);
export type VideoStatus = z.infer<typeof VideoStatus>;

/** The tenant's intro and outro videos (spec 2 §7: assets of type introTenant, outroTenant). */
export const VideoTenantRole = z.enum(['introTenant', 'outroTenant']);
export type VideoTenantRole = z.infer<typeof VideoTenantRole>;

/** The tus endpoint; an upload's URL is `${VIDEO_UPLOAD_PATH}/{assetId}`. */
export const VIDEO_UPLOAD_PATH = '/rest/video/upload';

/** Upload-Metadata keys a client sends with the tus creation request. */
export interface VideoUploadMetadata {
  filename: string;
  title?: string;
  /** 'true' joins the tenant's intro before the video / its outro after it. */
  joinIntro?: 'true' | 'false';
  joinOutro?: 'true' | 'false';
}

export const VIDEO_TEXTS = {
  notAVideo: 'This file is not a video we can read. Upload an MP4, MOV, WebM or another common video file.',
  tooLarge: (limit: string) => `The video is larger than ${limit}.`,
  noLength: 'The upload must say its size (Upload-Length).',
  notYours: 'This upload was started by someone else. Start your own upload.',
  notUploading: 'This upload is finished; it cannot take more data.',
  retryNotFailed: 'Only a video whose processing failed can be retried.',
  badCaptions: 'Captions must be a WebVTT file (it starts with WEBVTT).',
  notReady: 'This video is not ready to watch yet.',
  deleted: 'Video deleted.',
  updated: 'Video updated.',
} as const;

export const VideoCaption = z.object({
  id: z.string(),
  language: z.string(),
  label: z.string(),
  isDefault: z.boolean(),
});
export type VideoCaption = z.infer<typeof VideoCaption>;

export const VideoAsset = z.object({
  id: z.string(),
  title: z.string(),
  originalName: z.string(),
  sizeBytes: z.number().int(),
  mimeType: z.string().nullable(),
  status: VideoStatus,
  failureReason: z.string().nullable(),
  progressPercent: z.number().int(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Heights of the HLS renditions, e.g. [360, 720]. */
  renditions: z.array(z.number().int()),
  joinIntro: z.boolean(),
  joinOutro: z.boolean(),
  tenantRole: VideoTenantRole.nullable(),
  captions: z.array(VideoCaption),
  createdAt: z.string(),
  updatedAt: z.string(),
  readyAt: z.string().nullable(),
});
export type VideoAsset = z.infer<typeof VideoAsset>;

export const VideoUpdateBody = z.object({
  title: z.string().trim().min(1, 'title is required').max(200, 'title must be at most 200 characters').optional(),
  joinIntro: z.boolean().optional(),
  joinOutro: z.boolean().optional(),
});
export type VideoUpdateBody = z.infer<typeof VideoUpdateBody>;

/** A WebVTT caption track (the file's text, up to 1 MB). */
export const VideoCaptionBody = z.object({
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'language must be a language tag such as en or pt-BR'),
  label: z.string().trim().min(1, 'label is required').max(60, 'label must be at most 60 characters'),
  isDefault: z.boolean().default(false),
  vtt: z.string().min(1, 'vtt is required').max(1_048_576, 'vtt must be at most 1 MB'),
});
export type VideoCaptionBody = z.infer<typeof VideoCaptionBody>;

/** What the player needs: short-lived signed links to the master playlist, the poster and the captions. */
export const VideoPlayback = z.object({
  assetId: z.string(),
  title: z.string(),
  durationSeconds: z.number().nullable(),
  masterUrl: z.string(),
  posterUrl: z.string().nullable(),
  captions: z.array(VideoCaption.extend({ url: z.string() })),
  /** When the links stop working (ISO); the player asks for a new descriptor before then. */
  expiresAt: z.string(),
});
export type VideoPlayback = z.infer<typeof VideoPlayback>;

/** Signed media paths: `/video-media/{assetId}/{version}/{expires}.{signature}/{file}`. */
export const VIDEO_MEDIA_PREFIX = '/video-media/';

/**
 * Puts the token of a newer descriptor of the same asset into a media URL (the player refreshes its
 * links before they expire, and hls.js asks for every later file with the fresh token). A URL of
 * another asset, or not a media URL, is returned as it is.
 */
export function withFreshVideoToken(url: string, freshMasterUrl: string): string {
  const split = (raw: string) => {
    const parsed = new URL(raw, 'http://relative.invalid');
    const parts = parsed.pathname.split('/');
    return { origin: raw.startsWith('/') ? '' : parsed.origin, parts };
  };
  const target = split(url);
  const fresh = split(freshMasterUrl);
  const isMedia = (parts: string[]) => `/${parts[1]}/` === VIDEO_MEDIA_PREFIX && parts.length > 5;
  if (!isMedia(target.parts) || !isMedia(fresh.parts) || target.parts[2] !== fresh.parts[2]) return url;
  return target.origin + [...fresh.parts.slice(0, 5), ...target.parts.slice(5)].join('/');
}
