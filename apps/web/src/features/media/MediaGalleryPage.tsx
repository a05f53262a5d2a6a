import { useEffect, useState } from 'react';
import { Busy } from '../../app/components/Busy';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { fetchPublicPage, type PublicPage } from '../website-pages/page-api';
import { fetchMedia, type MediaItem } from './api';
import { MediaGrid } from './MediaGrid';
import './media.css';

/** The public media gallery: every image and video the studio uploaded. */
export default function MediaGalleryPage() {
  const tenant = useTenant();
  const [items, setItems] = useState<MediaItem[] | null>(null);
  // The page's own header block, when the studio published the media gallery page with one.
  const [page, setPage] = useState<PublicPage | null>(null);
  useDocumentHead(tenant, page?.title || 'Media Gallery');
  useEffect(() => {
    fetchMedia()
      .then(setItems)
      .catch(() => setItems([]));
    fetchPublicPage(tenant.tenantId, 'mediagallery').then(setPage);
  }, [tenant.tenantId]);
  return (
    <section className="atrium-page" aria-labelledby="media-gallery-title">
      <h1 id="media-gallery-title" className="atrium-title">
        {page?.header || 'Media Gallery'}
      </h1>
      {page?.subHeader ? <p className="atrium-page__subheader">{page.subHeader}</p> : null}
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
