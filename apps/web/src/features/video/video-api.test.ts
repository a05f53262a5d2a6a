import { withFreshVideoToken } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { assetIdOfUploadUrl, uploadErrorMessage } from './api';

const A = '0b6f5f8e-2a57-4f0e-9a43-3c1f0a9d2b11';
const B = '7d1c3e0a-5b6f-4c2d-8e9f-0a1b2c3d4e5f';

describe('video uploads in the browser', () => {
  it('reads the asset id from a tus upload URL, absolute or relative', () => {
    expect(assetIdOfUploadUrl(`/rest/video/upload/${A}`)).toBe(A);
    expect(assetIdOfUploadUrl(`https://demo.example.com/rest/video/upload/${A}`)).toBe(A);
    expect(assetIdOfUploadUrl('/rest/video/upload/not-an-id')).toBeNull();
    expect(assetIdOfUploadUrl(undefined)).toBeNull();
  });

  it("shows the server's words from a tus error, plain or JSON, else a connection hint", () => {
    const tus = (text: string) =>
      `tus: unexpected response while uploading chunk, originated from request (method: PATCH, url: /rest/video/upload/${A}, response code: 415, response text: ${text}, request id: n/a)`;
    expect(uploadErrorMessage(tus('This file is not a video we can read.'))).toBe(
      'This file is not a video we can read.',
    );
    expect(uploadErrorMessage(tus('{"errors":{"message":"This upload was started by someone else."}}'))).toBe(
      'This upload was started by someone else.',
    );
    expect(uploadErrorMessage('tus: failed to upload chunk at offset 0, caused by [object ProgressEvent]')).toMatch(
      /connection/,
    );
  });
});

describe('fresh tokens for a playing video', () => {
  const master = (asset: string, token: string) => `/video-media/${asset}/hls-2/${token}/master.m3u8`;

  it('puts the fresh token into a segment URL of the same asset, absolute or relative', () => {
    const fresh = master(A, '200.new');
    expect(withFreshVideoToken(`/video-media/${A}/hls-2/100.old/r1_004.ts`, fresh)).toBe(
      `/video-media/${A}/hls-2/200.new/r1_004.ts`,
    );
    expect(withFreshVideoToken(`https://demo.example.com/video-media/${A}/hls-2/100.old/r0.m3u8`, fresh)).toBe(
      `https://demo.example.com/video-media/${A}/hls-2/200.new/r0.m3u8`,
    );
  });

  it("leaves another asset's URL and other URLs alone", () => {
    const fresh = master(A, '200.new');
    expect(withFreshVideoToken(`/video-media/${B}/hls-2/100.old/r0_000.ts`, fresh)).toBe(
      `/video-media/${B}/hls-2/100.old/r0_000.ts`,
    );
    expect(withFreshVideoToken('/media/abc', fresh)).toBe('/media/abc');
  });
});
