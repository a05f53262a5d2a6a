import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VideoConfig } from '../../config.ts';
import type { VideoRendition } from '../../db/schema/index.ts';
import { ffmpegPath, runBinary } from './video-binaries.ts';
import type { VideoProbe } from './video-probe.ts';

/** The ladder by the picture's shorter side: 360p always, 720p and 1080p when the source has them. */
const LADDER = [
  { short: 360, bitrate: 800_000, level: '3.0', levelHex: '1e' },
  { short: 720, bitrate: 2_800_000, level: '3.1', levelHex: '1f' },
  { short: 1080, bitrate: 5_000_000, level: '4.0', levelHex: '28' },
] as const;
const AUDIO_BITRATE = 128_000;
/** Seconds per segment: a keyframe is forced at each boundary, so every rendition cuts at the same times. */
export const SEGMENT_SECONDS = 4;

export interface PlannedRendition extends VideoRendition {
  level: string;
  levelHex: string;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The renditions of a source: each rung of the ladder the source reaches, and the source's own size
 * on top when it sits well between two rungs (a 480p source gets 360p and 480p, not 360p alone).
 */
export function planRenditions(width: number, height: number): PlannedRendition[] {
  const short = Math.min(width, height);
  const rungs: Array<{ short: number; bitrate: number; level: string; levelHex: string }> = LADDER.filter(
    (rung) => rung.short <= short,
  );
  const top = rungs.at(-1);
  if (short < 1080 && (!top || short >= top.short * 1.25)) {
    const area = (short * short * 16) / 9 / (1280 * 720);
    rungs.push({
      short: even(short),
      bitrate: Math.max(300_000, Math.round(2_800_000 * area)),
      level: '3.1',
      levelHex: '1f',
    });
  }
  return rungs.map((rung, index) => {
    const scale = rung.short / short;
    const w = even(width * scale);
    const h = even(height * scale);
    return {
      width: w,
      height: h,
      bitrate: rung.bitrate,
      playlist: `r${index}.m3u8`,
      level: rung.level,
      levelHex: rung.levelHex,
    };
  });
}

/** The master playlist, written by us (ffmpeg 4.1's -master_pl_name writes an empty file with var_stream_map). */
export function masterPlaylist(renditions: PlannedRendition[], hasAudio: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    const codecs = hasAudio ? `avc1.4d40${r.levelHex},mp4a.40.2` : `avc1.4d40${r.levelHex}`;
    const bandwidth = Math.round(r.bitrate * 1.1) + (hasAudio ? AUDIO_BITRATE : 0);
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}"`);
    lines.push(r.playlist);
  }
  return `${lines.join('\n')}\n`;
}

export interface TranscodeInput {
  path: string;
  probe: VideoProbe;
}

/**
 * ffmpeg's arguments for one run that decodes once and writes every rendition: the inputs (the
 * tenant's intro, the video, its outro) scaled into the video's frame and joined, then split into the
 * ladder, each an H.264 + AAC HLS stream in 4-second segments.
 */
