import type { VideoPlayback } from '@atrium/contracts';
import { expect } from 'vitest';
import { bearer, json, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

/**
 * A ready video's playback descriptor as the studio's admin asks for it, and its master playlist
 * fetched through the descriptor's link: both answered, the playlist an HLS one.
 */
export async function playbackWithMaster(app: App, studio: TestTenant, adminToken: string, id: string) {
  const playback = await app.inject({
    method: 'GET',
    url: `/rest/video/${id}/playback`,
    headers: bearer(adminToken, studio.host),
  });
  expect(playback.statusCode).toBe(200);
  const descriptor = json<VideoPlayback>(playback);
  const master = await app.inject({ method: 'GET', url: descriptor.masterUrl, headers: { host: studio.host } });
  expect(master.statusCode).toBe(200);
  expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
  return { descriptor, master };
}
