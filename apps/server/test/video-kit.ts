import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { ffmpegPath } from '../src/modules/video/video-binaries.ts';

/** A short test video made with ffmpeg (testsrc picture and a tone), as tests and the benchmark need. */
export function makeTestVideo(
  dir: string,
  name: string,
  options: { seconds: number; width: number; height: number; audio?: boolean; preset?: string },
): string {
  const path = join(dir, name);
  const { seconds, width, height } = options;
  const args = [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${width}x${height}:rate=30`,
  ];
  if (options.audio !== false) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', options.preset ?? 'ultrafast', '-pix_fmt', 'yuv420p');
  if (options.audio !== false) args.push('-c:a', 'aac', '-shortest');
  args.push(path);
  execFileSync(ffmpegPath(loadConfig({}).video), args);
  return path;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request to a listening server, with the tenant's Host. With `dropAfter`, the body is cut off
 * after that many bytes and the connection destroyed (a dropped connection mid-upload).
 */
export function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  dropAfter?: number,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', (error) =>
      dropAfter !== undefined ? resolve({ status: 0, headers: {}, body: error.message }) : reject(error),
    );
    if (!body) return void req.end();
    if (dropAfter === undefined) return void req.end(body);
    req.write(body.subarray(0, dropAfter), () => setTimeout(() => req.destroy(), 150));
  });
}

export const tusMetadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
