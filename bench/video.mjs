// Video pipeline (issue 25, "Measured"):
// 1. Upload (tus, 16 MB chunks) and transcode of a generated 5-minute 1080p video (testsrc2 and a
//    tone, made once with ffmpeg and kept in the temp folder): the time to playable, and the
//    transcode's CPU (ffmpeg's, read from the server process's children's CPU time in /proc) as a
//    share of one core over the transcode's wall time, and per second of video.
// 2. 50 viewers watching at once (keep-alive, each a rendition in turn): a) at playback speed, as hls.js
//    fetches (three segments to start, then one per segment duration) for BENCH_PACED_DURATION seconds: the
//    bar, p95 of the full answer < 50 ms; b) back to back with no pause for BENCH_DURATION seconds (throughput).
// Usage: npm run bench:video   (BENCH_VIDEO_SECONDS, default 300; BENCH_VIDEO_HEIGHT, default 1080;
// BENCH_VIEWERS, default 50; BENCH_DURATION, default 15). Exits 1 when the video does not become playable.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostFetch } from './host-fetch.mjs';
import { startAtrium } from './server.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const FFMPEG = process.env.FFMPEG_PATH || require('@ffmpeg-installer/ffmpeg').path;
const PORT = Number(process.env.BENCH_PORT ?? 3260);
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 300);
const HEIGHT = Number(process.env.BENCH_VIDEO_HEIGHT ?? 1080);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const PACED_DURATION = Number(process.env.BENCH_PACED_DURATION ?? 40);
const SEGMENT_SECONDS = 4; // the transcode's -hls_time (video-transcode.ts)
const STARTUP_SEGMENTS = 3;
const HOST = `demo.localhost:${PORT}`;
const BASE = `http://127.0.0.1:${PORT}`;
const CHUNK = 16 * 1024 * 1024;
const TICKS = 100; // USER_HZ on Linux

