import { withFreshVideoToken } from '@atrium/contracts';
import { Alert, AspectRatio, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type Hls from 'hls.js/light';
import {
  MediaCaptionsButton,
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaMuteButton,
  MediaPlayButton,
  MediaPlaybackRateButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react';
import { useEffect, useRef } from 'react';
import { fetchPlayback } from './api';
import './video-player.css';

export interface VideoPlayerProps {
  assetId: string;
  /** Start at this second (where the person stopped last time, on any device). */
  startAt?: number;
  /** Called with the position every few seconds while playing, and on pause and end (progress saving). */
  onProgress?: (seconds: number, duration: number) => void;
  /** How often onProgress is called while playing (default 5 s). */
  reportEverySeconds?: number;
  /** The accessible name of the player (default the video's title). */
  label?: string;
}

/**
 * media-chrome gives its captions button role "button" and says on/off with aria-checked, which a button
 * may not carry (axe: aria-allowed-attr); a switch is what it is, and aria-checked is a switch's state.
 */
function captionsAsSwitch(element: HTMLElement | null): void {
  if (element) queueMicrotask(() => element.setAttribute('role', 'switch'));
}

/** Asks for fresh links a minute before the current ones expire. */
function refreshIn(expiresAt: string | undefined): number | false {
  if (!expiresAt) return false;
  return Math.max(10_000, new Date(expiresAt).getTime() - Date.now() - 60_000);
}

/**
 * The video player: media-chrome's accessible controls (keyboard: space/k play, arrows seek, f full
 * screen, c captions, m mute) on a <video> fed by hls.js (Safari plays HLS itself). The links are
 * short-lived; the player asks for fresh ones before they expire and hls.js fetches every later file
 * with the fresh token, so a long lesson plays on while a copied link stops working.
 */
export default function VideoPlayer({ assetId, startAt, onProgress, reportEverySeconds = 5, label }: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const playback = useQuery({
    queryKey: ['video-playback', assetId],
    queryFn: () => fetchPlayback(assetId),
    staleTime: 0,
    refetchInterval: (query) => refreshIn(query.state.data?.expiresAt),
    refetchOnWindowFocus: false,
  });
  const descriptor = playback.data;
  const freshMaster = useRef<string>('');
  if (descriptor) freshMaster.current = descriptor.masterUrl;
  const started = Boolean(descriptor);
  const progressRef = useRef(onProgress);
  progressRef.current = onProgress;

  // One source per asset: later descriptors only refresh the token.
  useEffect(() => {
    const element = video.current;
    if (!started || !element) return;
    let hls: Hls | null = null;
    let cancelled = false;
    const seekOnce = () => {
      if (startAt && startAt > 0 && startAt < (element.duration || Number.POSITIVE_INFINITY))
        element.currentTime = startAt;
    };
    element.addEventListener('loadedmetadata', seekOnce, { once: true });
    if (element.canPlayType('application/vnd.apple.mpegurl') && !('MediaSource' in window)) {
      element.src = freshMaster.current;
    } else {
      void import('hls.js/light').then(({ default: HlsClass }) => {
        if (cancelled || !HlsClass.isSupported()) return;
        hls = new HlsClass({
          // No worker: the CSP allows scripts from this origin only, not a worker made from a blob.
          enableWorker: false,
          xhrSetup: (xhr, url) => xhr.open('GET', withFreshVideoToken(url, freshMaster.current), true),
        });
        hls.loadSource(freshMaster.current);
        hls.attachMedia(element);
      });
    }
    return () => {
      cancelled = true;
      element.removeEventListener('loadedmetadata', seekOnce);
      hls?.destroy();
    };
  }, [started, startAt]);

  // Progress: every few seconds while playing, and at pause and end.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const report = () => progressRef.current?.(element.currentTime, element.duration || 0);
    let timer: number | undefined;
    const play = () => {
      window.clearInterval(timer);
      timer = window.setInterval(report, reportEverySeconds * 1000);
    };
    const stop = () => {
      window.clearInterval(timer);
      report();
    };
    element.addEventListener('playing', play);
    element.addEventListener('pause', stop);
    element.addEventListener('ended', stop);
    return () => {
      window.clearInterval(timer);
      element.removeEventListener('playing', play);
      element.removeEventListener('pause', stop);
      element.removeEventListener('ended', stop);
    };
  }, [reportEverySeconds]);

  if (playback.isError)
    return (
      <Alert color="red" role="alert">
        {playback.error instanceof Error ? playback.error.message : 'This video cannot be played.'}
      </Alert>
    );
  return (
    <AspectRatio ratio={16 / 9}>
      {!descriptor && (
        <Center>
          <Loader aria-label="Loading the video" />
        </Center>
      )}
      <MediaController
        className="video-player"
        aria-label={label ?? descriptor?.title ?? 'Video'}
        style={{ width: '100%', height: '100%', display: descriptor ? undefined : 'none' }}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: the tracks come from the descriptor below */}
        <video
          ref={video}
          slot="media"
          playsInline
          crossOrigin="anonymous"
          poster={descriptor?.posterUrl ?? undefined}
          preload="metadata"
        >
          {descriptor?.captions.map((track) => (
            <track
              key={track.id}
              kind="captions"
              src={track.url}
              srcLang={track.language}
              label={track.label}
              default={track.isDefault}
            />
          ))}
        </video>
        <MediaControlBar className="video-player-timeline">
          <MediaTimeRange />
        </MediaControlBar>
        <MediaControlBar>
          <MediaPlayButton />
          <MediaSeekBackwardButton seekOffset={10} />
          <MediaSeekForwardButton seekOffset={10} />
          <MediaTimeDisplay showDuration />
          <span className="video-player-spacer" />
          <MediaMuteButton />
          <MediaVolumeRange />
          <MediaCaptionsButton ref={captionsAsSwitch} />
          <MediaPlaybackRateButton rates={[0.75, 1, 1.25, 1.5, 2]} />
          <MediaFullscreenButton />
        </MediaControlBar>
      </MediaController>
    </AspectRatio>
  );
}
