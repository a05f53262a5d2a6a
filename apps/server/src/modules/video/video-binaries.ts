import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { VideoConfig } from '../../config.ts';

const require = createRequire(import.meta.url);

/** FFMPEG_PATH, else the static ffmpeg of @ffmpeg-installer (a binary from the npm registry). */
export function ffmpegPath(config: VideoConfig): string {
  return config.ffmpegPath ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** FFPROBE_PATH, else the static ffprobe of @ffprobe-installer. */
export function ffprobePath(config: VideoConfig): string {
  return config.ffprobePath ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number | null;
}

export interface RunOptions {
  /** Each line of standard output as it comes (ffmpeg's -progress pipe:1). */
  onLine?: (line: string) => void;
  /** Killed after this long (default none). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Runs a binary without a shell; standard error is kept (its last 8 KB) for the failure reason. */
export function runBinary(path: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    let stdout = '';
    let pending = '';
    let stderr = '';
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : null;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!options.onLine) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    child.on('error', (error) => {
      if (timer) clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ stdout, stderr, code });
    });
  });
}