export function transcodeArgs(
  config: VideoConfig,
  inputs: TranscodeInput[],
  main: VideoProbe,
  renditions: PlannedRendition[],
  outDir: string,
): string[] {
  const frame = renditions.at(-1) ?? { width: main.width, height: main.height };
  const fps = Math.min(60, Math.round(main.fps * 1000) / 1000);
  const withAudio = inputs.some((input) => input.probe.hasAudio);
  const graph: string[] = [];
  inputs.forEach((input, i) => {
    graph.push(
      inputs.length === 1
        ? `[${i}:v]format=yuv420p,setsar=1[v${i}]`
        : `[${i}:v]scale=${frame.width}:${frame.height}:force_original_aspect_ratio=decrease,` +
            `pad=${frame.width}:${frame.height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p[v${i}]`,
    );
    if (!withAudio) return;
    graph.push(
      input.probe.hasAudio
        ? `[${i}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`
        : `anullsrc=r=48000:cl=stereo,atrim=duration=${(input.probe.durationMs / 1000).toFixed(3)}[a${i}]`,
    );
  });
  const pads = inputs.map((_, i) => (withAudio ? `[v${i}][a${i}]` : `[v${i}]`)).join('');
  graph.push(`${pads}concat=n=${inputs.length}:v=1:a=${withAudio ? 1 : 0}[vall]${withAudio ? '[aall]' : ''}`);
  const k = renditions.length;
  graph.push(`[vall]split=${k}${renditions.map((_, i) => `[s${i}]`).join('')}`);
  renditions.forEach((r, i) => {
    graph.push(`[s${i}]scale=${r.width}:${r.height}[o${i}]`);
  });
  if (withAudio) graph.push(`[aall]asplit=${k}${renditions.map((_, i) => `[ao${i}]`).join('')}`);

  const args = ['-v', 'error', '-y', '-nostdin'];
  for (const input of inputs) args.push('-i', input.path);
  args.push('-filter_complex', graph.join(';'));
  renditions.forEach((_, i) => {
    args.push('-map', `[o${i}]`);
    if (withAudio) args.push('-map', `[ao${i}]`);
  });
  args.push('-c:v', 'libx264', '-preset', config.x264Preset, '-profile:v', 'main', '-sc_threshold', '0');
  args.push('-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`);
  renditions.forEach((r, i) => {
    args.push(`-b:v:${i}`, String(r.bitrate), `-maxrate:v:${i}`, String(Math.round(r.bitrate * 1.07)));
    args.push(`-bufsize:v:${i}`, String(Math.round(r.bitrate * 1.5)), `-level:v:${i}`, r.level);
  });
  if (withAudio) args.push('-c:a', 'aac', '-b:a', String(AUDIO_BITRATE), '-ac', '2');
  args.push('-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod');
  args.push('-hls_segment_filename', join(outDir, 'r%v_%03d.ts'));
  args.push('-var_stream_map', renditions.map((_, i) => (withAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '));
  args.push('-progress', 'pipe:1', '-nostats', join(outDir, 'r%v.m3u8'));
  return args;
}

export interface TranscodeResult {
  renditions: PlannedRendition[];
  durationMs: number;
}

/** Runs the transcode into outDir; onProgress gets whole percents (0-99) as ffmpeg reports its position. */
export async function transcodeToHls(
  config: VideoConfig,
  inputs: TranscodeInput[],
  main: VideoProbe,
  outDir: string,
  onProgress: (percent: number) => void,
): Promise<TranscodeResult> {
  const renditions = planRenditions(main.width, main.height);
  const totalMs = inputs.reduce((sum, input) => sum + input.probe.durationMs, 0);
  const result = await runBinary(ffmpegPath(config), transcodeArgs(config, inputs, main, renditions, outDir), {
    // Ten times the running time, and at least ten minutes: a stuck run ends and says so.
    timeoutMs: Math.max(600_000, totalMs * 10),
    onLine: (line) => {
      const match = /^out_time_(?:ms|us)=(\d+)/.exec(line);
      if (match && totalMs > 0) onProgress(Math.min(99, Math.floor((Number(match[1]) / 1000 / totalMs) * 100)));
    },
  });
  if (result.code !== 0) throw new TranscodeError(lastLines(result.stderr) || `ffmpeg ended with code ${result.code}`);
  await writeFile(
    join(outDir, 'master.m3u8'),
    masterPlaylist(
      renditions,
      inputs.some((i) => i.probe.hasAudio),
    ),
  );
  return { renditions, durationMs: totalMs };
}

/** A JPEG of the video (not the intro) a tenth of the way in, at most 5 s, no larger than 720 lines. */
export async function makePoster(config: VideoConfig, source: TranscodeInput, outPath: string): Promise<void> {
  const at = Math.min(5, source.probe.durationMs / 10000);
  const result = await runBinary(
    ffmpegPath(config),
    [
      '-v',
      'error',
      '-y',
      '-nostdin',
      '-ss',
      at.toFixed(3),
      '-i',
      source.path,
      '-frames:v',
      '1',
      '-vf',
      "scale=-2:'min(720,ih)'",
      '-q:v',
      '3',
      outPath,
    ],
    { timeoutMs: 120_000 },
  );
  if (result.code !== 0) throw new TranscodeError(lastLines(result.stderr) || 'the poster could not be made');
}

/** A failure whose message is meant for the staff who see it (ffmpeg's own last words). */
export class TranscodeError extends Error {}

function lastLines(stderr: string): string {
  return stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500);
}
