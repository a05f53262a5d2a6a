import { lazy } from 'react';

/** The uploader and the player load with the screen that shows them (Uppy, hls.js and media-chrome stay out of every face's first load). */
export const LazyVideoUploader = lazy(() => import('./VideoUploader'));
export const LazyVideoPlayer = lazy(() => import('./VideoPlayer'));
export type { VideoPlayerProps } from './VideoPlayer';
export type { VideoUploaderProps } from './VideoUploader';
