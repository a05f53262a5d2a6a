import type { MediaItem } from './api';

/** Images and videos in a responsive grid; `onDelete` adds a remove button to each (staff). */
export function MediaGrid({ items, onDelete }: { items: MediaItem[]; onDelete?: (item: MediaItem) => void }) {
  return (
    <ul className="atrium-media-grid" aria-label="Media gallery">
      {items.map((item) => (
        <li key={item.id}>
          {item.contentType.startsWith('video/') ? (
            // biome-ignore lint/a11y/useMediaCaption: uploaded studio videos carry no caption track
            <video src={item.url} controls preload="metadata" aria-label={item.fileName} />
          ) : (
            <img src={item.url} alt={item.fileName} loading="lazy" />
          )}
          {onDelete ? (
            <button type="button" className="atrium-media-grid__remove" onClick={() => onDelete(item)}>
              Remove {item.fileName}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