function sourceVideo() {
  const width = Math.round((HEIGHT * 16) / 9 / 2) * 2;
  const path = join(tmpdir(), `atrium-bench-video-${SECONDS}s-${HEIGHT}p.mp4`);
  if (existsSync(path)) return path;
  console.log(`making a ${SECONDS} s ${width}x${HEIGHT} test video (once) ...`);
  execFileSync(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=duration=${SECONDS}:size=${width}x${HEIGHT}:rate=30`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${SECONDS}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    `${path}.part.mp4`,
  ]);
  execFileSync('mv', [`${path}.part.mp4`, path]);
  return path;
}

/** CPU seconds of the server's finished children (ffprobe, ffmpeg): cutime + cstime of /proc/{pid}/stat. */
function childCpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

async function call(method, path, token, body) {
  const headers = { host: HOST, 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await hostFetch(`${BASE}${path}`, { method, headers, body: body && JSON.stringify(body) });
  return { status: response.status, json: async () => response.json(), text: response.text };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const file = sourceVideo();
  const size = statSync(file).size;
  const bytes = readFileSync(file);
  const server = await startAtrium(PORT, {
    env: { VIDEO_MAX_UPLOAD_BYTES: String(4 * 1024 ** 3) },
    timeoutMs: 120_000,
  });
  try {
    const login = await call('POST', '/login', null, { userId: 'admin@demo.test', password: 'Atrium-demo-1' });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    const token = (await login.json()).access_token;

    // 1. Upload by tus in chunks, then wait for the transcode.
    const started = performance.now();
    const cpuBefore = childCpuSeconds(server.pid);
    const headers = { host: HOST, authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
    const meta = `filename ${Buffer.from(`bench-${HEIGHT}p.mp4`).toString('base64')},title ${Buffer.from('Bench lesson').toString('base64')}`;
    const created = await rawRequest('POST', '/rest/video/upload', {
      ...headers,
      'upload-length': String(size),
      'upload-metadata': meta,
    });
    if (created.status !== 201) throw new Error(`tus create: ${created.status} ${created.body}`);
    const location = created.headers.location;
    const id = location.split('/').pop();
    for (let offset = 0; offset < size; offset += CHUNK) {
      const chunk = bytes.subarray(offset, Math.min(size, offset + CHUNK));
      const answer = await rawRequest(
        'PATCH',
        location,
        { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        chunk,
      );
      if (answer.status !== 204) throw new Error(`tus patch at ${offset}: ${answer.status} ${answer.body}`);
    }
    const uploaded = performance.now();
    let asset;
    let lastPercent = -1;
    for (;;) {
      asset = await (await call('GET', `/rest/video/${id}`, token)).json();
      if (asset.progressPercent !== lastPercent && asset.progressPercent % 10 === 0) {
        lastPercent = asset.progressPercent;
        process.stdout.write(
          `  processing ${asset.progressPercent}% (${((performance.now() - uploaded) / 1000).toFixed(0)} s)\n`,
        );
      }
      if (asset.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const playable = performance.now();
    if (asset.status !== 'ready') throw new Error(`not playable: ${asset.status} ${asset.failureReason}`);
    const cpu = childCpuSeconds(server.pid) - cpuBefore;
    const transcodeWall = (playable - uploaded) / 1000;
    console.log(
      `video: ${SECONDS} s at ${HEIGHT}p, ${(size / 1024 / 1024).toFixed(1)} MB; renditions ${asset.renditions.join('p, ')}p`,
    );
    console.log(`  upload (tus, ${CHUNK / 1024 / 1024} MB chunks): ${((uploaded - started) / 1000).toFixed(1)} s`);
    console.log(
      `  transcode to playable: ${transcodeWall.toFixed(1)} s after the upload (${((playable - started) / 1000).toFixed(1)} s from the first byte)`,
    );
    console.log(
      `  transcode CPU (ffprobe + ffmpeg + poster): ${cpu.toFixed(1)} CPU s = ${((cpu / transcodeWall) * 100).toFixed(0)}% of one core over its wall time; ${(cpu / SECONDS).toFixed(2)} CPU s per second of video`,
    );

    // 2. Viewers fetching segments.
    const descriptor = await (await call('GET', `/rest/video/${id}/playback`, token)).json();
    const base = descriptor.masterUrl.slice(0, descriptor.masterUrl.lastIndexOf('/'));
    const master = (await rawRequest('GET', descriptor.masterUrl, { host: HOST })).body;
    const playlists = master.split('\n').filter((line) => line.endsWith('.m3u8'));
    const renditions = [];
    for (const playlist of playlists) {
      const text = (await rawRequest('GET', `${base}/${playlist}`, { host: HOST })).body;
      renditions.push(text.split('\n').filter((line) => line.endsWith('.ts')));
    }
    // a) Watching: each viewer plays at real speed as hls.js does: a start-up buffer of three segments
    //    fetched back to back, then one segment per segment duration. The bar is measured here.
    const watching = await viewSegments(base, renditions, { paced: true, seconds: PACED_DURATION });
    report(`watching: ${VIEWERS} viewers at playback speed for ${PACED_DURATION} s`, watching, true);
    // b) Saturation: every viewer fetches back to back, no pause: the server's and loopback's throughput.
    const saturated = await viewSegments(base, renditions, { paced: false, seconds: DURATION });
    report(`saturation: ${VIEWERS} viewers back to back for ${DURATION} s`, saturated, false);
  } finally {
    await server.stop();
  }
}

/** Viewers fetching segments over keep-alive connections, each a rendition in turn; full-answer and first-byte times. */
async function viewSegments(base, renditions, { paced, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: VIEWERS });
  const full = [];
  const firstByte = [];
  let bytesServed = 0;
  let failures = 0;
  const startedAt = performance.now();
  const until = startedAt + seconds * 1000;
  await Promise.all(
    Array.from({ length: VIEWERS }, async (_, viewer) => {
      const segments = renditions[viewer % renditions.length];
      let index = viewer % segments.length;
      // Viewers press play over the first segment's duration, not all in the same millisecond.
      if (paced) await sleep(Math.random() * SEGMENT_SECONDS * 1000);
      const playStarted = performance.now();
      let fetched = 0;
      while (performance.now() < until) {
        if (paced && fetched >= STARTUP_SEGMENTS) {
          const due = playStarted + (fetched - STARTUP_SEGMENTS + 1) * SEGMENT_SECONDS * 1000;
          if (due >= until) break;
          await sleep(Math.max(0, due - performance.now()));
        }
        const at = performance.now();
        const answer = await rawRequest('GET', `${base}/${segments[index]}`, { host: HOST }, undefined, agent, true);
        full.push(performance.now() - at);
        firstByte.push(answer.firstByteAt - at);
        if (answer.status !== 200) failures += 1;
        bytesServed += answer.length;
        fetched += 1;
        index = (index + 1) % segments.length;
      }
    }),
  );
  agent.destroy();
  return { full, firstByte, bytesServed, failures, seconds: (performance.now() - startedAt) / 1000 };
}

function report(title, { full, firstByte, bytesServed, failures, seconds }, bar) {
  full.sort((a, b) => a - b);
  firstByte.sort((a, b) => a - b);
  const mb = bytesServed / 1024 / 1024;
  console.log(`${title}: ${full.length} segments, ${failures} failed, ${(mb / seconds).toFixed(1)} MB/s`);
  console.log(
    `  full answer p50 ${percentile(full, 50).toFixed(1)} ms, p95 ${percentile(full, 95).toFixed(1)} ms, p99 ${percentile(full, 99).toFixed(1)} ms` +
      (bar ? ` (bar: p95 < 50 ms ${percentile(full, 95) < 50 ? 'met' : 'NOT met'})` : ''),
  );
  console.log(
    `  first byte  p50 ${percentile(firstByte, 50).toFixed(1)} ms, p95 ${percentile(firstByte, 95).toFixed(1)} ms, p99 ${percentile(firstByte, 99).toFixed(1)} ms`,
  );
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** node:http with the Host header kept; `drain` counts the body's bytes instead of keeping them. */
function rawRequest(method, path, headers, body, agent, drain = false) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${BASE}${path}`, { method, headers, agent }, (response) => {
      const firstByteAt = performance.now();
      let length = 0;
      const chunks = [];
      response.on('data', (chunk) => {
        length += chunk.length;
        if (!drain) chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          length,
          firstByteAt,
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
