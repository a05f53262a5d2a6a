import type { VideoConfig } from '../../config.ts';
import { ffprobePath, runBinary } from './video-binaries.ts';

export interface VideoProbe {
  /** What the content is (e.g. video/mp4), from the container ffprobe found, never from the name. */
  mimeType: string;
  durationMs: number;
  width: number;
  height: number;
  /** Frames a second of the video stream (30 when ffprobe cannot tell). */
  fps: number;
  hasAudio: boolean;
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string; tags?: { major_brand?: string } };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    nb_frames?: string;
    disposition?: { attached_pic?: number };
    tags?: { rotate?: string };
  }>;
}

/** Containers that hold one still picture (or a GIF): ffprobe reads them as a "video" stream, they are not videos. */
const STILL_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe|gif|apng|webp|png|mjpeg|tiff?|bmp)(,|$)/;
const STILL_CODECS = new Set(['png', 'mjpeg', 'gif', 'bmp', 'tiff', 'webp', 'apng', 'jpeg2000', 'ppm', 'pgm']);

function mimeOf(format: string, brand: string | undefined, codec: string | undefined): string {
  if (format.includes('mp4') || format.includes('mov')) return brand?.trim() === 'qt' ? 'video/quicktime' : 'video/mp4';
  if (format.includes('webm') || format.includes('matroska'))
    return ['vp8', 'vp9', 'av1'].includes(codec ?? '') ? 'video/webm' : 'video/x-matroska';
  if (format === 'avi') return 'video/x-msvideo';
  if (format === 'mpegts') return 'video/mp2t';
  if (format.startsWith('mpeg')) return 'video/mpeg';
  if (format === 'flv') return 'video/x-flv';
  if (format === 'asf') return 'video/x-ms-asf';
  if (format === 'ogg') return 'video/ogg';
  return `video/x-${format.split(',')[0]?.replace(/[^a-z0-9-]/g, '') || 'unknown'}`;
}

function rate(value: string | undefined): number {
  const [num, den] = (value ?? '').split('/').map(Number);
  const fps = num && den ? num / den : 0;
  return fps > 0 && fps < 240 ? fps : 30;
}

/**
 * Reads what a file is with ffprobe: a video (a moving picture of some length) or null, whatever its
 * name or the browser's Content-Type say. A picture, audio alone, text or a broken file is null.
 */
export async function probeVideo(config: VideoConfig, path: string): Promise<VideoProbe | null> {
  const result = await runBinary(
    ffprobePath(config),
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    { timeoutMs: 60_000 },
  ).catch(() => null);
  if (result?.code !== 0) return null;
  let probe: ProbeJson;
  try {
    probe = JSON.parse(result.stdout) as ProbeJson;
  } catch {
    return null;
  }
  const format = probe.format?.format_name ?? '';
  if (!format || STILL_FORMATS.test(format)) return null;
  const streams = probe.streams ?? [];
  const video = streams.find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && !STILL_CODECS.has(s.codec_name ?? ''),
  );
  const durationMs = Math.round(Number(probe.format?.duration ?? 0) * 1000);
  if (!video?.width || !video.height || !(durationMs > 0)) return null;
  if (video.nb_frames !== undefined && Number(video.nb_frames) === 1) return null;
  // A phone's portrait video is stored landscape with a rotation: its picture is the other way round.
  const rotated = Math.abs(Number(video.tags?.rotate ?? 0)) % 180 === 90;
  return {
    mimeType: mimeOf(format, probe.format?.tags?.major_brand, video.codec_name),
    durationMs,
    width: rotated ? video.height : video.width,
    height: rotated ? video.width : video.height,
    fps: rate(video.avg_frame_rate),
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}
