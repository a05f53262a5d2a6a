import { useEffect, useState } from 'react';
import { Busy } from '../../app/components/Busy';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { fetchMedia, type MediaItem } from './api';
import { MediaGrid } from './MediaGrid';
import './media.css';

/** The public media gallery: every image and video the studio uploaded. */
export default function MediaGalleryPage() {
  const tenant = useTenant();
  const [items, setItems] = useState<MediaItem[] | null>(null);
  useDocumentHead(tenant, 'Media Gallery');
  useEffect(() => {
    fetchMedia()
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  return (
    <section className="atrium-page" aria-labelledby="media-gallery-title">
      <h1 id="media-gallery-title" className="atrium-title">
        Media Gallery
      </h1>
      {items === null ? (
        <Busy label="Loading the gallery" />
      ) : items.length === 0 ? (
        <p>No photos or videos yet.</p>
      ) : (
        <MediaGrid items={items} />
      )}
    </section>
  );
}
